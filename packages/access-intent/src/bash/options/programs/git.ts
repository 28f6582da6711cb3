/**
 * Owns: git's options (git 2.39, git(1) OPTIONS, `git <command> -h`): the global options before the sub-command and,
 * per sub-command, the options whose value names a command, code, a configuration, a setting, a file or a directory
 * (the effect tables read `GIT_TABLE`); and git's spellings (`GIT`): canonical names, clusters, abbreviations, what an
 * option or operand means besides itself (`git push origin +main` forces), the global options that change no effect.
 * Never: judges what git runs (`runs/git-effects.ts`) or what a config key does (`runs/code-running-git-config-table.ts`).
 * Over 250 lines: one program's whole grammar, kept together so a sub-command is reviewed in one place. The two
 * grammars (effects, spelling) are to become one (issue 33/39 leftover).
 */
import { gnuGrammar, type OptionGrammar, option, optionGrammar, POSIX_READING } from "../option-grammar";
import { type OperandMeaning, type ProgramSpelling, programSpelling } from "../program-spelling";
import {
	GETOPT_LONG_READING,
	type NamedEntry,
	named,
	type ProgramOptions,
	type ProgramTable,
	programOptions,
} from "./program-options";

const GIT_MANUAL = "git(1) OPTIONS";
const words = (text: string): string[] => (text === "" ? [] : text.split(" "));

/** git's own reading of its global options: whole words (`-C dir`, `-c k=v`, `--git-dir=d`), `--` is not special. */
const GLOBAL_READING = {
	...POSIX_READING,
	longOptions: true,
	singleDash: "word" as const,
	endOfOptions: false,
	loneDash: "option" as const,
};

const GLOBAL_NAMED: readonly NamedEntry[] = [
	named(["-C"], "config", `${GIT_MANUAL}: -C <path> (that repository's configuration)`),
	named(["-c"], "setting", `${GIT_MANUAL}: -c <name>=<value>`, { settings: "git-config" }),
	named(["--config-env"], "setting", `${GIT_MANUAL}: --config-env=<name>=<envvar>`, { settings: "git-config-env" }),
	named(["--git-dir"], "config", `${GIT_MANUAL}: --git-dir=<path>`),
	named(["--work-tree"], "config", `${GIT_MANUAL}: --work-tree=<path>`),
	named(["--exec-path"], "code", `${GIT_MANUAL}: --exec-path[=<path>] (where git runs its sub-commands from)`, {
		optionalValue: true,
		bareInert: true,
	}),
];

const GLOBAL_OTHER = { longValue: ["namespace", "super-prefix", "list-cmds", "attr-source"] };

/**
 * Per sub-command: short options taking a value, short options with an optional attached value, long options taking
 * a value, long options with an optional `=value`, long flags; from `git <sub> -h` (git 2.39.5).
 */
