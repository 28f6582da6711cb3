/**
 * Owns: deciding whether a command's words are a wrapper (opaque payload or indirection) and what it executes:
 * the inner command's words, or a shell payload to parse. Reads the option tables in `wrapper-table.ts`.
 * Never: guesses; when the option grammar leaves any doubt the executions are `null`.
 */

import { CODE_RUNNING_OPTIONS } from "./code-running-option-table";
import { awkExecutions, sedExecutions } from "./command-language-effects";
import { commandNameOf } from "./command-name";
import { loaderExecutions, sqliteExecutions, startStopExecutions, tmuxExecutions } from "./command-runner-analysis";
import { PACKAGE_RUNNERS, SELF_EXE } from "./command-runner-table";
import type { Redirect, WrapperKind } from "./command-unit";
import { environmentExecutions, type Setting, settingFromWord } from "./environment-effects";
import { gitExecutions } from "./git-effects";
import { analyseInterpreter } from "./interpreter-analysis";
import {
	combineFound,
	type Execution,
	type Found,
	NOT_A_WRAPPER,
	optionExecutions,
	startsLikeOption,
} from "./option-effects";
import { literalWordText } from "./shell-word";
import type { WordRef } from "./unit-draft";
import {
	BASH_COMPATIBLE_SHELLS,
	EFFECT_SHAPES,
	interpreterEntry,
	type OptionGrammar,
	type PrefixWrapper,
	type SpecialShape,
	STDIN_PATHS,
	wrapperEntry,
} from "./wrapper-table";

export type { Execution } from "./option-effects";

export interface WrapperAnalysis {
	readonly kind: WrapperKind;
	/** What runs, or `null` when it cannot be established with certainty. */
	readonly executions: readonly Execution[] | null;
}

const UNKNOWN = null;

/**
 * Analyses `words` (command name first) run with the environment `settings` (its `NAME=value` prefixes). `markers`
 * are run-time substitutions an outer wrapper makes in the words.
 */
export function analyseWrapper(
	words: readonly WordRef[],
	redirects: readonly Redirect[],
	markers: readonly string[],
	settings: readonly Setting[] = [],
): WrapperAnalysis | null {
	const own = analyseProgram(words, redirects);
	const environment = settings.length === 0 ? NOT_A_WRAPPER : environmentExecutions(settings);
	if (environment === NOT_A_WRAPPER) return certain(own, markers);
	if (own === null) return certain(analysisOf("indirection", environment), markers);
	const executions = combineFound(own.executions, environment) as Execution[] | null;
	// A variable that runs code we cannot see makes the unit opaque whatever the program is.
	const kind = environment === null ? "opaque-payload" : own.kind;
	return certain({ kind, executions }, markers);
}

/** Settings alone (`export GIT_EDITOR=…`, `PAGER=x`): what they make later commands run, or `null` for nothing. */
export function analyseSettings(settings: readonly Setting[]): WrapperAnalysis | null {
	const environment = environmentExecutions(settings);
	return environment === NOT_A_WRAPPER ? null : analysisOf("indirection", environment);
}

function analysisOf(kind: WrapperKind, found: Exclude<Found, typeof NOT_A_WRAPPER>): WrapperAnalysis {
	return { kind: found === null ? "opaque-payload" : kind, executions: found };
}

function certain(analysis: WrapperAnalysis | null, markers: readonly string[]): WrapperAnalysis | null {
	return analysis === null ? null : { kind: analysis.kind, executions: certainOnly(analysis.executions, markers) };
}

function analyseProgram(words: readonly WordRef[], redirects: readonly Redirect[]): WrapperAnalysis | null {
	const head = words[0];
	if (head === undefined) return null;
	const args = words.slice(1);
	// SECURITY: `/proc/self/exe -c 'rm x'` is the running bash itself.
	if (SELF_EXE.test(literalWordText(head.word) ?? ""))
		return fromFound("opaque-payload", shellExecutions("bash", args, redirects));
	const name = commandNameOf(head.word);
	if (name === null) return null;
	const entry = wrapperEntry(name);
	if (entry === null) {
		const interpreter = interpreterEntry(name);
		return interpreter === null ? null : analyseInterpreter(args, interpreter, redirects);
	}
	const spec = entry.spec;
	if (spec.shape === "prefix") return fromFound(entry.kind, prefixExecutions(args, spec));
	const executions = specialExecutions(spec.shape, name, args, redirects);
	if (executions !== NOT_A_WRAPPER && EFFECT_SHAPES.has(spec.shape)) return analysisOf(entry.kind, executions);
	return fromFound(entry.kind, executions);
}

