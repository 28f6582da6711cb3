/**
 * Owns: tmux's global options (tmux(1) 3.3, SYNOPSIS and DESCRIPTION: the options before the first command) as one
 * grammar, and what each means for what tmux runs: a shell command (`-c`), a configuration file (`-f`, code: it may
 * hold `run-shell`), a socket path it creates (`-S`), nothing the gate needs (`-L`, `-2`, `-u`, …), or no run (`-V`).
 * Never: reads tmux commands (`runs/command-runner-analysis.ts` does, by `runs/command-runner-table.ts`).
 */
import { type OptionGrammar, option, optionGrammar, POSIX_READING } from "../option-grammar";

/**
 * `command`: the value is a shell command tmux runs with the default shell; `config`: the value is a file of tmux
 * commands; `socket-path`: the value is a path tmux creates; `plain`: changes nothing the gate reads; `no-run`.
 */
type TmuxOptionMeaning = "command" | "config" | "socket-path" | "plain" | "no-run";

interface TmuxOptionRow {
	readonly letter: string;
	readonly takes: "flag" | "value";
	readonly meaning: TmuxOptionMeaning;
	/** The man page section the row comes from. */
	readonly source: string;
}

const T = "tmux(1) DESCRIPTION";

/** tmux 3.3's global options (`tmux.c`: `getopt(argc, argv, "2c:CDdf:lL:NqS:T:uUvV")`), a row each. */
export const TMUX_GLOBAL_ROWS: readonly TmuxOptionRow[] = [
	// SECURITY: `tmux -c 'rm x'` runs `rm x` with the default shell (confirmed with tmux 3.3a).
	{
		letter: "c",
		takes: "value",
		meaning: "command",
		source: `${T}: -c shell-command, execute it using the default shell`,
	},
	// SECURITY: a configuration file is tmux commands (`run-shell`, `if-shell`, hooks): code the gate does not read.
	{ letter: "f", takes: "value", meaning: "config", source: `${T}: -f file, an alternative configuration file` },
	// A path of the caller's choosing that tmux creates as its server socket (anywhere, `~/.ssh` included).
	{
		letter: "S",
		takes: "value",
		meaning: "socket-path",
		source: `${T}: -S socket-path, a full alternative socket path`,
	},
	{ letter: "L", takes: "value", meaning: "plain", source: `${T}: -L socket-name, a socket in tmux's own directory` },
	{ letter: "T", takes: "value", meaning: "plain", source: `${T}: -T features, terminal features` },
	{ letter: "2", takes: "flag", meaning: "plain", source: `${T}: -2, assume 256 colours` },
	{ letter: "C", takes: "flag", meaning: "plain", source: `${T}: -C, control mode` },
	{ letter: "D", takes: "flag", meaning: "plain", source: `${T}: -D, do not start the server as a daemon` },
	{ letter: "l", takes: "flag", meaning: "plain", source: `${T}: -l, behave as a login shell` },
	{ letter: "N", takes: "flag", meaning: "plain", source: `${T}: -N, do not start the server` },
	{ letter: "u", takes: "flag", meaning: "plain", source: `${T}: -u, UTF-8 (obsolete)` },
	{ letter: "U", takes: "flag", meaning: "plain", source: "tmux 3.3 tmux.c getopt string: -U (obsolete, ignored)" },
	{ letter: "d", takes: "flag", meaning: "plain", source: "tmux 3.3 tmux.c getopt string: -d (obsolete, ignored)" },
	{ letter: "q", takes: "flag", meaning: "plain", source: "tmux 3.3 tmux.c getopt string: -q (obsolete, ignored)" },
	{ letter: "v", takes: "flag", meaning: "plain", source: `${T}: -v, verbose logging (log files in the directory)` },
	{ letter: "V", takes: "flag", meaning: "no-run", source: `${T}: -V, report the version` },
];

/** POSIX getopt: options end at the first command; a letter tmux does not have is uncertain (tmux refuses it). */
export const TMUX_GLOBAL: OptionGrammar = optionGrammar(
	{ ...POSIX_READING, unknown: "uncertain" },
	{ options: TMUX_GLOBAL_ROWS.map((row) => option([`-${row.letter}`], row.takes)) },
);

const MEANINGS: ReadonlyMap<string, TmuxOptionMeaning> = new Map(
	TMUX_GLOBAL_ROWS.map((row) => [`-${row.letter}`, row.meaning]),
);

/** What the global option `canonical` (`-c`) means, or `null` for one tmux does not have. */
export function tmuxOptionMeaning(canonical: string): TmuxOptionMeaning | null {
	return MEANINGS.get(canonical) ?? null;
}