const HELP: readonly (readonly [string, string, string, string, string, string])[] = [
	["ls-remote", "o", "", "server-option sort upload-pack", "", "exit-code get-url heads quiet refs symref tags"],
	[
		"fetch",
		"jo",
		"",
		"deepen depth filter jobs negotiation-tip refmap server-option shallow-exclude shallow-since upload-pack",
		"recurse-submodules",
		"all append atomic auto-gc auto-maintenance dry-run force ipv4 ipv6 keep multiple negotiate-only prefetch progress prune prune-tags quiet refetch set-upstream show-forced-updates stdin tags unshallow update-head-ok update-shallow verbose write-commit-graph write-fetch-head",
	],
	[
		"pull",
		"Xos",
		"Sjr",
		"cleanup deepen depth negotiation-tip refmap server-option shallow-exclude shallow-since strategy strategy-option upload-pack",
		"gpg-sign jobs log rebase recurse-submodules signoff",
		"all allow-unrelated-histories append autostash commit dry-run edit ff ff-only force ipv4 ipv6 keep progress prune quiet set-upstream show-forced-updates squash stat tags unshallow update-shallow verbose verify verify-signatures",
	],
	[
		"clone",
		"bcjou",
		"",
		"branch bundle-uri config depth filter jobs origin reference reference-if-able separate-git-dir server-option shallow-exclude shallow-since template upload-pack",
		"recurse-submodules recursive",
		"also-filter-submodules bare dissociate ipv4 ipv6 local mirror no-checkout no-hardlinks no-tags progress quiet reject-shallow remote-submodules shallow-submodules shared single-branch sparse verbose",
	],
	["init", "b", "", "initial-branch object-format separate-git-dir template", "shared", "bare quiet"],
	[
		"push",
		"o",
		"",
		"exec push-option receive-pack repo",
		"force-with-lease signed",
		"all atomic delete dry-run follow-tags force force-if-includes ipv4 ipv6 mirror no-verify porcelain progress prune quiet recurse-submodules set-upstream tags thin verbose",
	],
	[
		"send-pack",
		"",
		"",
		"exec push-option receive-pack remote",
		"force-with-lease signed",
		"all atomic dry-run force force-if-includes helper-status mirror progress quiet stateless-rpc stdin thin verbose",
	],
	[
		"archive",
		"o",
		"",
		"add-file add-virtual-file exec format output prefix remote",
		"",
		"list verbose worktree-attributes",
	],
	[
		"rebase",
		"CXsx",
		"Sr",
		"empty exec onto strategy strategy-option whitespace",
		"gpg-sign rebase-merges",
		"abort apply autosquash autostash committer-date-is-author-date continue edit-todo force-rebase fork-point ignore-whitespace interactive keep-base merge no-ff no-stat no-verify quiet quit reapply-cherry-picks rerere-autoupdate reschedule-failed-exec reset-author-date root show-current-patch signoff skip update-refs verbose",
	],
	[
		"grep",
		"ABCefm",
		"O",
		"after-context before-context context max-count max-depth threads",
		"color open-files-in-pager",
		"all-match and basic-regexp break cached column count exclude-standard ext-grep extended-regexp files-with-matches files-without-match fixed-strings full-name function-context heading ignore-case invert-match line-number name-only no-index not null only-matching or perl-regexp quiet recurse-submodules recursive show-function text textconv untracked word-regexp",
	],
	["difftool", "tx", "", "extcmd tool", "", "dir-diff gui no-index no-prompt symlinks tool-help trust-exit-code"],
	[
		"commit",
		"CFcmt",
		"Su",
		"author cleanup date file message pathspec-from-file reedit-message reuse-message squash template trailer",
		"gpg-sign untracked-files",
		"ahead-behind all amend branch dry-run edit fixup include interactive long no-post-rewrite no-verify null only patch pathspec-file-nul porcelain quiet reset-author short signoff status verbose",
	],
	[
		"tag",
		"Fmu",
		"n",
		"cleanup contains file format local-user merged message no-contains no-merged points-at sort",
		"color column",
		"annotate create-reflog delete edit force ignore-case list sign verify",
	],
	[
		"merge",
		"FXms",
		"S",
		"cleanup file into-name message strategy strategy-option",
		"gpg-sign log",
		"abort allow-unrelated-histories autostash commit continue edit ff ff-only no-verify overwrite-ignore progress quiet quit rerere-autoupdate signoff squash stat summary verbose verify-signatures",
	],
	[
		"blame",
		"LS",
		"CM",
		"contents ignore-rev ignore-revs-file",
		"abbrev",
		"color-by-age color-lines incremental line-porcelain minimal porcelain progress root score-debug show-email show-name show-number show-stats",
	],
	[
		"log",
		"L",
		"",
		"decorate-refs decorate-refs-exclude",
		"decorate",
		"clear-decorations mailmap quiet source use-mailmap",
	],
	[
		"show",
		"L",
		"",
		"decorate-refs decorate-refs-exclude",
		"decorate",
		"clear-decorations mailmap quiet source use-mailmap",
	],
	[
		"format-patch",
		"ov",
		"",
		"add-header base cc cover-from-description creation-factor filename-max-length in-reply-to interdiff output-directory range-diff reroll-count signature signature-file start-number subject-prefix suffix to",
		"attach from inline thread",
		"cover-letter force-in-body-from ignore-if-in-upstream keep-subject no-binary no-numbered no-stat numbered numbered-files progress quiet rfc signoff stdout zero-commit",
	],
	[
		"config",
		"ft",
		"",
		"blob default file type",
		"",
		"add bool bool-or-int bool-or-str edit expiry-date fixed-value get get-all get-color get-colorbool get-regexp get-urlmatch global includes int list local name-only null path remove-section rename-section replace-all show-origin show-scope system unset unset-all worktree",
	],
	[
		"apply",
		"Cp",
		"",
		"build-fake-ancestor directory exclude include whitespace",
		"",
		"3way allow-empty allow-overlap apply cached check ignore-space-change ignore-whitespace inaccurate-eof index intent-to-add no-add numstat quiet recount reject reverse stat summary unidiff-zero unsafe-paths verbose",
	],
	[
		"am",
		"Cp",
		"S",
		"directory empty exclude include patch-format quoted-cr whitespace",
		"gpg-sign show-current-patch",
		"3way abort allow-empty committer-date-is-author-date continue ignore-date ignore-space-change ignore-whitespace interactive keep keep-cr keep-non-patch message-id no-keep-cr quiet quit reject rerere-autoupdate resolved resolvemsg scissors signoff skip utf8",
	],
	[
		"cherry-pick",
		"Xm",
		"S",
		"cleanup mainline strategy strategy-option",
		"gpg-sign",
		"abort allow-empty allow-empty-message continue edit ff keep-redundant-commits no-commit quit rerere-autoupdate signoff skip",
	],
	[
		"revert",
		"Xm",
		"S",
		"cleanup mainline strategy strategy-option",
		"gpg-sign",
		"abort continue edit no-commit quit reference rerere-autoupdate signoff skip",
	],
	[
		"status",
		"",
		"Mu",
		"",
		"column find-renames ignore-submodules ignored porcelain untracked-files",
		"ahead-behind branch long no-renames null short show-stash verbose",
	],
	["notes", "", "", "ref", "", ""],
	[
		"daemon",
		"",
		"",
		"base-path interpolated-path user group port listen timeout init-timeout max-connections allow-override forbid-override",
		"",
		"strict-paths base-path-relaxed user-path inetd syslog export-all verbose reuseaddr detach",
	],
	["mergetool", "O", "", "", "", "no-prompt prompt gui no-gui tool-help"],
	["diff", "OU", "", "src-prefix dst-prefix line-prefix relative", "", "ext-diff no-ext-diff textconv no-textconv"],
	[
		"send-email",
		"",
		"",
		"to cc bcc from subject in-reply-to smtp-server-option smtp-user smtp-pass smtp-encryption smtp-domain smtp-ssl-cert-path identity transfer-encoding 8bit-encoding compose-encoding batch-size relogin-delay",
		"",
		"compose annotate confirm dry-run quiet suppress-from validate",
	],
];

