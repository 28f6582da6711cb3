/**
 * Owns: the data of options (and git sub-command options) whose value is a command the program runs
 * (`rg --pre`, `sort --compress-program`, `split --filter`, `git rebase -x`, `tar --to-command`), and of interpreter
 * modules that read code from their arguments or stdin (`python3 -m timeit`).
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

const TAR: readonly OptionRow[] = [
	{ option: "--to-command", value: "shell" },
	{ option: "--checkpoint-action", value: "opaque" },
	{ option: "--use-compress-program", value: "shell" },
	{ option: "--info-script", value: "shell" },
	{ option: "--new-volume-script", value: "shell" },
	{ option: "-I", value: "shell" },
	{ option: "-F", value: "shell" },
];

const GCC: readonly OptionRow[] = [
	{ option: "-wrapper", value: "opaque" },
	{ option: "-fplugin", value: "opaque" },
	{ option: "-specs", value: "opaque" },
	{ option: "-B", value: "opaque", noCluster: true },
	// A response file (`gcc @args.rsp`) holds more options, `-wrapper` among them: code this parse cannot see.
	{ option: "@", value: "opaque", noCluster: true },
];

const SSH: readonly OptionRow[] = [{ option: "-o", value: "ssh-option" }];

/** Per program, the options whose value runs. The ssh family's `-o` is read by key (`ssh-option-keys` below). */
export const CODE_RUNNING_OPTIONS: ReadonlyMap<string, readonly OptionRow[]> = new Map<string, readonly OptionRow[]>([
	["tar", TAR],
	["gtar", TAR],
	["bsdtar", [TAR[2] as OptionRow, TAR[5] as OptionRow]],
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
	["rg", [{ option: "--pre", value: "program" }]],
	["sort", [{ option: "--compress-program", value: "program" }]],
	["split", [{ option: "--filter", value: "shell" }]],
	[
		"man",
		[
			{ option: "-P", value: "shell" },
			{ option: "--pager", value: "shell" },
			{ option: "-H", value: "shell", optionalValue: true },
			{ option: "--html", value: "shell", optionalValue: true },
		],
	],
	...["gcc", "g++", "cc", "c++", "clang", "clang++"].map((name): [string, readonly OptionRow[]] => [name, GCC]),
	["ssh", SSH],
	["scp", [...SSH, { option: "-S", value: "program" }]],
	["sftp", [...SSH, { option: "-S", value: "program" }]],
	[
		"npx",
		[
			{ option: "-c", value: "shell" },
			{ option: "--call", value: "shell" },
		],
	],
	["ugrep", [{ option: "--filter", value: "opaque" }]],
	[
		"make",
		[
			{ option: "--eval", value: "opaque" },
			{ option: "-E", value: "opaque", noCluster: true },
		],
	],
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
export const OPERAND_COMPUTED_WORDS: ReadonlySet<string> = new Set(["ssh", "scp", "sftp"]);

/** `ssh -o ProxyCommand=…`: the `-o` keys whose value ssh runs through a shell (lower case). */
export const SSH_COMMAND_KEYS: ReadonlySet<string> = new Set([
	"proxycommand",
	"localcommand",
	"knownhostscommand",
	"match",
	"include",
]);

const UPLOAD_PACK: OptionRow = { option: "--upload-pack", value: "shell" };
const RECEIVE_PACK: OptionRow = { option: "--receive-pack", value: "shell" };

/** Per git sub-command, the options whose value runs (after git's own global options). */
export const CODE_RUNNING_GIT_OPTIONS: ReadonlyMap<string, readonly OptionRow[]> = new Map<
	string,
	readonly OptionRow[]
>([
	["ls-remote", [UPLOAD_PACK, { option: "-u", value: "shell" }]],
	["fetch", [UPLOAD_PACK]],
	["pull", [UPLOAD_PACK]],
	[
		"clone",
		[
			UPLOAD_PACK,
			{ option: "-u", value: "shell" },
			{ option: "--template", value: "opaque" },
			{ option: "-c", value: "git-config" },
			{ option: "--config", value: "git-config" },
		],
	],
	["init", [{ option: "--template", value: "opaque" }]],
	["daemon", [{ option: "--access-hook", value: "shell" }]],
	["fetch-pack", [UPLOAD_PACK, { option: "--exec", value: "shell" }]],
	["push", [RECEIVE_PACK, { option: "--exec", value: "shell" }]],
	["send-pack", [RECEIVE_PACK, { option: "--exec", value: "shell" }]],
	["archive", [{ option: "--exec", value: "shell" }]],
	[
		"rebase",
		[
			{ option: "-x", value: "shell" },
			{ option: "--exec", value: "shell" },
		],
	],
	[
		"grep",
		[
			{ option: "-O", value: "shell", optionalValue: true },
			{ option: "--open-files-in-pager", value: "shell", optionalValue: true },
		],
	],
	[
		"difftool",
		[
			{ option: "-x", value: "shell" },
			{ option: "--extcmd", value: "shell" },
			{ option: "-t", value: "opaque" },
			{ option: "--tool", value: "opaque" },
		],
	],
	[
		"send-email",
		[
			{ option: "--sendmail-cmd", value: "shell" },
			{ option: "--smtp-server", value: "opaque" },
			{ option: "--to-cmd", value: "shell" },
			{ option: "--cc-cmd", value: "shell" },
			{ option: "--header-cmd", value: "shell" },
		],
	],
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
]);

/** `node --import data:…`, `-r data:…`: node options whose value is a module it loads (code when a `data:` URL). */
export const NODE_MODULE_OPTIONS: ReadonlySet<string> = new Set([
	"-r",
	"--require",
	"--import",
	"--loader",
	"--experimental-loader",
]);
