/**
 * Owns: deciding whether a command's words (with their `NAME=value` settings) are a wrapper (opaque payload or
 * indirection) and what it executes, by dispatching on `wrapper-table.ts` to the prefix grammar
 * (`prefix-wrappers.ts`), the special wrappers (`special-wrappers.ts`) and the effect analyses of ADR 0026
 * (options, git, runners, languages).
 * Never: guesses; when the option grammar leaves any doubt the executions are `null`.
 */

import { programTable } from "../options/programs/program-option-table";
import { commandNameOf } from "../reading/command-name";
import type { Redirect, UnknownSetting, WrapperKind } from "../reading/command-unit";
import { literalWordText } from "../reading/shell-word";
import type { WordRef } from "../reading/unit-draft";
import { CommandEnvironment } from "../state/environment-words";
import { CODE_RUNNING_OPTIONS, OPERAND_COMPUTED_WORDS } from "./code-running-option-table";
import { awkExecutions, sedExecutions } from "./command-language-effects";
import {
	listingExecutions,
	loaderExecutions,
	packageRunnerExecutions,
	sqlClientExecutions,
	sqliteExecutions,
	startStopExecutions,
	tmuxExecutions,
} from "./command-runner-analysis";
import { SELF_EXE, SQL_CLIENTS } from "./command-runner-table";
import { environmentExecutions, type Setting } from "./environment-effects";
import { gitExecutions } from "./git-effects";
import { analyseInterpreter } from "./interpreter-analysis";
import { namedOptionExecutions } from "./named-option-effects";
import { combineFound, type Execution, type Found, NOT_A_WRAPPER, optionExecutions } from "./option-effects";
import { prefixExecutions } from "./prefix-wrappers";
import { readsLiteralScript } from "./shell-script-table";
import {
	callbackExecutions,
	capshExecutions,
	execClauses,
	flockExecutions,
	isPortableSwitchUser,
	joinedPayload,
	shellExecutions,
	suExecutions,
	trapExecutions,
	xargsExecutions,
} from "./special-wrappers";
import {
	cmakeExecutions,
	hyperfineExecutions,
	ipExecutions,
	perfExecutions,
	socatExecutions,
} from "./subcommand-runner-analysis";
import { EFFECT_SHAPES, interpreterEntry, type SpecialShape, STDIN_PATHS, wrapperEntry } from "./wrapper-table";

export type { Execution } from "./option-effects";

export interface WrapperAnalysis {
	readonly kind: WrapperKind;
	/** What runs, or `null` when it cannot be established with certainty. */
	readonly executions: readonly Execution[] | null;
	/** True for a shell running a literal script the parse reads whole (`shell-script-table.ts`). */
	readonly scriptRead?: boolean;
	/** The read script gets arguments it reads (`sh -c 'cp "$1" d' _ {}`): its computed words are run-time data. */
	readonly scriptArguments?: boolean;
	/** A `NAME=value` operand (`env HOME=x git status`) not known to be harmless (ADR 0051). */
	readonly unknownSetting?: UnknownSetting | null;
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
	/** `commandNameOf` the first word, when the caller already read it. */
	commandName?: string | null,
): WrapperAnalysis | null {
	const own = analyseProgram(words, redirects, shellEnvironment, commandName);
	const environment = settings.length === 0 ? NOT_A_WRAPPER : environmentExecutions(settings);
	if (environment === NOT_A_WRAPPER) return certain(own, markers);
	if (own === null) return certain(analysisOf("indirection", environment), markers);
	const executions = combineFound(own.executions, environment) as Execution[] | null;
	// A variable that runs code we cannot see makes the unit opaque whatever the program is.
	const kind = environment === null ? "opaque-payload" : own.kind;
	return certain({ kind, executions, unknownSetting: own.unknownSetting ?? null }, markers);
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
	const setting = analysis.unknownSetting ? { unknownSetting: analysis.unknownSetting } : {};
	if (analysis.scriptRead !== true || executions === null) return { kind: analysis.kind, executions, ...setting };
	return analysis.scriptArguments === true
		? { kind: analysis.kind, executions, scriptRead: true, scriptArguments: true, ...setting }
		: { kind: analysis.kind, executions, scriptRead: true, ...setting };
}