const F = (page: string): string => `git-${page}(1) OPTIONS`;

/** Per sub-command, its options whose value names something. */
const SUB_NAMED: ReadonlyMap<string, readonly NamedEntry[]> = new Map<string, readonly NamedEntry[]>([
	[
		"clone",
		[
			named(["-u", "--upload-pack"], "command", `${F("clone")}: -u <upload-pack>`),
			named(["--template"], "code", `${F("clone")}: --template=<template-directory> (hooks)`),
			named(["-c", "--config"], "setting", `${F("clone")}: -c <key>=<value>`, { settings: "git-config" }),
			named(["--reference", "--reference-if-able"], "directory", `${F("clone")}: --reference <repository>`),
			named(["--separate-git-dir"], "directory", `${F("clone")}: --separate-git-dir=<git-dir>`),
		],
	],
	[
		"init",
		[
			named(["--template"], "code", `${F("init")}: --template=<template-directory> (hooks)`),
			named(["--separate-git-dir"], "directory", `${F("init")}: --separate-git-dir=<git-dir>`),
		],
	],
	["ls-remote", [named(["-u", "--upload-pack"], "command", `${F("ls-remote")}: -u <exec>, --upload-pack=<exec>`)]],
	["fetch", [named(["--upload-pack"], "command", `${F("fetch")}: --upload-pack <upload-pack>`)]],
	[
		"pull",
		[
			named(["--upload-pack"], "command", `${F("pull")}: --upload-pack <upload-pack>`),
			named(["-s", "--strategy"], "code", `${F("pull")}: -s <strategy> (git-merge-<strategy>)`),
		],
	],
	[
		"fetch-pack",
		[named(["--upload-pack", "--exec"], "command", `${F("fetch-pack")}: --upload-pack=<git-upload-pack>`)],
	],
	["push", [named(["--receive-pack", "--exec"], "command", `${F("push")}: --receive-pack=<git-receive-pack>`)]],
	[
		"send-pack",
		[named(["--receive-pack", "--exec"], "command", `${F("send-pack")}: --receive-pack=<git-receive-pack>`)],
	],
	[
		"archive",
		[
			named(["--exec"], "command", `${F("archive")}: --exec=<git-upload-archive>`),
			named(["-o", "--output"], "writes", `${F("archive")}: -o <file>`),
			named(["--add-file"], "reads", `${F("archive")}: --add-file=<file>`),
		],
	],
	[
		"daemon",
		[
			named(["--access-hook"], "command", `${F("daemon")}: --access-hook=<path>`),
			named(["--pid-file"], "writes", `${F("daemon")}: --pid-file=<file>`),
		],
	],
	[
		"rebase",
		[
			named(["-x", "--exec"], "command", `${F("rebase")}: -x <cmd>, --exec <cmd>`),
			named(["-s", "--strategy"], "code", `${F("rebase")}: -s <strategy> (git-merge-<strategy>)`),
		],
	],
	[
		"merge",
		[
			named(["-s", "--strategy"], "code", `${F("merge")}: -s <strategy> (git-merge-<strategy>)`),
			named(["-F", "--file"], "reads", `${F("merge")}: -F <file>`),
		],
	],
	["cherry-pick", [named(["--strategy"], "code", `${F("cherry-pick")}: --strategy=<strategy>`)]],
	["revert", [named(["--strategy"], "code", `${F("revert")}: --strategy=<strategy>`)]],
	[
		"grep",
		[
			named(["-O", "--open-files-in-pager"], "command", `${F("grep")}: -O[<pager>]`, { optionalValue: true }),
			named(["-f"], "reads", `${F("grep")}: -f <file>`),
		],
	],
	[
		"difftool",
		[
			named(["-x", "--extcmd"], "command", `${F("difftool")}: -x <command>, --extcmd=<command>`),
			named(["-t", "--tool"], "code", `${F("difftool")}: -t <tool> (difftool.<tool>.cmd)`),
		],
	],
	["mergetool", [named(["-t", "--tool"], "code", `${F("mergetool")}: -t <tool> (mergetool.<tool>.cmd)`)]],
	[
		"send-email",
		[
			named(["--sendmail-cmd"], "command", `${F("send-email")}: --sendmail-cmd=<command>`),
			named(["--smtp-server"], "code", `${F("send-email")}: --smtp-server=<host> (or a sendmail-like program)`),
			named(["--to-cmd"], "command", `${F("send-email")}: --to-cmd=<command>`),
			named(["--cc-cmd"], "command", `${F("send-email")}: --cc-cmd=<command>`),
			named(["--header-cmd"], "command", `${F("send-email")}: --header-cmd=<command>`),
		],
	],
	[
		"commit",
		[
			named(["-F", "--file"], "reads", `${F("commit")}: -F <file>`),
			named(["-t", "--template"], "reads", `${F("commit")}: -t <file>`),
			named(["--pathspec-from-file"], "reads", `${F("commit")}: --pathspec-from-file=<file>`),
		],
	],
	["tag", [named(["-F", "--file"], "reads", `${F("tag")}: -F <file>`)]],
	["notes", [named(["-F", "--file"], "reads", `${F("notes")}: -F <file>`)]],
	[
		"blame",
		[
			named(["--contents"], "reads", `${F("blame")}: --contents <file>`),
			named(["-S"], "reads", `${F("blame")}: -S <revs-file>`),
			named(["--ignore-revs-file"], "reads", `${F("blame")}: --ignore-revs-file <file>`),
		],
	],
	["diff", [named(["--output"], "writes", `${F("diff")}: --output=<file>`)]],
	["log", [named(["--output"], "writes", `${F("log")}: --output=<file>`)]],
	["show", [named(["--output"], "writes", `${F("show")}: --output=<file>`)]],
	["format-patch", [named(["-o", "--output-directory"], "directory", `${F("format-patch")}: -o <dir>`)]],
	[
		"config",
		[
			named(["-f", "--file"], "config", `${F("config")}: -f <config-file> (written or read)`),
			named(["--blob"], "reads", `${F("config")}: --blob=<blob>`),
		],
	],
	["am", [named(["--directory"], "directory", `${F("am")}: --directory=<dir>`)]],
	["apply", [named(["--directory"], "directory", `${F("apply")}: --directory=<root>`)]],
]);

