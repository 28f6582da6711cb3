/**
 * Owns: deciding whether a command's words (with their `NAME=value` settings) are a wrapper (opaque payload or
 * indirection) and what it executes, by dispatching on `wrapper-table.ts` to the prefix grammar, the special
 * wrappers (`special-wrappers.ts`) and the effect analyses of ADR 0026 (options, git, runners, languages).
 * Never: guesses; when the option grammar leaves any doubt the executions are `null`.
 */

import { CODE_RUNNING_OPTIONS, OPERAND_COMPUTED_WORDS } from "./code-running-option-table";
import { awkExecutions, sedExecutions } from "./command-language-effects";
import { commandNameOf } from "./command-name";
import {
	loaderExecutions,
	sqlClientExecutions,
	sqliteExecutions,
	startStopExecutions,
	tmuxExecutions,
} from "./command-runner-analysis";
import { LISTING_RUNNERS, PACKAGE_RUNNERS, SELF_EXE, SQL_CLIENTS } from "./command-runner-table";
import type { Redirect, WrapperKind } from "./command-unit";
import { composedWords } from "./composed-command";
import { environmentExecutions, type Setting, settingFromWord } from "./environment-effects";
import { CommandEnvironment } from "./environment-words";
import { gitExecutions } from "./git-effects";
import { analyseInterpreter } from "./interpreter-analysis";
import { combineFound, type Execution, type Found, NOT_A_WRAPPER, optionExecutions } from "./option-effects";
import { readsLiteralScript } from "./shell-script-table";
import { literalWordText } from "./shell-word";
import {
	callbackExecutions,
	capshExecutions,
	execClauses,
	flockExecutions,
	joinedPayload,
	shellExecutions,
	suExecutions,
	trapExecutions,
	xargsExecutions,
} from "./special-wrappers";
import type { WordRef } from "./unit-draft";
import { scanOptions } from "./wrapper-option-scan";
import {
	EFFECT_SHAPES,
	interpreterEntry,
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
	/** True for a shell running a literal script the parse reads whole (`shell-script-table.ts`). */
	readonly scriptRead?: boolean;
	/** The read script gets arguments it reads (`sh -c 'cp "$1" d' _ {}`): its computed words are run-time data. */
	readonly scriptArguments?: boolean;
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
	shellEnvironment: CommandEnvironment = CommandEnvironment.NONE,
): WrapperAnalysis | null {
	const own = analyseProgram(words, redirects, shellEnvironment);
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
	if (analysis === null) return null;
	const executions = certainOnly(analysis.executions, markers);
	if (analysis.scriptRead !== true || executions === null) return { kind: analysis.kind, executions };
	return analysis.scriptArguments === true
		? { kind: analysis.kind, executions, scriptRead: true, scriptArguments: true }
		: { kind: analysis.kind, executions, scriptRead: true };
}

function analyseProgram(
	words: readonly WordRef[],
	redirects: readonly Redirect[],
	environment: CommandEnvironment,
): WrapperAnalysis | null {
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
	const executions = specialExecutions(spec.shape, name, args, redirects, environment);
	if (executions !== NOT_A_WRAPPER && EFFECT_SHAPES.has(spec.shape)) return analysisOf(entry.kind, executions);
	// `sh -c 'ls; git status'`: a literal script read whole is judged by its units (ADR 0031).
	const reading =
		spec.shape === "shell" && executions !== null && executions !== NOT_A_WRAPPER
			? readsLiteralScript(name, args)
			: null;
	// `su user -c 'ls -l /root > /root/out'`: a payload every login shell reads alike runs a known command (ADR 0031).
	if (spec.shape === "su" && SWITCH_USER.has(name) && executions !== NOT_A_WRAPPER && isPortablePayload(executions))
		return { kind: "indirection", executions };
	if (reading !== null && executions !== null && executions !== NOT_A_WRAPPER)
		return reading.arguments
			? { kind: entry.kind, executions, scriptRead: true, scriptArguments: true }
			: { kind: entry.kind, executions, scriptRead: true };
	return fromFound(entry.kind, executions);
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
 * True for one payload made only of portable words and the operators those shells share, each apart by blanks:
 * the target user's shell (not known here: it is in /etc/passwd) then runs what the bash reading of it runs.
 */
function isPortablePayload(executions: readonly Execution[] | null): boolean {
	const only = executions?.length === 1 ? executions[0] : undefined;
	if (only?.kind !== "payload") return false;
	const words = only.text.trim().split(/[ \t]+/);
	if (words.length === 0 || !PORTABLE_WORD.test(words[0] as string)) return false;
	return words.every((word) => PORTABLE_WORD.test(word) || PORTABLE_OPERATORS.has(word));
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
	if (spec.composed === true) return composedWords(words);
	if (spec.shellJoin) {
		const payload = joinedPayload(words);
		const text = payload?.[0]?.kind === "payload" ? payload[0].text : "";
		return spec.markers.some((marker) => text.includes(marker)) ? UNKNOWN : payload;
	}
	return [{ kind: "words", words, markers: spec.markers }];
}

function specialExecutions(
	shape: SpecialShape,
	name: string,
	args: readonly WordRef[],
	redirects: readonly Redirect[],
	environment: CommandEnvironment,
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
			return optionExecutions(
				args,
				CODE_RUNNING_OPTIONS.get(name) ?? [],
				OPERAND_COMPUTED_WORDS.has(name),
				environment,
			);
		case "git":
			return gitExecutions(args);
		case "sql-client": {
			const client = SQL_CLIENTS.get(name);
			return client === undefined ? NOT_A_WRAPPER : sqlClientExecutions(client, args);
		}
		case "listing": {
			// `crontab -l`, `screen -ls` only read; `crontab file`, `crontab -e`, `screen cmd` run what we cannot see.
			const listing = LISTING_RUNNERS.get(name) ?? [];
			const texts = args.map((ref) => literalWordText(ref.word));
			const onlyReads = texts.length > 0 && texts.some((text) => text !== null && listing.includes(text));
			return onlyReads && !texts.some((text) => text === null || text === "-e" || text === "-r")
				? NOT_A_WRAPPER
				: UNKNOWN;
		}
		case "package-runner":
			return packageRunnerExecutions(name, args, redirects, environment);
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
			return execClauses(args, ["-exec", "-execdir", "-ok", "-okdir"], [";", "+"], true, environment);
		case "fd":
			return execClauses(args, ["-x", "--exec", "-X", "--exec-batch"], [";"], false, environment);
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

/** `npx -c 'cmd'`, `npm exec --call=cmd`: the runners' own options that take a shell command. */
const RUNNER_CALL_OPTIONS = CODE_RUNNING_OPTIONS.get("npx") ?? [];

/**
 * `npx tsc`, `uv run pytest` run nothing this parse judges apart from the runner; `npx -c 'cmd'` runs `cmd`, and a
 * command that is itself a wrapper (`npx node -e …`, `poetry run bash -c 'rm x'`) is its executed unit.
 */
function packageRunnerExecutions(
	name: string,
	args: readonly WordRef[],
	redirects: readonly Redirect[],
	environment: CommandEnvironment,
): Found {
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
	if (own === null || inner.length === 0 || analyseProgram(inner, redirects, environment) === null) return own;
	return combineFound(own, [{ kind: "words", words: inner, markers: [] }]);
}
