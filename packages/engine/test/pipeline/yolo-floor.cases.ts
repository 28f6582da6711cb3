/**
 * Commands whose analysis is incomplete (unparseable, over a work budget, a dynamic command name) and ordinary
 * commands, each with what it gets under the red-team yolo policy (`rm *: deny`, `*.env: deny`), with yolo and
 * without. Rows `pad-*` and `yolo-plain-ask` are the red-team `fidelity-yolo` rows; the rest are our siblings (every
 * other budget, and the other floors of the same class).
 */

const pad = (text: string, times: number): string => text.repeat(times);

/** The red-team `fidelity-yolo` policy. */
export const YOLO_POLICY = {
	permission: { "*": "ask", bash: { "*": "ask", "rm *": "deny" }, path: { "*": "allow", "*.env": "deny" } },
} as const;

export interface IncompleteRow {
	readonly id: string;
	/** What the command is (ids stay short; the commands are huge). */
	readonly shape: string;
	readonly command: string;
	/** Under yolo with the policy above. */
	readonly yolo: "deny" | "allow";
	/**
	 * The words naming what stopped the check: in the ask's reason without yolo (when the floor decided it) and in the
	 * denial under yolo; `null` when nothing stopped it.
	 */
	readonly limit: string | null;
	/** The per-tool gate's pattern without yolo (a floor raises only an allow, so a rule's ask can stand). */
	readonly plain: string;
	/** A known gap this row documents (ADR 0023): the row asserts today's behaviour, and flips when it is closed. */
	readonly gap?: string;
}