/** git's parse-options: options anywhere up to `--`, short options bundle, unique abbreviations of long names. */
function subcommandOptions(name: string, help: (typeof HELP)[number] | undefined): ProgramOptions {
	const entries = SUB_NAMED.get(name) ?? [];
	const spelled = new Set(entries.flatMap((entry) => entry.spellings));
	const free = (spellings: string[], dashes: string) =>
		spellings.filter((spelling) => !spelled.has(`${dashes}${spelling}`));
	const [, shortValue = "", shortOptional = "", longValue = "", longOptional = "", longFlag = ""] = help ?? [];
	const letters = (text: string) => free([...text], "-").join("");
	return programOptions(GETOPT_LONG_READING, entries, {
		shortValue: letters(shortValue),
		shortOptional: letters(shortOptional),
		longValue: free(words(longValue), "--"),
		longOptional: free(words(longOptional), "--"),
		longFlag: free(words(longFlag), "--"),
	});
}

const NAMES = new Set([...HELP.map(([name]) => name), ...SUB_NAMED.keys()]);

/** git's global options (a computed word where one may stand is unknown), then its sub-commands'. */
export const GIT_TABLE: ProgramTable = {
	global: programOptions({ ...GLOBAL_READING, computed: "uncertain-if-option-like" }, GLOBAL_NAMED, GLOBAL_OTHER),
	subcommands: new Map(
		[...NAMES].map((name) => [
			name,
			subcommandOptions(
				name,
				HELP.find(([help]) => help === name),
			),
		]),
	),
	readBy: "git-effects.ts",
};

