/**
 * Owns: the data of options whose value is a command the program runs, for programs without an option table of their
 * own (`split --filter`, `zip -TT`, `gcc -wrapper`; ADR 0052 moved git, tar, rg, sort, man, ssh, make and npx to
 * `options/programs/`), the git sub-commands that run commands, and the interpreter modules that read code from
 * their arguments or stdin (`python3 -m timeit`).
 * Never: holds logic; `option-effects.ts` and `git-effects.ts` read these rows (ADR 0026).
 *
 * Adding a row: name the program (and for git the sub-command), the option as written (`--long` also matches
 * `--long=value` and unique abbreviations, `-x` also matches `-xvalue` and the letter inside a cluster), and what
 * its value is, then add a row to `test/bash/code-running-option-table.test.ts` with a command and its verdict.
 * - `shell`: a shell command string (`split --filter='gzip > $FILE'`): parsed as bash, its units judged.
 * - `program`: a program name the tool runs with arguments of its own (`rg --pre rm`): judged as that command.
 * - `opaque`: code that cannot be read from the command line (a plugin, a list of programs, a default pager).
 * - `ssh-option`: an ssh `-o Key=value`; it runs when the key is in `SSH_COMMAND_KEYS` (`ProxyCommand`).
 * - `git-config`: a `key=value` git config setting (`git clone -c core.fsmonitor=…`), read by the git config table.
 * `optionalValue`: the value is only ever attached (`git grep -Ocmd`, `--open-files-in-pager=cmd`); the bare
 * option runs a default program, so it is opaque.
 */

/** What kind of value a code-running option takes (the list above). */
type OptionValueKind = "shell" | "program" | "opaque" | "ssh-option" | "git-config";

export interface OptionRow {
	readonly option: string;
	readonly value: OptionValueKind;
	readonly optionalValue?: boolean;
	/** The program reads no short-option clusters (`gcc -DB=1` is not `-B`): `-x` matches only as a prefix. */
	readonly noCluster?: boolean;
}

/** bsdtar (libarchive): `--use-compress-program`, `-I` (GNU tar's are in `options/programs/tar.ts`). */
const BSDTAR: readonly OptionRow[] = [
	{ option: "--use-compress-program", value: "shell" },
	{ option: "-I", value: "shell" },
];

const GCC: readonly OptionRow[] = [
	{ option: "-wrapper", value: "opaque" },
	{ option: "-fplugin", value: "opaque" },
	{ option: "-specs", value: "opaque" },
	{ option: "-B", value: "opaque", noCluster: true },
	// A response file (`gcc @args.rsp`) holds more options, `-wrapper` among them: code this parse cannot see.
	{ option: "@", value: "opaque", noCluster: true },
];

/** scp and sftp read ssh's `-o` and `-F` (ssh's own are in `options/programs/ssh.ts`). */
const SSH: readonly OptionRow[] = [
	{ option: "-o", value: "ssh-option" },
	{ option: "-F", value: "opaque" },
];

/**
 * Per program, the options whose value runs, for programs without an option table of their own (ADR 0052: git, tar,
 * rg, sort, man, ssh, make, npm, npx and the other programs the allowlists name are in `options/programs/`). The
 * scp family's `-o` is read by key (`SSH_COMMAND_KEYS` below).
 */
export const CODE_RUNNING_OPTIONS: ReadonlyMap<string, readonly OptionRow[]> = new Map<string, readonly OptionRow[]>([
	["bsdtar", BSDTAR],
	[
		"zip",
		[
			{ option: "-TT", value: "shell" },
			{ option: "--unzip-command", value: "shell" },
		],
	],
	[
		"rsync",
		[
			{ option: "-e", value: "shell" },
			{ option: "--rsh", value: "shell" },
			{ option: "--rsync-path", value: "opaque" },
		],
	],
	["split", [{ option: "--filter", value: "shell" }]],
	...["gcc", "g++", "cc", "c++", "clang", "clang++"].map((name): [string, readonly OptionRow[]] => [name, GCC]),
	["scp", [...SSH, { option: "-S", value: "program" }]],
	["sftp", [...SSH, { option: "-S", value: "program" }]],
	["ugrep", [{ option: "--filter", value: "opaque" }]],
	[
		"nix-shell",
		[
			{ option: "--run", value: "shell" },
			{ option: "--command", value: "shell" },
		],
	],
]);

/**
 * Programs whose computed words are read as operands (hosts, remote commands: `ssh "$HOST" "$CMD"`), not as a
 * possible option: only a computed word glued to a dash (`-o$X`) is unknown there.
 */
export const OPERAND_COMPUTED_WORDS: ReadonlySet<string> = new Set(["scp", "sftp"]);

/** `ssh -o ProxyCommand=…`: the `-o` keys whose value ssh runs through a shell (lower case). */
export const SSH_COMMAND_KEYS: ReadonlySet<string> = new Set([
	"proxycommand",
	"localcommand",
	"knownhostscommand",
	"match",
	"include",
]);

/** Git sub-commands that run commands no option shows (`bisect run`, `submodule foreach`, `filter-branch`). */
export const CODE_RUNNING_GIT_SUBCOMMANDS: ReadonlyMap<string, "payload-after" | "opaque" | "config"> = new Map<
	string,
	"payload-after" | "opaque" | "config"
>([
	// `git config core.fsmonitor cmd` plants a key that a later git command runs.
	["config", "config"],
	["mergetool", "opaque"],
	["filter-branch", "opaque"],
	["instaweb", "opaque"],
	["web--browse", "opaque"],
	["bisect", "payload-after"],
	["submodule", "payload-after"],
]);

/** `python3 -m timeit 'code'`, `-m code`: modules that run code from their arguments or stdin. */
export const CODE_RUNNING_PYTHON_MODULES: ReadonlySet<string> = new Set([
	"timeit",
	"code",
	"cProfile",
	"profile",
	"pdb",
	"trace",
	"runpy",
	"asyncio",
	"idlelib",
	"IPython",
	"ptpython",
	"bpython",
	// ADR 0052: `-m doctest file` runs the examples in the file (stdin too), `-m webbrowser`/`antigravity` start a browser.
	"doctest",
	"webbrowser",
	"antigravity",
]);

/** `node --import data:…`, `-r data:…`: node options whose value is a module it loads (code when a `data:` URL). */
export const NODE_MODULE_OPTIONS: ReadonlySet<string> = new Set([
	"-r",
	"--require",
	"--import",
	"--loader",
	"--experimental-loader",
]);