export const INCOMPLETE_ROWS: readonly IncompleteRow[] = [
	{
		id: "pad-5000",
		shape: "`true; ` x 5,000 then `rm -rf x`",
		command: `${pad("true; ", 5000)}rm -rf x`,
		yolo: "deny",
		limit: "too large to check: more than 5,000 commands; split it",
		plain: "<unparseable-bash-command>",
	},
	{
		id: "pad-nest",
		shape: "130 nested `$( )` around `rm -rf x`",
		command: `echo ${pad("$(", 130)}rm -rf x${pad(")", 130)}`,
		yolo: "deny",
		limit: "nested too deeply to check (128 levels)",
		plain: "<unparseable-bash-command>",
	},
	{
		id: "pad-size",
		shape: "600 KiB argument then `; rm -rf x`",
		command: `echo ${pad("a", 600 * 1024)}; rm -rf x`,
		yolo: "deny",
		limit: "too long to check: over 512 KiB; split it",
		plain: "<unparseable-bash-command>",
	},
	{
		id: "Y-deep-subshells",
		shape: "200 nested `( )` around `rm -rf x`",
		command: `${pad("( ", 200)}rm -rf x${pad(" )", 200)}`,
		yolo: "deny",
		limit: "nested too deeply to check (128 levels)",
		plain: "<unparseable-bash-command>",
	},
	{
		id: "Y-deep-braces",
		shape: "200 nested `{ }` around `rm -rf x`",
		command: `${pad("{ ", 200)}rm -rf x;${pad(" };", 200)}`,
		yolo: "deny",
		limit: "nested too deeply to check (128 levels)",
		plain: "<unparseable-bash-command>",
	},
	{
		id: "Y-many-pipes",
		shape: "`cat | ` x 5,001 then `rm -rf x`",
		command: `${pad("cat | ", 5001)}rm -rf x`,
		yolo: "deny",
		limit: "too large to check: more than 5,000 commands; split it",
		plain: "<unparseable-bash-command>",
	},
	{
		id: "Y-many-ands",
		shape: "`true && ` x 6,000 then `rm -rf x`",
		command: `${pad("true && ", 6000)}rm -rf x`,
		yolo: "deny",
		limit: "too large to check",
		plain: "<unparseable-bash-command>",
	},
	{
		id: "Y-huge-heredoc",
		shape: "a 600 KiB quoted heredoc, then `rm -rf x`",
		command: `cat <<'EOF'\n${pad("line of text\n", 50_000)}EOF\nrm -rf x`,
		yolo: "deny",
		limit: "too long to check: over 512 KiB; split it",
		plain: "<unparseable-bash-command>",
	},
	{
		id: "Y-heredoc-substitutions",
		shape: "an unquoted heredoc holding 5,001 `$(true)`, then `rm -rf x`",
		command: `cat <<EOF\n${pad("$(true)\n", 5001)}EOF\nrm -rf x`,
		yolo: "deny",
		limit: "too large to check: more than 5,000 commands; split it",
		plain: "<unparseable-bash-command>",
	},
	{
		id: "Y-nested-payloads",
		shape: "`eval` inside `eval` 6 deep around `rm -rf x`",
		command: (() => {
			let command = "rm -rf x";
			for (let depth = 0; depth < 6; depth++) command = `eval ${JSON.stringify(command)}`;
			return command;
		})(),
		yolo: "deny",
		limit: "shells inside one another",
		plain: "<unparseable-bash-command>",
	},
	{
		id: "Y-path-padding",
		shape: "`cat` with 6,000 words before `.env`",
		command: `cat ${pad("w ", 6000)}.env`,
		yolo: "deny",
		limit: "too many words to check the paths they name: more than 5,000; split it",
		plain: "*",
	},
	{
		id: "Y-syntax-error",
		shape: "an unterminated subshell",
		command: "( ls",
		yolo: "deny",
		limit: "tree-sitter-bash reports a syntax error",
		plain: "<unparseable-bash-command>",
	},
	{
		id: "Y-dynamic-name",
		shape: "`$CMD x`",
		command: "$CMD x",
		yolo: "deny",
		limit: null,
		plain: "*",
	},
	{
		id: "Y-ifs-name",
		shape: "`rm${IFS}x`",
		command: "rm${IFS}x",
		yolo: "deny",
		limit: null,
		plain: "*",
	},
	{
		id: "Y-substituted-name",
		shape: "`$(echo rm) -rf x`",
		command: "$(echo rm) -rf x",
		yolo: "deny",
		limit: null,
		plain: "*",
	},
	{
		id: "Y-exec-ifs",
		shape: "`exec rm${IFS}x` (the wrapper's floor first, the dynamic unit after it)",
		command: "exec rm${IFS}x",
		yolo: "deny",
		limit: null,
		plain: "*",
	},
	{
		id: "Y-sudo-dynamic",
		shape: "`sudo $CMD x` (the wrapper runs an unknown program: denied like `$CMD x`)",
		command: "sudo $CMD x",
		yolo: "deny",
		limit: null,
		plain: "*",
	},
	{
		id: "Y-xargs-dynamic",
		shape: "`echo x | xargs $CMD`",
		command: "echo x | xargs $CMD",
		yolo: "deny",
		limit: null,
		plain: "*",
	},
	{
		id: "Y-sudo-known",
		shape: "`sudo ls` (the wrapper runs a known program: yolo lifts it)",
		command: "sudo ls",
		yolo: "allow",
		limit: null,
		plain: "*",
	},
	{
		id: "Y-xargs-known",
		shape: "`find . -name '*.ts' | xargs wc -l`",
		command: "find . -name '*.ts' | xargs wc -l",
		yolo: "allow",
		limit: null,
		plain: "*",
	},
	{
		id: "yolo-plain-ask",
		shape: "`make` (a rule's ask)",
		command: "make",
		yolo: "allow",
		limit: null,
		plain: "*",
	},
	{
		id: "Y-opaque-code",
		shape: "`python3 -c …` (opaque code: yolo trusts it)",
		command: "python3 -c 'print(1)'",
		yolo: "allow",
		limit: null,
		plain: "*",
	},
	{
		id: "Y-thousand-commands",
		shape: "1,000 chained commands within every budget",
		// `date`, not `true`: the shell model allows a chain of builtins without the catch-all (ADR 0053).
		command: `${pad("date && ", 999)}date`,
		yolo: "allow",
		limit: null,
		plain: "*",
	},
];
