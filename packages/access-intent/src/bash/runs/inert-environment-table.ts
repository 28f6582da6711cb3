/**
 * Owns: the environment variables known to be inert (ADR 0051): setting one changes only what a program prints, how
 * it formats or times its work, or which behaviour of the project's own code is selected, for every program that
 * reads it; none names a file, a command or a configuration. Any other variable that reaches a program makes the
 * unit's effects unknown.
 * Never: holds a variable some program reads a file, a command or code from, or decides.
 *
 * Adding a row: the variable, the programs that read it, and why none of them runs, reads or writes anything because
 * of it (from the program's own documentation); its row test is in `test/bash/runs/inert-environment-table.test.ts`.
 * A project's own scripts may read any variable: what they do with it is the project's code, which an allowed `npm
 * test` already trusts.
 */
import { canonicalEnvironmentName } from "./environment-names";
import type { InertRow } from "./environment-row";

const LOCALE = "selects the language, character set, collation or number and time formats (glibc locales)";
const COLOR = "turns coloured output on or off";
const TERMINAL = "tells a program the size or kind of its terminal";
const BUILD_MODE = "selects a mode of the project's own code and libraries (development, test, production)";
const LOGGING = "turns on diagnostic output to stderr";
const GIT_IDENTITY = "the name, address or date recorded in commits and reflogs";
const GIT_PATHSPECS = "how git matches the paths named on its command line";
const PYTHON_RUNTIME = "an interpreter setting (buffering, hashing, diagnostics) that loads nothing";
const NPM_OUTPUT = "how npm prints, prompts or resolves versions; it runs and reads nothing more";
const PIP_OUTPUT = "how pip prints, prompts or retries; it installs nothing more";
const CARGO_OUTPUT = "how cargo prints or schedules its work";
const GO_TARGET = "the platform or runtime tuning go builds for; it runs nothing more";
const SET_BY_PROGRAM = "the program sets it for the commands it runs, whatever the environment holds";
const AWS_SELECTS =
	"picks one of the profiles the person configured in `~/.aws/config` and `credentials`, files it does not move";