function fromFound(kind: WrapperKind, found: Found): WrapperAnalysis | null {
	return found === NOT_A_WRAPPER ? null : { kind, executions: found };
}

/** A payload or command name that holds an outer wrapper's run-time substitution is not known. */
function certainOnly(executions: readonly Execution[] | null, markers: readonly string[]): readonly Execution[] | null {
	if (executions === null) return executions;
	for (const execution of executions) {
		const text = execution.kind === "payload" ? execution.text : (execution.words[0]?.word.raw ?? "");
		// SECURITY: `find . -exec {} \;` and `xargs -I{} sh -c 'rm {}'` run what only the input decides.
		const all = execution.kind === "words" ? [...markers, ...execution.markers] : markers;
		if (all.some((marker) => text.includes(marker))) return UNKNOWN;
	}
	return executions;
}

interface OptionScan {
	/** Index of the first word after the options, or `null` when the options are not understood. */
	readonly next: number | null;
	readonly options: readonly { readonly name: string; readonly value: string | null }[];
}

/** Scans leading options by `grammar`; any option it does not know makes the scan uncertain. */
export function scanOptions(args: readonly WordRef[], grammar: OptionGrammar): OptionScan {
	const options: { name: string; value: string | null }[] = [];
	let i = 0;
	while (i < args.length) {
		const text = literalWordText((args[i] as WordRef).word);
		// SECURITY: `sudo $OPT rm x` may hide `-s`; a non-literal word where an option may stand is not guessed.
		if (text === null)
			return { next: text === null && !startsLikeOption((args[i] as WordRef).word) ? i : null, options };
		if (text === "--") return { next: i + 1, options };
		if (text === "-" && grammar.loneDash) {
			options.push({ name: "-", value: null });
			i++;
			continue;
		}
		if (!text.startsWith("-") || text === "-") return { next: i, options };
		if (text.startsWith("--")) {
			const [name = "", value] = text.slice(2).split(/=(.*)/s);
			if (grammar.longUncertain?.includes(name)) return { next: null, options };
			if (grammar.longValue.includes(name)) {
				if (value === undefined && i + 1 >= args.length) return { next: null, options };
				options.push({ name, value: value ?? literalWordText((args[i + 1] as WordRef).word) });
				i += value === undefined ? 2 : 1;
				continue;
			}
			if (!grammar.longFlag.includes(name)) return { next: null, options };
			options.push({ name, value: value ?? null });
			i++;
			continue;
		}
		const consumed = scanCluster(text, args, i, grammar, options);
		if (consumed === null) return { next: null, options };
		i += consumed;
	}
	return { next: i, options };
}

function scanCluster(
	text: string,
	args: readonly WordRef[],
	i: number,
	grammar: OptionGrammar,
	options: { name: string; value: string | null }[],
): number | null {
	if (grammar.numericOption && /^-\d+$/.test(text)) {
		options.push({ name: "n", value: text.slice(1) });
		return 1;
	}
	for (let j = 1; j < text.length; j++) {
		const letter = text[j] as string;
		if (grammar.shortUncertain?.includes(letter)) return null;
		if (grammar.shortValue.includes(letter)) {
			const attached = text.slice(j + 1);
			if (attached !== "") {
				options.push({ name: letter, value: attached });
				return 1;
			}
			const next = args[i + 1];
			if (next === undefined) return null;
			options.push({ name: letter, value: literalWordText(next.word) });
			return 2;
		}
		if (grammar.shortOptional?.includes(letter)) {
			options.push({ name: letter, value: text.slice(j + 1) });
			return 1;
		}
		if (!grammar.shortFlag.includes(letter)) return null;
		options.push({ name: letter, value: null });
	}
	return 1;
}