// Spellings (issue 33): the canonical spelling of a unit.
/**
 * The global options: each a whole word (`-Cdir` is no spelling of `-C`), the value options also as `--name=value`,
 * no abbreviations; the first word without a dash is the sub-command.
 */
export const GIT_GLOBAL_OPTIONS: OptionGrammar = optionGrammar(
	{ ...POSIX_READING, longOptions: true, singleDash: "word", endOfOptions: false, loneDash: "option" },
	{
		options: [
			option(["-v", "--version"], "flag"),
			option(["-h", "--help"], "flag"),
			option(["-C"], "value"),
			option(["-c"], "value"),
			option(["--exec-path"], "optional"),
			option(["--html-path"], "flag"),
			option(["--man-path"], "flag"),
			option(["--info-path"], "flag"),
			option(["-p", "--paginate"], "flag"),
			option(["-P", "--no-pager"], "flag"),
			option(["--git-dir"], "value"),
			option(["--work-tree"], "value"),
			option(["--namespace"], "value"),
			option(["--super-prefix"], "value"),
			option(["--bare"], "flag"),
			option(["--no-replace-objects"], "flag"),
			option(["--literal-pathspecs"], "flag"),
			option(["--glob-pathspecs"], "flag"),
			option(["--noglob-pathspecs"], "flag"),
			option(["--icase-pathspecs"], "flag"),
			option(["--no-optional-locks"], "flag"),
			option(["--list-cmds"], "optional"),
			option(["--config-env"], "value"),
		],
	},
);

