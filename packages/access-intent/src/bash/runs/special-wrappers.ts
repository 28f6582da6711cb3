/**
 * Owns: what the wrappers with a grammar of their own run: shells (`bash -c`, a script from stdin), `capsh --`,
 * `mapfile -C`/`fc`, `trap`, `su -c`, `find -exec`/`fd -x` clauses, `xargs`, `flock`, and joined payloads (`watch`).
 * Never: guesses; when the grammar leaves any doubt the result is unknown (`null`).
 */

import { GNU_READING, type OptionGrammar, optionGrammar, strictGrammar } from "../options/option-grammar";
import { valueText } from "../options/option-queries";
import { scanOptions } from "../options/option-scanner";
import { readShellInvocation } from "../options/programs/bash";
import { refTexts, scanWords } from "../options/word-option-scan";
import type { Redirect } from "../reading/command-unit";
import { literalWordText } from "../reading/shell-word";
import type { WordRef } from "../reading/unit-draft";
import { type CommandEnvironment, POSITIONAL } from "../state/environment-words";
import { type Execution, type Found, NOT_A_WRAPPER } from "./option-effects";
import { BASH_COMPATIBLE_SHELLS, STDIN_PATHS } from "./wrapper-table";

const UNKNOWN = null;

/** `watch 'a; b'`, `parallel cmd :::`: the words are joined with spaces and read by a shell. */
export function joinedPayload(words: readonly WordRef[]): readonly Execution[] | null {
	const values = words.map((ref) => literalWordText(ref.word));
	if (values.some((value) => value === null)) return UNKNOWN;
	return [{ kind: "payload", text: values.join(" ") }];
}

/** `capsh [opts] -- ARGS` runs `/bin/bash ARGS`; `==` runs capsh again; without either it runs nothing. */
export function capshExecutions(args: readonly WordRef[], redirects: readonly Redirect[]): Found {
	for (let i = 0; i < args.length; i++) {
		const text = literalWordText((args[i] as WordRef).word);
		if (text === null || text === "==" || text.startsWith("--shell=")) return UNKNOWN;
		if (text === "--") {
			const shell = shellExecutions("bash", args.slice(i + 1), redirects);
			return shell === NOT_A_WRAPPER ? UNKNOWN : shell;
		}
	}
	return NOT_A_WRAPPER;
}

/**
 * What a shell runs, its options read by bash's one invocation grammar (`options/programs/bash.ts`): the `-c` string,
 * a script from stdin, or nothing the gate can name (`not-a-wrapper`: a script file, `--version`).
 */
export function shellExecutions(
	name: string,
	args: readonly WordRef[],
	redirects: readonly Redirect[],
): readonly Execution[] | null | "not-a-wrapper" {
	const invocation = readShellInvocation(args);
	if (invocation.kind === "unknown") return UNKNOWN;
	if (invocation.kind === "no-run") return "not-a-wrapper";
	const operand = args[invocation.operand];
	const parseable = BASH_COMPATIBLE_SHELLS.has(name);
	// SECURITY: `-c` counts in any cluster (`-lc`, `-xc`, `-ec`, PP-034) and with a plus (`bash +c 'rm x'` runs it).
	if (invocation.inline) {
		const payload = operand === undefined ? null : literalWordText(operand.word);
		return payload === null || !parseable ? UNKNOWN : [{ kind: "payload", text: payload }];
	}
	if (operand === undefined || invocation.stdin) {
		// A shell with no script reads one from stdin: a pipe, a file, a here-document (`curl x | sh`, `sh <<EOF`).
		const herestring = redirects.find((redirect) => redirect.operator.endsWith("<<<"));
		const text = herestring === undefined ? null : literalWordText(herestring.target);
		return text === null || !parseable || operand !== undefined ? UNKNOWN : [{ kind: "payload", text }];
	}
	const script = literalWordText(operand.word);
	return script !== null && STDIN_PATHS.has(script) ? UNKNOWN : "not-a-wrapper";
}

/** `mapfile -C cmd` and any `fc` run a string this parse does not see; `mapfile` without `-C` runs nothing. */
export function callbackExecutions(
	name: string,
	args: readonly WordRef[],
): readonly Execution[] | null | "not-a-wrapper" {
	if (name === "fc") return UNKNOWN;
	for (const arg of args) {
		const text = literalWordText(arg.word);
		if (text === null) return UNKNOWN;
		if (text === "--") break;
		if (/^-[A-Za-z]*C/.test(text)) return UNKNOWN;
	}
	return "not-a-wrapper";
}

/** `trap 'cmd' EXIT` runs `cmd` later in this shell; `trap`, `trap -p`, `trap - INT`, `trap '' INT` run nothing. */
export function trapExecutions(args: readonly WordRef[]): readonly Execution[] | null | "not-a-wrapper" {
	const first = args[0]?.word;
	const text = first === undefined ? "" : literalWordText(first);
	const action = text === "--" ? args[1]?.word : first;
	const actionText = action === undefined ? "" : literalWordText(action);
	if (actionText === null) return UNKNOWN;
	if (
		actionText === "" ||
		actionText === "-" ||
		actionText === "-p" ||
		actionText === "-l" ||
		/^\d+$/.test(actionText)
	) {
		return "not-a-wrapper";
	}
	return [{ kind: "payload", text: actionText }];
}