function prefixExecutions(args: readonly WordRef[], spec: PrefixWrapper): readonly Execution[] | null {
	const scan = scanOptions(args, spec.grammar);
	if (scan.next === null) return UNKNOWN;
	let i = scan.next;
	const settings: Setting[] = [];
	if (spec.assignments) {
		for (; i < args.length; i++) {
			const setting = settingFromWord((args[i] as WordRef).word);
			if (setting === null) break;
			settings.push(setting);
		}
	}
	const environment = settings.length === 0 ? NOT_A_WRAPPER : environmentExecutions(settings);
	// SECURITY: `env GIT_EXTERNAL_DIFF='rm x;:' git diff` runs the value as `GIT_EXTERNAL_DIFF=… git diff` does.
	if (environment === null) return UNKNOWN;
	const own = prefixCommand(args, i, spec);
	return own === null ? UNKNOWN : (combineFound(own, environment) as readonly Execution[]);
}

function prefixCommand(args: readonly WordRef[], from: number, spec: PrefixWrapper): readonly Execution[] | null {
	let i = from;
	i += spec.operands;
	let end = args.length;
	const stop = args.findIndex((arg, index) => index >= i && spec.terminators.includes(literalWordText(arg.word) ?? ""));
	if (stop !== -1) end = stop;
	const words = args.slice(i, end);
	if (words.length === 0) return UNKNOWN;
	if (spec.shellJoin) {
		const payload = joinedPayload(words);
		const text = payload?.[0]?.kind === "payload" ? payload[0].text : "";
		return spec.markers.some((marker) => text.includes(marker)) ? UNKNOWN : payload;
	}
	return [{ kind: "words", words, markers: spec.markers }];
}

/** `watch 'a; b'`, `parallel cmd :::`: the words are joined with spaces and read by a shell. */
function joinedPayload(words: readonly WordRef[]): readonly Execution[] | null {
	const values = words.map((ref) => literalWordText(ref.word));
	if (values.some((value) => value === null)) return UNKNOWN;
	return [{ kind: "payload", text: values.join(" ") }];
}

function specialExecutions(
	shape: SpecialShape,
	name: string,
	args: readonly WordRef[],
	redirects: readonly Redirect[],
): readonly Execution[] | null | "not-a-wrapper" {
	switch (shape) {
		case "shell":
			return shellExecutions(name, args, redirects);
		case "eval":
			return args.length === 0 ? UNKNOWN : joinedPayload(args);
		case "trap":
			return trapExecutions(args);
		case "callback":
			return callbackExecutions(name, args);
		case "awk":
			return awkExecutions(args);
		case "sed":
			return sedExecutions(args);
		case "command-runner":
			return UNKNOWN;
		case "options":
			return optionExecutions(args, CODE_RUNNING_OPTIONS.get(name) ?? []);
		case "git":
			return gitExecutions(args);
		case "package-runner":
			return packageRunnerExecutions(name, args, redirects);
		case "tmux":
			return tmuxExecutions(args);
		case "sqlite":
			return sqliteExecutions(args);
		case "loader":
			return loaderExecutions(args);
		case "start-stop":
			return startStopExecutions(args);
		case "capsh":
			return capshExecutions(args, redirects);
		case "source": {
			const target = args[0];
			if (target === undefined) return "not-a-wrapper";
			const path = literalWordText(target.word);
			// `source ./env.sh` runs a named file, like `bash script.sh` (PP-035); stdin or a computed path is opaque.
			return path !== null && !STDIN_PATHS.has(path) ? "not-a-wrapper" : UNKNOWN;
		}
		case "su":
			return suExecutions(args);
		case "find":
			return execClauses(args, ["-exec", "-execdir", "-ok", "-okdir"], [";", "+"], true);
		case "fd":
			return execClauses(args, ["-x", "--exec", "-X", "--exec-batch"], [";"], false);
		case "xargs":
			return xargsExecutions(args);
		case "flock":
			return flockExecutions(args);
		default: {
			const unhandled: never = shape;
			throw new Error(`unhandled wrapper shape ${String(unhandled)}`);
		}
	}
}