/**
 * `-c` keys whose value only changes how output looks (colours, columns, hints, path quoting), by lower-case name or
 * section prefix. None of them is a key of `runs/code-running-git-config-table.ts` (a test checks).
 */
const DISPLAY_KEY = /^(?:color\.[^=]+|column\.ui|advice\.[^=]+|core\.quotepath)$/;

/**
 * The global options that change nothing a permission can see: the pager switched off (`--no-pager`, `-P`, or
 * `core.pager=cat`, which pages through `cat`), optional locks skipped, and display-only `-c` keys. A pager set to
 * anything else stays: git starts it only on a terminal, but a rule should see it.
 */
function inertGlobal(name: string, value: string | null): boolean {
	if (name === "-P" || name === "--no-optional-locks") return true;
	if (name !== "-c" || value === null) return false;
	const eq = value.indexOf("=");
	const key = (eq < 0 ? value : value.slice(0, eq)).toLowerCase();
	if (key === "core.pager") return eq >= 0 && value.slice(eq + 1) === "cat";
	return DISPLAY_KEY.test(key);
}

/** `+ref` after the remote forces that ref (git-push(1), `<refspec>`). */
function pushOperand(text: string, position: number): OperandMeaning | null {
	if (position === 0 || text.length < 2 || !text.startsWith("+")) return null;
	return { text: text.slice(1), implies: [{ name: "-f", value: null }] };
}

const PUSH = programSpelling(
	gnuGrammar({
		options: [
			option(["-v", "--verbose"], "flag"),
			option(["-q", "--quiet"], "flag"),
			option(["--repo"], "value"),
			option(["--all"], "flag"),
			option(["--mirror"], "flag"),
			option(["-d", "--delete"], "flag"),
			option(["--tags"], "flag"),
			option(["-n", "--dry-run"], "flag"),
			option(["--porcelain"], "flag"),
			option(["-f", "--force"], "flag"),
			option(["--force-with-lease"], "optional"),
			option(["--no-force-with-lease"], "flag"),
			option(["--force-if-includes"], "flag"),
			option(["--no-force-if-includes"], "flag"),
			option(["--recurse-submodules"], "value"),
			option(["--no-recurse-submodules"], "flag"),
			option(["--thin"], "flag"),
			option(["--no-thin"], "flag"),
			option(["--receive-pack", "--exec"], "value"),
			option(["-u", "--set-upstream"], "flag"),
			option(["--progress"], "flag"),
			option(["--no-progress"], "flag"),
			option(["--prune"], "flag"),
			option(["--no-verify"], "flag"),
			option(["--verify"], "flag"),
			option(["--follow-tags"], "flag"),
			option(["--no-follow-tags"], "flag"),
			option(["--signed"], "optional"),
			option(["--no-signed"], "flag"),
			option(["--atomic"], "flag"),
			option(["--no-atomic"], "flag"),
			option(["-o", "--push-option"], "value"),
			option(["-4", "--ipv4"], "flag"),
			option(["-6", "--ipv6"], "flag"),
		],
	}),
	{
		// `--force-if-includes` alone is a no-op (git-push(1)); checked: it does not force a non-fast-forward push.
		implies: { "--force-with-lease": ["-f"], "--mirror": ["-f"] },
		operandMeaning: pushOperand,
	},
);

const CLEAN = programSpelling(
	gnuGrammar({
		options: [
			option(["-q", "--quiet"], "flag"),
			option(["-n", "--dry-run"], "flag"),
			option(["-f", "--force"], "flag"),
			option(["-i", "--interactive"], "flag"),
			option(["-d"], "flag"),
			option(["-e", "--exclude"], "value"),
			option(["-x"], "flag"),
			option(["-X"], "flag"),
		],
	}),
);