function analyseProgram(
	words: readonly WordRef[],
	redirects: readonly Redirect[],
	environment: CommandEnvironment,
	commandName: string | null = words[0] === undefined ? null : commandNameOf(words[0].word),
): WrapperAnalysis | null {
	const own = analyseOwnGrammar(words, redirects, environment, commandName);
	const table = commandName === null ? null : programTable(commandName);
	if (table === null || table.readBy !== undefined) return own;
	// ADR 0052: an option the program's table names (`npm --userconfig`, `rg --pre`, `tar --to-command`).
	const named = namedOptionExecutions(table, words.slice(1), environment);
	if (named === NOT_A_WRAPPER) return own;
	if (own === null) return analysisOf("indirection", named);
	const executions = combineFound(own.executions, named);
	if (executions === NOT_A_WRAPPER) return own;
	return { kind: executions === null ? "opaque-payload" : own.kind, executions };
}

/** What the program's wrapper or interpreter grammar says it runs (`wrapper-table.ts`). */
function analyseOwnGrammar(
	words: readonly WordRef[],
	redirects: readonly Redirect[],
	environment: CommandEnvironment,
	commandName: string | null,
): WrapperAnalysis | null {
	const head = words[0];
	if (head === undefined) return null;
	// SECURITY: `/proc/self/exe -c 'rm x'` is the running bash itself (its name is `exe`: one test before the pattern).
	if (commandName === "exe" && SELF_EXE.test(literalWordText(head.word) ?? ""))
		return fromFound("opaque-payload", shellExecutions("bash", words.slice(1), redirects));
	const name = commandName;
	if (name === null) return null;
	// Most units run neither a wrapper nor an interpreter: look both up before copying the words.
	const entry = wrapperEntry(name);
	if (entry === null) {
		const interpreter = interpreterEntry(name);
		return interpreter === null ? null : analyseInterpreter(words.slice(1), interpreter, redirects);
	}
	const args = words.slice(1);
	const spec = entry.spec;
	if (spec.shape === "prefix") {
		const reading = prefixExecutions(args, spec);
		return reading.unknownSetting === null
			? { kind: entry.kind, executions: reading.executions }
			: { kind: entry.kind, executions: reading.executions, unknownSetting: reading.unknownSetting };
	}
	const executions = specialExecutions(spec.shape, name, args, redirects, environment);
	if (executions !== NOT_A_WRAPPER && EFFECT_SHAPES.has(spec.shape)) return analysisOf(entry.kind, executions);
	// `sh -c 'ls; git status'`: a literal script read whole is judged by its units (ADR 0031).
	const reading =
		spec.shape === "shell" && executions !== null && executions !== NOT_A_WRAPPER
			? readsLiteralScript(name, args)
			: null;
	// `su user -c 'ls -l /root > /root/out'`: a payload every login shell reads alike runs a known command (ADR 0031).
	if (spec.shape === "su" && executions !== NOT_A_WRAPPER && isPortableSwitchUser(name, executions))
		return { kind: "indirection", executions };
	if (reading !== null && executions !== null && executions !== NOT_A_WRAPPER)
		return reading.arguments
			? { kind: entry.kind, executions, scriptRead: true, scriptArguments: true }
			: { kind: entry.kind, executions, scriptRead: true };
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
			return gitExecutions(args, environment);
		case "sql-client": {
			const client = SQL_CLIENTS.get(name);
			return client === undefined ? NOT_A_WRAPPER : sqlClientExecutions(client, args);
		}
		case "listing":
			return listingExecutions(name, args);
		case "package-runner":
			// SECURITY: the runner runs its words: `npx rm x`, `npx node -e`, `uv run python -c`, `poetry run sh -c`.
			return packageRunnerExecutions(name, args);
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
		case "perf":
			return perfExecutions(args);
		case "socat":
			return socatExecutions(args);
		case "cmake":
			return cmakeExecutions(args);
		case "hyperfine":
			return hyperfineExecutions(args);
		case "ip":
			return ipExecutions(args);
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
