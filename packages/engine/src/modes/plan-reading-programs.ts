/**
 * Owns: the data table of the programs plan mode lets run (ADR 0054): programs that only read and print, and the
 * wrappers that run nothing but a command the gate judges on its own; each row says which of its words make it run
 * code or change the system (those words keep it out). A program that writes a file is in the write tables of
 * access-intent, so its writes still meet plan mode's write denial; a program not listed here is not read-only.
 * Never: decides a call (`plan-mode-gate.ts` does) or reads the policy: a listed program is still decided by the rules.
 */

/** One program plan mode lets run. */
interface ReadingRow {
	/**
	 * `reads`: it reads and prints; `wrapper`: it runs a command the gate judges as a unit of its own (bare, it only
	 * prints or runs nothing); `subcommands`: only the listed first words (`git status`).
	 */
	readonly kind: "reads" | "wrapper" | "subcommands";
	/** The first words a `subcommands` row lets run. */
	readonly subcommands?: readonly string[];
	/** Words (an option as written, or its `--opt=` prefix) that run code or change the system: the unit is refused. */
	readonly refuse?: readonly string[];
	/** True when any operand (a word not starting with `-`) changes the system (`hostname NAME`). */
	readonly noOperands?: boolean;
	readonly why: string;
}

const READS = (why: string, refuse?: readonly string[]): ReadingRow =>
	refuse === undefined ? { kind: "reads", why } : { kind: "reads", refuse, why };

/** Plan mode's read-only programs. To add one: a row here and its row in the table test beside this module. */
export const PLAN_READING_PROGRAMS: ReadonlyMap<string, ReadingRow> = new Map<string, ReadingRow>([
	["cat", READS("prints files")],
	["tac", READS("prints files backwards")],
	["head", READS("prints the start of files")],
	["tail", READS("prints the end of files")],
	["wc", READS("counts")],
	["ls", READS("lists directories")],
	["tree", READS("lists directories", ["-o"])],
	["stat", READS("prints file facts")],
	["file", READS("names file types")],
	["du", READS("sums disk use")],
	["df", READS("prints free space")],
	["pwd", READS("prints the directory")],
	["echo", READS("prints its words")],
	["printf", READS("prints its words", ["-v"])],
	["true", READS("does nothing")],
	["false", READS("does nothing")],
	["test", READS("tests files")],
	["[", READS("tests files")],
	["grep", READS("searches files")],
	["egrep", READS("searches files")],
	["fgrep", READS("searches files")],
	["rg", READS("searches files", ["--pre", "--pre-glob", "--hostname-bin"])],
	// `-exec`/`-ok` run commands judged as units of their own; `-delete` and `-fprint` are writes.
	["find", READS("lists files", ["-fprint", "-fprint0", "-fprintf", "-fls"])],
	["fd", READS("lists files")],
	["sort", READS("sorts lines")],
	["uniq", READS("filters lines")],
	["cut", READS("cuts columns")],
	["tr", READS("translates characters")],
	["nl", READS("numbers lines")],
	["paste", READS("joins lines")],
	["join", READS("joins files")],
	["comm", READS("compares files")],
	["diff", READS("compares files")],
	["cmp", READS("compares files")],
	["md5sum", READS("prints checksums")],
	["sha1sum", READS("prints checksums")],
	["sha256sum", READS("prints checksums")],
	["sha512sum", READS("prints checksums")],
	["basename", READS("prints a name")],
	["dirname", READS("prints a directory")],
	["realpath", READS("prints a path")],
	["readlink", READS("prints a link's target")],
	["which", READS("locates programs")],
	["type", READS("describes names")],
	["whoami", READS("prints the user")],
	["id", READS("prints the user")],
	["uname", READS("prints the system")],
	["date", READS("prints the date", ["-s", "--set"])],
	["hostname", { kind: "reads", noOperands: true, why: "prints the host name; an operand would set it" }],
	["printenv", READS("prints the environment")],
	["jq", READS("queries JSON")],
	["column", READS("formats columns")],
	["fold", READS("wraps lines")],
	["od", READS("dumps bytes")],
	["hexdump", READS("dumps bytes")],
	["cd", READS("changes the shell's directory")],
	["sleep", READS("waits")],
	[
		"git",
		{
			kind: "subcommands",
			subcommands: ["status", "log", "diff", "show", "blame", "grep", "ls-files", "rev-parse", "describe", "shortlog"],
			// SECURITY: options that make git run a program or a diff driver (`--ext-diff`, `--textconv`, `-c`).
			refuse: ["-c", "--config-env", "--exec-path", "--ext-diff", "--textconv", "-O", "--open-files-in-pager"],
			why: "git's reading subcommands",
		},
	],
	["time", { kind: "wrapper", why: "times the command it runs, which is judged as a unit of its own" }],
	["nice", { kind: "wrapper", why: "runs a command judged as a unit of its own" }],
	["timeout", { kind: "wrapper", why: "runs a command judged as a unit of its own" }],
	["stdbuf", { kind: "wrapper", why: "runs a command judged as a unit of its own" }],
	["command", { kind: "wrapper", why: "runs (or with `-v` names) a command judged as a unit of its own" }],
	["xargs", { kind: "wrapper", why: "runs a command judged as a unit of its own; bare, it runs `echo`" }],
	["env", { kind: "wrapper", why: "prints the environment, or runs a command judged as a unit of its own" }],
]);

/**
 * Why the unit's words keep plan mode from letting the program run, or `null` when they do not. `name` is the
 * normalised command name, `words` its argument words (`null` for a word that is not literal text).
 */
export function planRefusal(name: string, words: readonly (string | null)[]): string | null {
	const row = PLAN_READING_PROGRAMS.get(name);
	if (row === undefined) return "it may change files or run code the gate cannot see into";
	if (row.kind === "subcommands") {
		const first = words[0];
		if (first === null || first === undefined || !row.subcommands?.includes(first))
			return "only git's reading subcommands run in plan mode";
	}
	for (const word of words) {
		if (word === null) continue;
		if (row.refuse?.some((option) => word === option || word.startsWith(`${option}=`)))
			return "one of its options runs code or changes the system";
		if (row.noOperands === true && !word.startsWith("-")) return "an operand would change the system";
	}
	return null;
}