/**
 * How `su`, `sg`, `runuser` and `script` are searched for their payload: `-c CMD`, `--command CMD`, `--command=CMD`
 * written whole wherever they stand (`--` included; `-lc` is not read as `-c`), and a computed word is unknown.
 */
const SU_GRAMMAR: OptionGrammar = optionGrammar(
	{ ...GNU_READING, abbreviations: "none", singleDash: "word", endOfOptions: false, computed: "uncertain" },
	{ shortValue: "c", longValue: ["command"] },
);

export function suExecutions(args: readonly WordRef[]): readonly Execution[] | null {
	const texts = refTexts(args);
	const payload = scanOptions(texts, SU_GRAMMAR).options.find((option) => option.known);
	// No `-c` before a computed word or the end: the command is the login shell's (or unknown).
	if (payload === undefined) return UNKNOWN;
	const text = payload.value === null ? null : valueText(payload.value, texts);
	return text === null ? UNKNOWN : [{ kind: "payload", text }];
}

/** `su`, `sg`, `runuser`: the payload runs in the target user's login shell (`script -c` also writes a log file). */
const SWITCH_USER: ReadonlySet<string> = new Set(["su", "sg", "runuser"]);

/**
 * A word every shell a user may log in with (bash, dash, zsh, ksh, fish, csh) reads as its own text: no quote,
 * expansion, glob, brace, comment, history or job character, and no `=` first (zsh's `=cmd`).
 */
const PORTABLE_WORD = /^[\w./:@+,~-][\w./:=@+,~-]*$/;
const PORTABLE_OPERATORS: ReadonlySet<string> = new Set(["|", "||", "&&", ";", ">", ">>", "<"]);

/**
 * True for `su`, `sg`, `runuser` with one payload made only of portable words and the operators those shells share, each apart by blanks:
 * the target user's shell (not known here: it is in /etc/passwd) then runs what the bash reading of it runs.
 */
export function isPortableSwitchUser(name: string, executions: readonly Execution[] | null): boolean {
	if (!SWITCH_USER.has(name)) return false;
	const only = executions?.length === 1 ? executions[0] : undefined;
	if (only?.kind !== "payload") return false;
	const words = only.text.trim().split(/[ \t]+/);
	if (words.length === 0 || !PORTABLE_WORD.test(words[0] as string)) return false;
	return words.every((word) => PORTABLE_WORD.test(word) || PORTABLE_OPERATORS.has(word));
}

/**
 * `find` tests, options and actions that take the next word as their argument (GNU findutils 4.9, checked in the
 * oracle test); `-fprintf FILE FORMAT` takes two. SECURITY: `find . -fprintf -exec %p -exec rm {} \;` writes to a
 * file named `-exec` and then runs `rm`: a value is never a clause flag (ADR 0038).
 */
const FIND_VALUE_TESTS =
	/^-(?:i?name|i?path|i?wholename|i?regex|i?lname|[acm](?:time|min)|[ac]?newer|newer[aBcm][aBcmt]|perm|size|x?type|user|group|[ug]id|links|inum|samefile|(?:max|min)depth|used|fstype|context|regextype|printf|fprint0?|fls|files0-from)$/;

/** find exits with an error before it runs anything: it is no wrapper, whatever its clauses name. */
const REJECTED_EXPRESSION = "not-a-wrapper";

/**
 * True when no field of the word's expansion can be a bare `;` or `+`: it is one field (only quoted variables, and
 * the positional parameters of Pi's `bash -c`, which are empty), and that field holds literal text other than a
 * terminator (`"$archive.tar"`, `s/"$1"/`), or is only literal text that is none.
 */
function neverTerminator(word: WordRef["word"], positionalEmpty: boolean): boolean {
	let text = "";
	let variable = false;
	for (const part of word.parts) {
		if (part.kind === "literal") text += part.text;
		else if (part.kind === "variable" && part.quoted) variable = true;
		else if (!(part.kind === "dynamic" && positionalEmpty && POSITIONAL.test(part.raw) && !part.raw.includes("#")))
			return false;
	}
	return text !== ";" && text !== "+" && (!variable || text !== "");
}