const SHELL_GRAMMAR_LONG_VALUE = ["--rcfile", "--init-file"];

/** `npx -c 'cmd'`, `npm exec --call=cmd`: the runners' own options that take a shell command. */
const RUNNER_CALL_OPTIONS = CODE_RUNNING_OPTIONS.get("npx") ?? [];

/**
 * `npx tsc`, `uv run pytest` run nothing this parse judges apart from the runner; `npx -c 'cmd'` runs `cmd`, and a
 * command that is itself a wrapper (`npx node -e …`, `poetry run bash -c 'rm x'`) is its executed unit.
 */
function packageRunnerExecutions(name: string, args: readonly WordRef[], redirects: readonly Redirect[]): Found {
	const runner = PACKAGE_RUNNERS.get(name);
	if (runner === undefined) return NOT_A_WRAPPER;
	let i = 0;
	if (runner.verbs !== null) {
		const verb = args[0] === undefined ? "" : literalWordText(args[0].word);
		if (verb === null) return UNKNOWN;
		if (!runner.verbs.includes(verb)) return NOT_A_WRAPPER;
		i = 1 + runner.operands;
	}
	const own = name === "npx" || name === "npm" ? optionExecutions(args.slice(i), RUNNER_CALL_OPTIONS) : NOT_A_WRAPPER;
	for (; i < args.length; i++) {
		const text = literalWordText((args[i] as WordRef).word);
		if (text === null || !text.startsWith("-")) break;
		if (text === "--") {
			i++;
			break;
		}
		if (runner.valueOptions.includes(text)) i++;
	}
	const inner = args.slice(i);
	// SECURITY: the runner hands its words to a wrapper (`npx node -e`, `uv run python -c`, `poetry run sh -c`).
	if (own === null || inner.length === 0 || analyseProgram(inner, redirects) === null) return own;
	return combineFound(own, [{ kind: "words", words: inner, markers: [] }]);
}