export const INERT_ENVIRONMENT: readonly InertRow[] = [
	// Locale, terminal and output.
	{ name: "LANG", programs: "any", why: LOCALE },
	{ name: "LANGUAGE", programs: "any (gettext)", why: "selects the language of messages" },
	{ name: "LC_*", programs: "any", why: LOCALE },
	{ name: "TZ", programs: "any", why: "the time zone times are shown in (a `:file` names zone data, not code)" },
	{ name: "TERM", programs: "any", why: TERMINAL },
	{ name: "COLUMNS", programs: "any", why: TERMINAL },
	{ name: "LINES", programs: "any", why: TERMINAL },
	{ name: "NO_COLOR", programs: "any (no-color.org)", why: COLOR },
	{ name: "FORCE_COLOR", programs: "node, npm, chalk", why: COLOR },
	{ name: "CLICOLOR", programs: "BSD tools", why: COLOR },
	{ name: "CLICOLOR_FORCE", programs: "BSD tools", why: COLOR },
	{ name: "COLORTERM", programs: "any", why: COLOR },
	{ name: "NODE_DISABLE_COLORS", programs: "node", why: COLOR },
	{ name: "GREP_COLOR", programs: "grep", why: COLOR },
	{ name: "GREP_COLORS", programs: "grep", why: COLOR },
	{ name: "LS_COLORS", programs: "ls", why: COLOR },
	{ name: "CARGO_TERM_*", programs: "cargo", why: CARGO_OUTPUT },
	{ name: "DISPLAY", programs: "X clients, ssh", why: "names the X server a graphical program draws on" },
	// Modes and diagnostics.
	{
		name: "CI",
		programs: "npm, test runners, linters",
		why: "tells tools they run unattended (no prompts, no spinners)",
	},
	{ name: "NODE_ENV", programs: "node libraries, build tools", why: BUILD_MODE },
	{ name: "RAILS_ENV", programs: "rails", why: BUILD_MODE },
	{ name: "DEBUG", programs: "the `debug` package (npm tools)", why: LOGGING },
	{ name: "NODE_DEBUG", programs: "node", why: LOGGING },
	{ name: "NODE_DEBUG_NATIVE", programs: "node", why: LOGGING },
	{ name: "NODE_NO_WARNINGS", programs: "node", why: "silences process warnings" },
	{ name: "NODE_PENDING_DEPRECATION", programs: "node", why: LOGGING },
	{ name: "NODE_SKIP_PLATFORM_CHECK", programs: "node", why: "skips node's check of the platform it starts on" },
	{ name: "NODE_PENDING_PIPE_INSTANCES", programs: "node (Windows)", why: "the number of pipe handles" },
	{ name: "UV_THREADPOOL_SIZE", programs: "node", why: "the number of threads of libuv's pool" },
	{ name: "RUST_BACKTRACE", programs: "rust programs", why: LOGGING },
	{ name: "RUST_LOG", programs: "rust programs", why: LOGGING },
	{ name: "CARGO_LOG", programs: "cargo", why: LOGGING },
	// Git.
	{ name: "GIT_AUTHOR_NAME", programs: "git", why: GIT_IDENTITY },
	{ name: "GIT_AUTHOR_EMAIL", programs: "git", why: GIT_IDENTITY },
	{ name: "GIT_AUTHOR_DATE", programs: "git", why: GIT_IDENTITY },
	{ name: "GIT_COMMITTER_NAME", programs: "git", why: GIT_IDENTITY },
	{ name: "GIT_COMMITTER_EMAIL", programs: "git", why: GIT_IDENTITY },
	{ name: "GIT_COMMITTER_DATE", programs: "git", why: GIT_IDENTITY },
	{ name: "EMAIL", programs: "git", why: GIT_IDENTITY },
	{ name: "GIT_TERMINAL_PROMPT", programs: "git", why: "whether git may prompt on the terminal" },
	{ name: "GIT_FLUSH", programs: "git", why: "how git buffers its output" },
	{ name: "GIT_MERGE_VERBOSITY", programs: "git", why: "how much a merge prints" },
	{ name: "GIT_PROGRESS_DELAY", programs: "git", why: "when git shows progress" },
	{ name: "GIT_DIFF_OPTS", programs: "git", why: "the number of context lines of a diff" },
	{ name: "GIT_DIFF_PATH_COUNTER", programs: "git", why: SET_BY_PROGRAM },
	{ name: "GIT_DIFF_PATH_TOTAL", programs: "git", why: SET_BY_PROGRAM },
	{ name: "GIT_LITERAL_PATHSPECS", programs: "git", why: GIT_PATHSPECS },
	{ name: "GIT_GLOB_PATHSPECS", programs: "git", why: GIT_PATHSPECS },
	{ name: "GIT_NOGLOB_PATHSPECS", programs: "git", why: GIT_PATHSPECS },
	{ name: "GIT_ICASE_PATHSPECS", programs: "git", why: GIT_PATHSPECS },
	{ name: "GIT_REFLOG_ACTION", programs: "git", why: "the text git records as the reason in a reflog" },
	{ name: "GIT_REF_PARANOIA", programs: "git", why: "whether git stops at a broken ref" },
	{ name: "GIT_OPTIONAL_LOCKS", programs: "git", why: "whether git takes optional locks (it does less when off)" },
	{ name: "GIT_TRACE_REDACT", programs: "git", why: "whether a trace hides credentials" },
	{ name: "GIT_TRACE_CURL_NO_DATA", programs: "git", why: "whether a curl trace leaves data out" },
	{ name: "GIT_INDEX_VERSION", programs: "git", why: "the format git writes its index in" },
	{ name: "GIT_DEFAULT_HASH", programs: "git", why: "the hash of a new repository" },
	{ name: "GIT_CONFIG_NOSYSTEM", programs: "git", why: "git skips the system config (it reads less)" },
	{ name: "GIT_CONFIG_COUNT", programs: "git", why: "how many `GIT_CONFIG_KEY_<n>` git reads; each key has its row" },
	{ name: "GIT_CONFIG_VALUE_*", programs: "git", why: "the value of `GIT_CONFIG_KEY_<n>`, whose row decides" },
	{ name: "GIT_CEILING_DIRECTORIES", programs: "git", why: "directories git does not search up into (it finds less)" },
	{ name: "GIT_NAMESPACE", programs: "git", why: "the namespace of refs inside the same repository" },
	{ name: "GIT_SSH_VARIANT", programs: "git", why: "which options git passes to its ssh program" },
	{ name: "GIT_PROTOCOL", programs: "git", why: "wire-protocol parameters between git processes" },
	{ name: "GIT_PRINT_SHA1_ELLIPSIS", programs: "git", why: "how git prints abbreviated hashes" },
	{ name: "GIT_ADVICE", programs: "git", why: "whether git prints advice" },
	{ name: "GIT_NO_REPLACE_OBJECTS", programs: "git", why: "git ignores replace refs (it reads less)" },
	{ name: "GIT_ATTR_NOSYSTEM", programs: "git", why: "git skips the system attributes file (it reads less)" },
	// Python.
	{ name: "PYTHONUNBUFFERED", programs: "python", why: PYTHON_RUNTIME },
	{ name: "PYTHONDONTWRITEBYTECODE", programs: "python", why: PYTHON_RUNTIME },
	{ name: "PYTHONHASHSEED", programs: "python", why: PYTHON_RUNTIME },
	{ name: "PYTHONIOENCODING", programs: "python", why: PYTHON_RUNTIME },
	{ name: "PYTHONUTF8", programs: "python", why: PYTHON_RUNTIME },
	{ name: "PYTHONFAULTHANDLER", programs: "python", why: PYTHON_RUNTIME },
	{ name: "PYTHONOPTIMIZE", programs: "python", why: PYTHON_RUNTIME },
	{ name: "PYTHONDEBUG", programs: "python", why: PYTHON_RUNTIME },
	{ name: "PYTHONVERBOSE", programs: "python", why: PYTHON_RUNTIME },
	{ name: "PYTHONNOUSERSITE", programs: "python", why: "python skips the user site directory (it loads less)" },
	{
		name: "PYTHONSAFEPATH",
		programs: "python",
		why: "python leaves the current directory off its path (it loads less)",
	},
	{ name: "PYTHONINTMAXSTRDIGITS", programs: "python", why: PYTHON_RUNTIME },
	{ name: "PYTHONMALLOC", programs: "python", why: PYTHON_RUNTIME },
	{ name: "PYTHONMALLOCSTATS", programs: "python", why: PYTHON_RUNTIME },
	{ name: "PYTHONASYNCIODEBUG", programs: "python", why: PYTHON_RUNTIME },
	{ name: "PYTHONTRACEMALLOC", programs: "python", why: PYTHON_RUNTIME },
	{ name: "PYTHONPROFILEIMPORTTIME", programs: "python", why: PYTHON_RUNTIME },
	{ name: "PYTHONDEVMODE", programs: "python", why: PYTHON_RUNTIME },
	{ name: "PYTHONTHREADDEBUG", programs: "python (debug build)", why: PYTHON_RUNTIME },
	{ name: "PYTHONDUMPREFS", programs: "python (debug build)", why: PYTHON_RUNTIME },
	// npm (after `environment-names.ts` spells `npm_config_<key>` in lower case).
	{ name: "npm_config_loglevel", programs: "npm", why: NPM_OUTPUT },
	{ name: "npm_config_color", programs: "npm", why: NPM_OUTPUT },
	{ name: "npm_config_progress", programs: "npm", why: NPM_OUTPUT },
	{ name: "npm_config_fund", programs: "npm", why: NPM_OUTPUT },
	{ name: "npm_config_audit", programs: "npm", why: NPM_OUTPUT },
	{ name: "npm_config_update_notifier", programs: "npm", why: NPM_OUTPUT },
	{ name: "npm_config_yes", programs: "npm", why: NPM_OUTPUT },
	{ name: "npm_config_json", programs: "npm", why: NPM_OUTPUT },
	{ name: "npm_config_parseable", programs: "npm", why: NPM_OUTPUT },
	{ name: "npm_config_unicode", programs: "npm", why: NPM_OUTPUT },
	{ name: "npm_config_if_present", programs: "npm", why: NPM_OUTPUT },
	{ name: "npm_config_foreground_scripts", programs: "npm", why: NPM_OUTPUT },
	{ name: "npm_config_legacy_peer_deps", programs: "npm", why: NPM_OUTPUT },
	{ name: "npm_config_strict_peer_deps", programs: "npm", why: NPM_OUTPUT },
	{ name: "npm_config_engine_strict", programs: "npm", why: NPM_OUTPUT },
	{ name: "npm_config_save_exact", programs: "npm", why: NPM_OUTPUT },
	{ name: "npm_config_fetch_retries", programs: "npm", why: NPM_OUTPUT },
	{ name: "npm_config_fetch_timeout", programs: "npm", why: NPM_OUTPUT },
	// pip.
	{ name: "PIP_DISABLE_PIP_VERSION_CHECK", programs: "pip", why: PIP_OUTPUT },
	{ name: "PIP_NO_COLOR", programs: "pip", why: PIP_OUTPUT },
	{ name: "PIP_NO_INPUT", programs: "pip", why: PIP_OUTPUT },
	{ name: "PIP_QUIET", programs: "pip", why: PIP_OUTPUT },
	{ name: "PIP_VERBOSE", programs: "pip", why: PIP_OUTPUT },
	{ name: "PIP_PROGRESS_BAR", programs: "pip", why: PIP_OUTPUT },
	{ name: "PIP_ROOT_USER_ACTION", programs: "pip", why: PIP_OUTPUT },
	{ name: "PIP_NO_WARN_SCRIPT_LOCATION", programs: "pip", why: PIP_OUTPUT },
	{
		name: "PIP_REQUIRE_VIRTUALENV",
		programs: "pip",
		why: "pip refuses to install outside a virtualenv (it does less)",
	},
	{ name: "PIP_DEFAULT_TIMEOUT", programs: "pip", why: PIP_OUTPUT },
	{ name: "PIP_TIMEOUT", programs: "pip", why: PIP_OUTPUT },
	{ name: "PIP_RETRIES", programs: "pip", why: PIP_OUTPUT },
	// Cargo and go.
	{ name: "CARGO_INCREMENTAL", programs: "cargo", why: CARGO_OUTPUT },
	{ name: "CARGO_CACHE_RUSTC_INFO", programs: "cargo", why: CARGO_OUTPUT },
	{ name: "CARGO_BUILD_JOBS", programs: "cargo", why: CARGO_OUTPUT },
	{ name: "CARGO_NET_RETRY", programs: "cargo", why: CARGO_OUTPUT },
	{ name: "CARGO_NET_OFFLINE", programs: "cargo", why: "cargo stays offline (it fetches less)" },
	{ name: "GOOS", programs: "go", why: GO_TARGET },
	{ name: "GOARCH", programs: "go", why: GO_TARGET },
	{ name: "GOAMD64", programs: "go", why: GO_TARGET },
	{ name: "GOARM", programs: "go", why: GO_TARGET },
	{ name: "GOARM64", programs: "go", why: GO_TARGET },
	{ name: "GO386", programs: "go", why: GO_TARGET },
	{ name: "CGO_ENABLED", programs: "go", why: "whether go compiles the package's own C code" },
	{ name: "GOMAXPROCS", programs: "go programs", why: GO_TARGET },
	{ name: "GOGC", programs: "go programs", why: GO_TARGET },
	{ name: "GOMEMLIMIT", programs: "go programs", why: GO_TARGET },
	{ name: "GOTRACEBACK", programs: "go programs", why: LOGGING },
	{ name: "GOEXPERIMENT", programs: "go", why: GO_TARGET },
	{ name: "GOFIPS140", programs: "go", why: GO_TARGET },
	{ name: "GO_EXTLINK_ENABLED", programs: "go", why: GO_TARGET },
	// The AWS CLI and SDKs (AWS CLI User Guide, "Environment variables to configure the AWS CLI").
	{ name: "AWS_PROFILE", programs: "aws, AWS SDKs", why: AWS_SELECTS },
	{ name: "AWS_DEFAULT_PROFILE", programs: "aws, AWS SDKs", why: AWS_SELECTS },
	{ name: "AWS_REGION", programs: "aws, AWS SDKs", why: "the region requests go to" },
	{ name: "AWS_DEFAULT_REGION", programs: "aws, AWS SDKs", why: "the region requests go to" },
	{ name: "AWS_DEFAULT_OUTPUT", programs: "aws", why: "the format aws prints in" },
	// Other programs of the shared allowlists.
	{ name: "MAKELEVEL", programs: "make", why: "the depth of recursive make, which make sets itself" },
	{ name: "MAKE_TERMOUT", programs: "make", why: TERMINAL },
	{ name: "MAKE_TERMERR", programs: "make", why: TERMINAL },
	{ name: "MAWKBINMODE", programs: "mawk", why: "how mawk reads and writes line ends" },
	{ name: "MAWK_LONG_OPTIONS", programs: "mawk", why: "what mawk does with long options it does not know" },
	{ name: "WHINY_USERS", programs: "mawk, gawk", why: "awk iterates arrays in sorted order" },
	{ name: "COLS", programs: "sed", why: "the line length of sed's `l` command" },
	{ name: "_POSIX2_VERSION", programs: "coreutils", why: "which POSIX version's option syntax old tools accept" },
	{ name: "SIMPLE_BACKUP_SUFFIX", programs: "tar, cp, mv, install", why: "the suffix of backup copies" },
	{ name: "VERSION_CONTROL", programs: "tar, cp, mv, install", why: "how backup copies are named" },
	// tar sets these for `--to-command`, `--info-script` and `--checkpoint-action=exec` (tar manual, "Running External
	// Commands"); `TAR_OPTIONS` is read, and has its own row.
	{ name: "TAR_VERSION", programs: "tar", why: SET_BY_PROGRAM },
	{ name: "TAR_ARCHIVE", programs: "tar", why: SET_BY_PROGRAM },
	{ name: "TAR_VOLUME", programs: "tar", why: SET_BY_PROGRAM },
	{ name: "TAR_BLOCKING_FACTOR", programs: "tar", why: SET_BY_PROGRAM },
	{ name: "TAR_FORMAT", programs: "tar", why: SET_BY_PROGRAM },
	{ name: "TAR_SUBCOMMAND", programs: "tar", why: SET_BY_PROGRAM },
	{ name: "TAR_FD", programs: "tar", why: SET_BY_PROGRAM },
	{ name: "TAR_FILETYPE", programs: "tar", why: SET_BY_PROGRAM },
	{ name: "TAR_MODE", programs: "tar", why: SET_BY_PROGRAM },
	{ name: "TAR_FILENAME", programs: "tar", why: SET_BY_PROGRAM },
	{ name: "TAR_REALNAME", programs: "tar", why: SET_BY_PROGRAM },
	{ name: "TAR_UNAME", programs: "tar", why: SET_BY_PROGRAM },
	{ name: "TAR_GNAME", programs: "tar", why: SET_BY_PROGRAM },
	{ name: "TAR_ATIME", programs: "tar", why: SET_BY_PROGRAM },
	{ name: "TAR_MTIME", programs: "tar", why: SET_BY_PROGRAM },
	{ name: "TAR_CTIME", programs: "tar", why: SET_BY_PROGRAM },
	{ name: "TAR_SIZE", programs: "tar", why: SET_BY_PROGRAM },
	{ name: "TAR_UID", programs: "tar", why: SET_BY_PROGRAM },
	{ name: "TAR_GID", programs: "tar", why: SET_BY_PROGRAM },
	{ name: "TAR_CHECKPOINT", programs: "tar", why: SET_BY_PROGRAM },
	{ name: "CURL_SSL_BACKEND", programs: "curl", why: "which built-in TLS library curl uses" },
	{ name: "NO_PROXY", programs: "curl, git, npm, pip", why: "hosts reached directly (it only removes a proxy)" },
	{ name: "no_proxy", programs: "curl, git, npm, pip", why: "hosts reached directly (it only removes a proxy)" },
	{ name: "SSH_ASKPASS_REQUIRE", programs: "ssh", why: "whether ssh uses the askpass program `SSH_ASKPASS` names" },
	{ name: "SSH_CONNECTION", programs: "sshd's commands", why: SET_BY_PROGRAM },
	{ name: "SSH_ORIGINAL_COMMAND", programs: "sshd's commands", why: SET_BY_PROGRAM },
	{ name: "SSH_TTY", programs: "sshd's commands", why: SET_BY_PROGRAM },
	{ name: "USER", programs: "any", why: "the login name, for messages and defaults (programs look the user up)" },
	{ name: "LOGNAME", programs: "any", why: "the login name, for messages and defaults (programs look the user up)" },
	{ name: "MAIL", programs: "mail readers, bash", why: "where a mail reader looks for new mail" },
	{ name: "MANWIDTH", programs: "man", why: TERMINAL },
	{ name: "MAN_KEEP_FORMATTING", programs: "man", why: "whether man keeps bold and underline in piped output" },
	{ name: "MAN_KEEP_STDERR", programs: "man", why: "whether man keeps groff's error output" },
	{ name: "MANSECT", programs: "man", why: "the order of manual sections man searches" },
	{ name: "MANROFFSEQ", programs: "man", why: "which of groff's installed preprocessors a page is run through" },
	{ name: "SYSTEM", programs: "man", why: "which installed system's pages man shows" },
	{ name: "PIPELINE_DEBUG", programs: "man", why: LOGGING },
	{ name: "LESSCHARSET", programs: "less", why: LOCALE },
	{ name: "LESSCHARDEF", programs: "less", why: LOCALE },
	{ name: "LESSBINFMT", programs: "less", why: "how less shows binary characters" },
	{ name: "LESSUTFBINFMT", programs: "less", why: "how less shows binary characters" },
	{ name: "LESSANSIENDCHARS", programs: "less", why: "which characters end an ANSI escape in less" },
	{ name: "LESSANSIMIDCHARS", programs: "less", why: "which characters continue an ANSI escape in less" },
	{ name: "LESSSEPARATOR", programs: "less", why: "the separator of file names less prints" },
	{ name: "LESSMETACHARS", programs: "less", why: "which characters less quotes in file names" },
	{ name: "LESSMETAESCAPE", programs: "less", why: "how less quotes file names" },
	{ name: "LESSHISTSIZE", programs: "less", why: "how many history lines less keeps" },
	{ name: "LESSSECURE", programs: "less", why: "turns off less's shell and file commands (it does less)" },
	{ name: "LESS_IS_MORE", programs: "less", why: "less behaves like more" },
];

const INERT_NAMES: ReadonlySet<string> = new Set(
	INERT_ENVIRONMENT.filter((row) => !row.name.includes("*")).map((row) => row.name),
);
/** The pattern rows' prefixes (`LC_*` is `LC_`): every pattern row is a prefix and a `*`, which a test pins. */
const INERT_PREFIXES: readonly string[] = INERT_ENVIRONMENT.filter((row) => row.name.includes("*")).map((row) =>
	row.name.slice(0, -1),
);

/**
 * True when `name` is a row of this table (`CI`, or one a pattern row covers, `LC_ALL`), whatever program reads it.
 * No effect table's row is covered by a pattern here (a test pins it), so the answer is the one every program's
 * lookup gives.
 */
export function isInertEnvironmentName(written: string): boolean {
	// npm reads `NPM_CONFIG_LOGLEVEL` as `npm_config_loglevel`.
	const name = canonicalEnvironmentName(written);
	if (INERT_NAMES.has(name)) return true;
	for (const prefix of INERT_PREFIXES) if (name.startsWith(prefix)) return true;
	return false;
}