/** `find … -exec cmd {} \;` and `fd -x cmd`: every clause is an execution; unknown words make all uncertain. */
export function execClauses(
	args: readonly WordRef[],
	flags: readonly string[],
	terminators: readonly string[],
	needsTerminator: boolean,
	environment: CommandEnvironment,
): readonly Execution[] | null | "not-a-wrapper" {
	const executions: Execution[] = [];
	let uncertain = false;
	for (let i = 0; i < args.length; i++) {
		const word = (args[i] as WordRef).word;
		const text = literalWordText(word);
		// `find . -mtime $N`, `-name "$1"`: a test's argument is consumed whole, whatever it expands to.
		if (needsTerminator && text !== null && (FIND_VALUE_TESTS.test(text) || text === "-fprintf")) {
			i += text === "-fprintf" ? 2 : 1;
			continue;
		}
		// SECURITY: `find . $X rm {} \;` with X=-exec; a computed word may be the exec flag itself (or `-delete`, so
		// even a quoted `"$DIR"` stays uncertain), unless the command's text cannot choose its value (ADR 0031).
		if (text === null && !environment.cannotBeOption(word)) uncertain = true;
		if (text === null || !flags.includes(text)) continue;
		let end = i + 1;
		let computed = false;
		for (; end < args.length; end++) {
			const clauseWord = (args[end] as WordRef).word;
			const clauseText = literalWordText(clauseWord);
			if (clauseText !== null && terminators.includes(clauseText)) break;
			// SECURITY: `find . -exec echo $X -exec rm {} \;` with X=';' ends the first clause early and runs `rm`:
			// only a word led by literal text whose expansions are quoted (`a"$X"`) is never a terminator or split.
			if (clauseText === null && !neverTerminator(clauseWord, environment.positionalParametersEmpty)) computed = true;
		}
		const words = args.slice(i + 1, end);
		if (needsTerminator && computed) uncertain = true;
		// `find . -exec cat {} ;` (bash ate the `;`), `-exec grep x`: find rejects a clause with no terminator and runs
		// nothing at all (GNU findutils 4.9, BSD find: "missing argument to -exec"), so no clause of it runs (ADR 0038).
		// An earlier computed word may have consumed this flag as a test's value (X=-name), so only a fully literal
		// expression is known to be rejected.
		if (needsTerminator && end >= args.length) return uncertain || computed ? UNKNOWN : REJECTED_EXPRESSION;
		if (words.length === 0) uncertain = true;
		// `fd -x cmd` appends the path when `cmd` holds no placeholder (`{}`, `{/}`, `{.}`, …); `find -exec`
		// substitutes only `{}`, so `sh -c 'echo "${1}"' _ {}` keeps its script.
		else
			executions.push({ kind: "words", words, markers: needsTerminator ? ["{}"] : ["{"], appended: !needsTerminator });
		i = end;
	}
	if (executions.length === 0 && !uncertain) return "not-a-wrapper";
	return uncertain ? UNKNOWN : executions;
}

const XARGS_GRAMMAR: OptionGrammar = strictGrammar({
	shortValue: "nPLsaEdI",
	shortFlag: "0rtpxo",
	shortOptional: "ile",
	longValue: ["max-args", "max-procs", "max-chars", "arg-file", "delimiter", "process-slot-var"],
	longFlag: [
		"null",
		"no-run-if-empty",
		"verbose",
		"interactive",
		"exit",
		"open-tty",
		"show-limits",
		"replace",
		"max-lines",
		"eof",
	],
});

export function xargsExecutions(args: readonly WordRef[]): readonly Execution[] | null {
	const texts = refTexts(args);
	const scan = scanWords(args, XARGS_GRAMMAR, texts);
	if (scan.uncertain !== null) return UNKNOWN;
	const words = args.slice(scan.rest);
	// Bare `xargs` runs `echo`, which the corpus keeps without an executed unit (PP-044).
	if (words.length === 0) return UNKNOWN;
	const markers: string[] = [];
	for (const option of scan.options) {
		const value = option.value === null ? null : valueText(option.value, texts);
		// A computed replace string (`-I "$R"`) is unknown: the empty marker makes the command unknown below.
		if (option.name === "-I") markers.push(value ?? "");
		if (option.name === "-i" || option.name === "--replace") markers.push(value || "{}");
	}
	if (markers.includes("")) return UNKNOWN;
	// Without a replace string xargs appends the words it reads to the command (`xargs git` may run `git push`).
	return [{ kind: "words", words, markers, appended: markers.length === 0 }];
}

const FLOCK_GRAMMAR: OptionGrammar = strictGrammar({
	shortValue: "wE",
	shortFlag: "sxunoF",
	longValue: ["timeout", "conflict-exit-code"],
	longFlag: ["shared", "exclusive", "unlock", "nonblock", "close", "no-fork", "verbose"],
});

export function flockExecutions(args: readonly WordRef[]): readonly Execution[] | null {
	const scan = scanWords(args, FLOCK_GRAMMAR);
	if (scan.uncertain !== null) return UNKNOWN;
	const rest = args.slice(scan.rest + 1);
	const first = rest[0] === undefined ? null : literalWordText(rest[0].word);
	if (first === "-c" || first === "--command") {
		const payload = rest[1] === undefined ? null : literalWordText(rest[1].word);
		return payload === null ? UNKNOWN : [{ kind: "payload", text: payload }];
	}
	return rest.length === 0 ? UNKNOWN : [{ kind: "words", words: rest, markers: [] }];
}