/** `capsh [opts] -- ARGS` runs `/bin/bash ARGS`; `==` runs capsh again; without either it runs nothing. */
function capshExecutions(args: readonly WordRef[], redirects: readonly Redirect[]): Found {
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

export function shellExecutions(
	name: string,
	args: readonly WordRef[],
	redirects: readonly Redirect[],
): readonly Execution[] | null | "not-a-wrapper" {
	let inline = false;
	let fromStdin = false;
	let i = 0;
	while (i < args.length) {
		const text = literalWordText((args[i] as WordRef).word);
		if (text === null) return UNKNOWN;
		if (text === "--" || text === "-") {
			i++;
			break;
		}
		if (text === "--version" || text === "--help") return "not-a-wrapper";
		if (SHELL_GRAMMAR_LONG_VALUE.includes(text)) {
			i += 2;
			continue;
		}
		if (text.startsWith("--")) {
			i++;
			continue;
		}
		if (!/^[-+][A-Za-z]+$/.test(text)) break;
		// SECURITY: `-c` counts in any cluster (`-lc`, `-xc`, `-ec`), PP-034.
		if (text.startsWith("-") && text.includes("c")) inline = true;
		if (text.includes("s")) fromStdin = true;
		i += 1 + (text.match(/[oO]/g)?.length ?? 0);
	}
	const operand = args[i];
	const parseable = BASH_COMPATIBLE_SHELLS.has(name);
	if (inline) {
		const payload = operand === undefined ? null : literalWordText(operand.word);
		return payload === null || !parseable ? UNKNOWN : [{ kind: "payload", text: payload }];
	}
	if (operand === undefined || fromStdin) {
		// A shell with no script reads one from stdin: a pipe, a file, a here-document (`curl x | sh`, `sh <<EOF`).
		const herestring = redirects.find((redirect) => redirect.operator.endsWith("<<<"));
		const text = herestring === undefined ? null : literalWordText(herestring.target);
		return text === null || !parseable || operand !== undefined ? UNKNOWN : [{ kind: "payload", text }];
	}
	const script = literalWordText(operand.word);
	return script !== null && STDIN_PATHS.has(script) ? UNKNOWN : "not-a-wrapper";
}

/** `mapfile -C cmd` and any `fc` run a string this parse does not see; `mapfile` without `-C` runs nothing. */
function callbackExecutions(name: string, args: readonly WordRef[]): readonly Execution[] | null | "not-a-wrapper" {
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
function trapExecutions(args: readonly WordRef[]): readonly Execution[] | null | "not-a-wrapper" {
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

function suExecutions(args: readonly WordRef[]): readonly Execution[] | null {
	for (let i = 0; i < args.length; i++) {
		const text = literalWordText((args[i] as WordRef).word);
		if (text === null) return UNKNOWN;
		const attached = text.startsWith("--command=") ? text.slice("--command=".length) : null;
		if (attached !== null) return [{ kind: "payload", text: attached }];
		if (text === "-c" || text === "--command") {
			const payload = args[i + 1] === undefined ? null : literalWordText((args[i + 1] as WordRef).word);
			return payload === null ? UNKNOWN : [{ kind: "payload", text: payload }];
		}
	}
	return UNKNOWN;
}

/** `find … -exec cmd {} \;` and `fd -x cmd`: every clause is an execution; unknown words make all uncertain. */
function execClauses(
	args: readonly WordRef[],
	flags: readonly string[],
	terminators: readonly string[],
	needsTerminator: boolean,
): readonly Execution[] | null | "not-a-wrapper" {
	const executions: Execution[] = [];
	let uncertain = false;
	for (let i = 0; i < args.length; i++) {
		const word = (args[i] as WordRef).word;
		const text = literalWordText(word);
		// SECURITY: `find . $X rm {} \;` with X=-exec; a computed word may be the exec flag itself.
		if (text === null && startsLikeOption(word)) uncertain = true;
		if (text === null || !flags.includes(text)) continue;
		let end = i + 1;
		while (end < args.length && !terminators.includes(literalWordText((args[end] as WordRef).word) ?? "")) end++;
		const words = args.slice(i + 1, end);
		if (words.length === 0 || (needsTerminator && end >= args.length)) uncertain = true;
		else executions.push({ kind: "words", words, markers: ["{"] });
		i = end;
	}
	if (executions.length === 0 && !uncertain) return "not-a-wrapper";
	return uncertain ? UNKNOWN : executions;
}

const XARGS_GRAMMAR: OptionGrammar = {
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
};

function xargsExecutions(args: readonly WordRef[]): readonly Execution[] | null {
	const scan = scanOptions(args, XARGS_GRAMMAR);
	if (scan.next === null) return UNKNOWN;
	const words = args.slice(scan.next);
	// Bare `xargs` runs `echo`, which the corpus keeps without an executed unit (PP-044).
	if (words.length === 0) return UNKNOWN;
	const markers: string[] = [];
	for (const option of scan.options) {
		if (option.name === "I") markers.push(option.value ?? "");
		if (option.name === "i" || option.name === "replace") markers.push(option.value || "{}");
	}
	if (markers.includes("")) return UNKNOWN;
	return [{ kind: "words", words, markers }];
}

const FLOCK_GRAMMAR: OptionGrammar = {
	shortValue: "wE",
	shortFlag: "sxunoF",
	longValue: ["timeout", "conflict-exit-code"],
	longFlag: ["shared", "exclusive", "unlock", "nonblock", "close", "no-fork", "verbose"],
};

function flockExecutions(args: readonly WordRef[]): readonly Execution[] | null {
	const scan = scanOptions(args, FLOCK_GRAMMAR);
	if (scan.next === null) return UNKNOWN;
	const rest = args.slice(scan.next + 1);
	const first = rest[0] === undefined ? null : literalWordText(rest[0].word);
	if (first === "-c" || first === "--command") {
		const payload = rest[1] === undefined ? null : literalWordText(rest[1].word);
		return payload === null ? UNKNOWN : [{ kind: "payload", text: payload }];
	}
	return rest.length === 0 ? UNKNOWN : [{ kind: "words", words: rest, markers: [] }];
}
