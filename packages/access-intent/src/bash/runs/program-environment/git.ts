/**
 * Owns: git's documented environment variables that name a file, a command or a configuration, classified
 * (git 2.39, `man git`, section ENVIRONMENT VARIABLES, and the pages it points to). Git's inert variables (author
 * identity, pathspec magic, tracing to a descriptor) are rows of `inert-environment-table.ts`.
 * Never: decides; `environment-effects.ts` reads these rows.
 */
import { documentedIn, type EnvironmentRow } from "../environment-row";

const GIT = documentedIn("git(1) ENVIRONMENT VARIABLES");
const REPOSITORY = documentedIn("git(1) ENVIRONMENT VARIABLES, The Git Repository");
const CONFIG = documentedIn("git-config(1) ENVIRONMENT");
const FILES = documentedIn("git-config(1) FILES");

/** `GIT_TRACE=1`, `=2`, `=true`, a descriptor 3-9, or off: the trace goes to a descriptor, not a file. */
const TRACE_TO_DESCRIPTOR = /^(?:[0-9]|true|false|yes|no|on|off)$/i;

/** `GIT_CONFIG_GLOBAL=/dev/null`: "can be set to /dev/null to skip reading configuration files of the level". */
const NO_CONFIG = /^\/dev\/null$/;

export const GIT_ENVIRONMENT: readonly EnvironmentRow[] = [
	REPOSITORY("GIT_DIR", "relocates", "git reads the repository, its config and its hooks from this directory"),
	REPOSITORY("GIT_WORK_TREE", "relocates", "git reads and writes the working tree at this directory"),
	REPOSITORY("GIT_COMMON_DIR", "relocates", "git reads the repository's config and hooks from this directory"),
	REPOSITORY("GIT_INDEX_FILE", "relocates", "git reads and writes its index at this file"),
	REPOSITORY("GIT_OBJECT_DIRECTORY", "relocates", "git reads and writes objects in this directory"),
	REPOSITORY("GIT_ALTERNATE_OBJECT_DIRECTORIES", "relocates", "git reads objects from these directories"),
	REPOSITORY(
		"GIT_DISCOVERY_ACROSS_FILESYSTEM",
		"relocates",
		"git looks for a repository in parent directories on other file systems",
		{ harmless: /^(?:0|false|no|off)?$/i },
	),
	GIT("GIT_EXTERNAL_DIFF", "runs-value", "git diff runs it for every changed file"),
	GIT("GIT_PAGER", "terminal-only", "git runs it on its output to a terminal"),
	GIT("GIT_EDITOR", "runs-value", "git commit, rebase and tag run it"),
	GIT("GIT_SEQUENCE_EDITOR", "runs-value", "git rebase -i runs it"),
	GIT("GIT_SSH", "runs-value", "git runs this program for ssh remotes"),
	GIT("GIT_SSH_COMMAND", "runs-value", "git fetch, push and clone run it"),
	GIT("GIT_ASKPASS", "runs-value", "git runs it to ask for a password"),
	GIT("GIT_SSL_NO_VERIFY", "configures", "git does not verify the server's TLS certificate"),
	GIT("GIT_CONFIG_GLOBAL", "relocates", "git reads its global config from this file", { harmless: NO_CONFIG }),
	GIT("GIT_CONFIG_SYSTEM", "relocates", "git reads its system config from this file", { harmless: NO_CONFIG }),
	GIT("GIT_TRACE*", "writes-value", "git writes a trace to this file", { harmless: TRACE_TO_DESCRIPTOR }),
	GIT("GIT_ALLOW_PROTOCOL", "runs-code", "git allows these transports (`ext::` runs a command)", {
		codeWhen: /(?:^|:)ext(?::|$)/,
	}),
	GIT("GIT_PROTOCOL_FROM_USER", "configures", "git allows the transports configured as `user`"),
	GIT("GIT_REDIRECT_*", "writes-value", "git on Windows opens its standard handles at this path", {
		harmless: /^off$/,
	}),
	CONFIG("GIT_CONFIG", "relocates", "git config reads and writes this file"),
	CONFIG("GIT_CONFIG_KEY_*", "git-config-key", "sets a git config key that runs a command"),
	CONFIG("GIT_CONFIG_PARAMETERS", "runs-code", "git config from the environment"),
	FILES("XDG_CONFIG_HOME", "relocates", "git (and others) read their config from here"),
	FILES("HOME", "relocates", "git reads `~/.gitconfig` (and other programs their config) from here"),
	documentedIn("git(1) OPTIONS --exec-path")(
		"GIT_EXEC_PATH",
		"relocates",
		"git runs its sub-commands from this directory",
	),
	documentedIn("git-init(1) TEMPLATE DIRECTORY")(
		"GIT_TEMPLATE_DIR",
		"relocates",
		"git init copies hooks from this directory",
	),
	documentedIn("git-config(1) core.gitProxy")("GIT_PROXY_COMMAND", "runs-value", "git runs it for git:// remotes"),
	documentedIn("gitattributes(5) DESCRIPTION")(
		"GIT_ATTR_SOURCE",
		"relocates",
		"git reads attributes (filter and diff drivers) from this tree",
	),
	documentedIn("git-var(1) GIT_EDITOR")("EDITOR", "runs-value", "git, crontab, sensible-editor run it"),
	documentedIn("git-var(1) GIT_EDITOR")("VISUAL", "runs-value", "git, crontab, sensible-editor run it"),
	documentedIn("git-var(1) GIT_PAGER")(
		"PAGER",
		"terminal-only",
		"git, man and others run it on their output to a terminal",
	),
	documentedIn("git-web--browse(1) DESCRIPTION")("BROWSER", "runs-value", "man --html, git web--browse run it"),
	documentedIn("git-credential(1), gitcredentials(7)")(
		"SSH_ASKPASS",
		"runs-value",
		"ssh and git run it to ask for a password",
	),
];
