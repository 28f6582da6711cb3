/**
 * Owns: which shells' `-c 'literal script'` the gate reads as bash and judges by its units (ADR 0031): the shell rows,
 * the option words allowed before the script, and when the words after it (its `$0`, `$1`, …) make its computed
 * words run-time data.
 * Never: parses the script (the payload parser does) or decides an action; a shell without a row stays opaque.
 */
import { readShellInvocation } from "../options/programs/bash";
import { literalWordText } from "../reading/shell-word";
import type { WordRef } from "../reading/unit-draft";

/**
 * How to add a row: a shell whose grammar the bash grammar reads without hiding a command. `ansiC`: the shell reads
 * `$'…'` and `$"…"` as bash does; where it does not (dash reads `$'a\'` as `$` and `'a\'`), a script holding either
 * stays opaque. zsh, ksh and fish are left out on purpose: zsh glob qualifiers (`*(e:'cmd':)`) run code.
 */
export const READ_SCRIPT_SHELLS: ReadonlyMap<string, { readonly ansiC: boolean; readonly why: string }> = new Map([
	["bash", { ansiC: true, why: "the grammar is bash's" }],
	["sh", { ansiC: false, why: "POSIX sh (bash or dash): a subset of bash's grammar" }],
	["dash", { ansiC: false, why: "POSIX sh without ANSI-C strings" }],
]);

/** The script reads its arguments (`$0`, `$1`, `"$@"`, `shift`, `for f; do`): they are data the gate cannot see. */
const READS_ARGUMENTS =
	/\$(?:[0-9@*#]|\{[0-9@*#!])|(?:^|[^\w-])(?:shift|getopts|select|set)(?![\w-])|BASH_ARGV|(?:^|[^\w-])for\s+\w+\s*(?:;|\n|do(?![\w-]))/;

/** How a literal script is read: `arguments` when words after it reach a script that reads them (`$1`, `"$@"`). */
interface ScriptReading {
	readonly arguments: boolean;
}

/**
 * Markers that make every computed word of a script that reads its arguments a run-time word (ADR 0031): its
 * `$1`, and any variable, substitution or loop word built from it, holds data only the run decides. A word holding
 * `$` or a backquote then stands for any text in the rules (`git "$1"` meets `git push *`).
 */
export const SCRIPT_ARGUMENT_MARKERS: readonly string[] = ["$", "`"];

/**
 * How `name args` runs a literal script the gate reads whole, or `null`: a row above, only the options above and a
 * literal script. When words follow the script and it reads them, `arguments` says its computed words are data.
 */
export function readsLiteralScript(name: string, args: readonly WordRef[]): ScriptReading | null {
	const row = READ_SCRIPT_SHELLS.get(name);
	if (row === undefined) return null;
	// The options by bash's one grammar (`options/programs/bash.ts`): only `-c` with options that change no word of
	// the script (`-e`, `-x`, `-l`, `-o pipefail`, `--norc`); `--rcfile`, `-i`, `-a`, `-O`, `-o posix` stay opaque.
	const invocation = readShellInvocation(args);
	if (invocation.kind !== "runs" || !invocation.inline || invocation.stdin || !invocation.asWritten) return null;
	const operand = args[invocation.operand];
	const script = operand === undefined ? null : literalWordText(operand.word);
	if (script === null) return null;
	if (!row.ansiC && /\$['"]/.test(script)) return null;
	return { arguments: invocation.operand + 1 < args.length && scriptReadsArguments(script) };
}

/** True when the script reads its arguments: words a wrapper appends at run time (`xargs sh -c …`) then reach it. */
export function scriptReadsArguments(script: string): boolean {
	return READS_ARGUMENTS.test(script);
}