const RESET = programSpelling(
	gnuGrammar({
		options: [
			option(["-q", "--quiet"], "flag"),
			option(["--no-refresh"], "flag"),
			option(["--refresh"], "flag"),
			option(["--mixed"], "flag"),
			option(["--soft"], "flag"),
			option(["--hard"], "flag"),
			option(["--merge"], "flag"),
			option(["--keep"], "flag"),
			option(["--recurse-submodules"], "optional"),
			option(["--no-recurse-submodules"], "flag"),
			option(["-p", "--patch"], "flag"),
			option(["-N", "--intent-to-add"], "flag"),
			option(["--pathspec-from-file"], "value"),
			option(["--pathspec-file-nul"], "flag"),
		],
	}),
);

const BRANCH = programSpelling(
	gnuGrammar({
		options: [
			option(["-v", "--verbose"], "flag"),
			option(["-q", "--quiet"], "flag"),
			option(["-t", "--track"], "optional"),
			option(["--no-track"], "flag"),
			option(["-u", "--set-upstream-to"], "value"),
			option(["--unset-upstream"], "flag"),
			option(["--color"], "optional"),
			option(["--no-color"], "flag"),
			option(["-r", "--remotes"], "flag"),
			option(["--contains"], "value"),
			option(["--no-contains"], "value"),
			option(["--abbrev"], "optional"),
			option(["--no-abbrev"], "flag"),
			option(["-a", "--all"], "flag"),
			option(["-d", "--delete"], "flag"),
			option(["-D"], "flag"),
			option(["-m", "--move"], "flag"),
			option(["-M"], "flag"),
			option(["-c", "--copy"], "flag"),
			option(["-C"], "flag"),
			option(["-l", "--list"], "flag"),
			option(["--show-current"], "flag"),
			option(["--create-reflog"], "flag"),
			option(["--edit-description"], "flag"),
			option(["-f", "--force"], "flag"),
			option(["--merged"], "value"),
			option(["--no-merged"], "value"),
			option(["--column"], "optional"),
			option(["--no-column"], "flag"),
			option(["--sort"], "value"),
			option(["--points-at"], "value"),
			option(["-i", "--ignore-case"], "flag"),
			option(["--recurse-submodules"], "flag"),
			option(["--format"], "value"),
		],
	}),
	{ means: { "-D": ["-d", "-f"], "-M": ["-m", "-f"], "-C": ["-c", "-f"] } },
);

const CHECKOUT = programSpelling(
	gnuGrammar({
		options: [
			option(["-b"], "value"),
			option(["-B"], "value"),
			option(["-l"], "flag"),
			option(["--guess"], "flag"),
			option(["--no-guess"], "flag"),
			option(["--overlay"], "flag"),
			option(["--no-overlay"], "flag"),
			option(["-q", "--quiet"], "flag"),
			option(["--recurse-submodules"], "optional"),
			option(["--no-recurse-submodules"], "flag"),
			option(["--progress"], "flag"),
			option(["--no-progress"], "flag"),
			option(["-m", "--merge"], "flag"),
			option(["--conflict"], "value"),
			option(["-d", "--detach"], "flag"),
			option(["-t", "--track"], "optional"),
			option(["--no-track"], "flag"),
			option(["-f", "--force"], "flag"),
			option(["--orphan"], "value"),
			option(["--overwrite-ignore"], "flag"),
			option(["--no-overwrite-ignore"], "flag"),
			option(["--ignore-other-worktrees"], "flag"),
			option(["-2", "--ours"], "flag"),
			option(["-3", "--theirs"], "flag"),
			option(["-p", "--patch"], "flag"),
			option(["--ignore-skip-worktree-bits"], "flag"),
			option(["--pathspec-from-file"], "value"),
			option(["--pathspec-file-nul"], "flag"),
		],
	}),
);

export const GIT: ProgramSpelling = programSpelling(GIT_GLOBAL_OPTIONS, {
	subcommands: { push: PUSH, clean: CLEAN, reset: RESET, branch: BRANCH, checkout: CHECKOUT },
	inert: inertGlobal,
});
