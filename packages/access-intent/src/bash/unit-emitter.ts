/**
 * Owns: turning drafts into frozen units in source order, attaching wrapper facts, and emitting right after each
 * wrapper the units it certainly executes (the unwrapped command, the parsed payload of `bash -c`/`eval`).
 * Never: parses on its own; payloads go back through the `parsePayload` callback, which owns depth and budget.
 */
import { commandNameOf } from "./reading/command-name";
import type { CommandUnit, InnerWrapper, UnknownSetting } from "./reading/command-unit";
import type { ParseBudget } from "./reading/parse-budget";
import { literalWordText } from "./reading/shell-word";
import { draftText, finishDraft, joinRanges, newDraft, type UnitDraft, type WordRef } from "./reading/unit-draft";
import { declarationArgumentSettings, referenceSettings } from "./runs/declaration-settings";
import { type Setting, settingOf, severerSetting, unknownSettingOf } from "./runs/environment-effects";
import {
	BUILTINS_STARTING_NOTHING,
	declarationReach,
	EXPORTED,
	mayExportAll,
	type SettingReach,
} from "./runs/environment-reach";
import { SCRIPT_ARGUMENT_MARKERS, scriptReadsArguments } from "./runs/shell-script-table";
import { analyseSettings, analyseWrapper, type Execution, type WrapperAnalysis } from "./runs/wrapper-analysis";
import { WrittenFiles } from "./runs/written-then-run";
import { CommandEnvironment } from "./state/environment-words";

/** Hops through nested indirections (`sudo timeout 5 xargs …`) before the executed unit is given up as unknown. */
const MAX_WRAPPER_HOPS = 8;

/** Parses a payload's units (context `subshell`, nesting + `payload`) or reports it unparseable. */
/** Where nested program text runs: a new shell (`payload`) or a backquote substitution found outside the tree. */
type NestedKind = "payload" | "command_substitution";

/** `markers`: run-time words of every unit of the payload (a script's arguments, `SCRIPT_ARGUMENT_MARKERS`). */
type PayloadParser = (
	text: string,
	outer: UnitDraft,
	kind: NestedKind,
	markers: readonly string[],
) => readonly CommandUnit[] | { readonly unparseable: string };

type EmitOutcome =
	| { readonly kind: "units"; readonly units: readonly CommandUnit[] }
	| { readonly kind: "unparseable"; readonly reason: string };

export class UnitEmitter {
	private readonly units: CommandUnit[] = [];
	private failure: string | null = null;
	private readonly written = new WrittenFiles();
	/** True when `set -a` may be on: every assignment is then exported (ADR 0051). */
	readonly exportsAll: boolean;
	/** How a plain shell assignment reaches programs: when the environment already exports its name. */
	private readonly shellReach: SettingReach;

	constructor(
		private readonly source: string,
		private readonly budget: ParseBudget,
		private readonly parsePayload: PayloadParser,
		/** What the command's own text leaves to Pi's environment (`CommandEnvironment.NONE` inside a payload). */
		private readonly environment: CommandEnvironment = CommandEnvironment.NONE,
		/** An enclosing command may have turned `allexport` on (`set -a; eval '…'`). */
		outerExportsAll = false,
	) {
		this.exportsAll = outerExportsAll || mayExportAll(source);
		this.shellReach = this.exportsAll ? EXPORTED : { kind: "shell", exported: (name) => environment.exports(name) };
	}

	emitAll(drafts: readonly UnitDraft[]): EmitOutcome {
		for (const draft of drafts) {
			this.emit(draft, 0);
			if (this.failure !== null) return { kind: "unparseable", reason: this.failure };
		}
		return { kind: "units", units: this.units };
	}

	private emit(draft: UnitDraft, hops: number): void {
		if (draft.kind === "nested-source") {
			this.emitPayload(draft.nestedText ?? "", draft, "command_substitution", draft.markers);
			return;
		}
		const text = draftText(draft, this.source);
		if (!this.budget.spendUnit(text.length)) {
			this.failure = this.budget.exceededReason ?? "the work budget ran out";
			return;
		}
		const words = wordsOf(draft);
		// Read once here for the wrapper analysis, the written-files check and the unit.
		const name = draft.name === null ? null : commandNameOf(draft.name.word);
		const settings = draft.assignments.length === 0 && draft.kind !== "declaration" ? NO_SETTINGS : settingsOf(draft);
		// SECURITY: `GIT_EXTERNAL_DIFF='rm x;:' git diff` and `export GIT_EDITOR=…` run the value (ADR 0026).
		const analysed =
			words === null
				? settings.length === 0
					? null
					: analyseSettings(settings)
				: analyseWrapper(words, draft.redirects, draft.markers, settings, this.environment, name);
		// SECURITY: `echo 'code' > p.py; python3 p.py` runs code this command wrote (A-pdb-stdin): opaque.
		const analysis: WrapperAnalysis | null = this.written.runsWritten(draft, name)
			? { kind: "opaque-payload", executions: analysed?.executions ?? null }
			: analysed;
		this.written.record(draft, name);
		// SECURITY: `DATABASE_URL=… npm test`, `GIT_DIR=x git status`, `export HOME=…`: unknown settings (ADR 0051).
		const reach = settings.length === 0 ? null : this.reachOf(draft, name);
		let unknownSetting = reach === null ? null : unknownSettingOf(settings, reach);
		unknownSetting = severerSetting(unknownSetting, analysed?.unknownSetting);
		if (analysis === null) {
			const facts = { wrapperKind: null, executedUnit: null, innerWrappers: [], unknownSetting };
			this.units.push(finishDraft(draft, text, unknownSetting === null ? undefined : facts, name));
			return;
		}
		const innerWrappers: InnerWrapper[] = [];
		const inner: { unknownSetting: UnknownSetting | null } = { unknownSetting };
		const resolved = this.unwrap(analysis, innerWrappers, inner);
		this.units.push(
			finishDraft(
				draft,
				text,
				{
					wrapperKind: analysis.kind,
					executedUnit: resolved === null ? null : this.executedText(resolved[0]),
					innerWrappers,
					scriptRead: analysis.scriptRead === true && resolved !== null,
					unknownSetting: inner.unknownSetting,
				},
				name,
			),
		);
		// SECURITY: `xargs sh -c 'git "$0"'`, `sh -c 'git "$1"' _ push`: the words after the script, or the input
		// xargs appends, become its arguments; its computed words are run-time words (`git *` meets `git push *`).
		const scriptArguments =
			analysis.scriptRead === true &&
			(analysis.scriptArguments === true ||
				(draft.appended && scriptReadsArguments(this.executedText(resolved?.[0]) ?? "")));
		if (resolved === null) return;
		if (hops >= MAX_WRAPPER_HOPS) {
			this.failure = `wrappers nest deeper than ${MAX_WRAPPER_HOPS} levels`;
			return;
		}
		for (const execution of resolved) {
			if (this.failure !== null) return;
			if (execution.kind === "words") this.emit(this.derivedDraft(draft, execution), hops + 1);
			else this.emitPayload(execution.text, draft, "payload", scriptArguments ? SCRIPT_ARGUMENT_MARKERS : []);
		}
	}

	/**
	 * Follows indirections while each one certainly runs exactly one further wrapper (PP-043), recording each one it
	 * passes in `passed` so the engine still judges it (`sudo timeout 5 ls` under `timeout *: deny`).
	 */
	private unwrap(
		analysis: WrapperAnalysis,
		passed: InnerWrapper[],
		found: { unknownSetting: UnknownSetting | null },
	): readonly Execution[] | null {
		let executions = analysis.executions;
		for (let hop = 0; hop < MAX_WRAPPER_HOPS && executions !== null && executions.length === 1; hop++) {
			const only = executions[0] as Execution;
			if (only.kind !== "words") break;
			const inner = analyseWrapper(only.words, [], only.markers, [], this.environment);
			if (inner === null || inner.kind !== "indirection") break;
			// SECURITY: `sudo env HOME=x git status`: a passed wrapper's settings reach the command too.
			found.unknownSetting = severerSetting(found.unknownSetting, inner.unknownSetting);
			const name = commandNameOf((only.words[0] as WordRef).word);
			if (name !== null) passed.push({ text: joinRanges(this.source, only.words), commandName: name });
			executions =
				inner.executions === null ? null : inner.executions.map((execution) => inheritRunTime(execution, only));
		}
		return executions;
	}

	/** How the draft's settings reach programs: the command they prefix, every later one, or the shell. */
	private reachOf(draft: UnitDraft, name: string | null): SettingReach | null {
		switch (draft.kind) {
			case "simple":
				if (draft.name === null) return this.shellReach;
				// `IFS= read -r line`, `X=1 [ -n "$X" ]`: a builtin that starts nothing keeps the setting in the shell.
				return BUILTINS_STARTING_NOTHING.has(name ?? literalWordText(draft.name.word) ?? "")
					? this.shellReach
					: { kind: "program", program: name };
			case "declaration":
				return name === null ? EXPORTED : declarationReach(name, optionWords(draft), this.exportsAll, this.shellReach);
			default:
				return this.shellReach;
		}
	}

	private executedText(execution: Execution | undefined): string | null {
		if (execution === undefined) return null;
		return execution.kind === "payload" ? execution.text : joinRanges(this.source, execution.words);
	}

	private derivedDraft(wrapper: UnitDraft, execution: Execution & { kind: "words" }): UnitDraft {
		const first = execution.words[0] as WordRef;
		const last = execution.words[execution.words.length - 1] as WordRef;
		const draft = newDraft(
			"simple",
			first.start,
			last.end,
			wrapper.context,
			[...wrapper.nesting, "wrapper"],
			// SECURITY: `find . -exec timeout 5 git {} \; -exec ls \;`: run-time words pass through every hop.
			[...new Set([...wrapper.markers, ...execution.markers])],
		);
		draft.name = first;
		draft.args.push(...execution.words.slice(1));
		draft.appended = wrapper.appended || execution.appended === true;
		return draft;
	}

	private emitPayload(text: string, wrapper: UnitDraft, kind: NestedKind, markers: readonly string[] = []): void {
		const parsed = this.parsePayload(text, wrapper, kind, markers);
		if ("unparseable" in parsed) {
			this.failure = `payload \`${text.length > 60 ? `${text.slice(0, 60)}…` : text}\` is unparseable: ${parsed.unparseable}`;
			return;
		}
		this.units.push(...parsed);
	}
}

/** An inner wrapper's execution keeps the outer one's run-time words (`xargs timeout 5 grep` appends to `grep`). */
function inheritRunTime(execution: Execution, outer: Execution & { kind: "words" }): Execution {
	if (execution.kind === "payload" || (outer.markers.length === 0 && outer.appended !== true)) return execution;
	return {
		...execution,
		markers: [...new Set([...execution.markers, ...outer.markers])],
		appended: execution.appended === true || outer.appended === true,
	};
}

const NO_SETTINGS: readonly Setting[] = [];

/** A unit's `NAME=value` prefixes (a simple command's missing value is empty, a declaration's unset). */
function settingsOf(draft: UnitDraft): readonly Setting[] {
	// `unset GIT_EDITOR`, `export -f f`, `declare -p X`: names, but nothing a program reads is set.
	if (draft.kind === "declaration" && declarationSetsNothing(draft)) return NO_SETTINGS;
	const missing = draft.kind === "simple" ? "" : null;
	const settings: Setting[] = [];
	for (const assignment of draft.assignments) settings.push(settingOf(assignment.name, assignment.value, missing));
	if (draft.kind !== "declaration") return settings;
	settings.push(...declarationArgumentSettings(draft.args.map((arg) => arg.word)));
	// SECURITY: `declare -n r=GIT_DIR; export r=x`: the reference sets `GIT_DIR` later.
	if (declaresReference(draft))
		settings.push(...referenceSettings(draft.assignments.map((assignment) => assignment.value)));
	return settings;
}

/** `declare -n`, `typeset -gn`, `local -n` (or a computed option word that may be one); `export -n` un-exports. */
function declaresReference(draft: UnitDraft): boolean {
	const command = draft.name === null ? null : commandNameOf(draft.name.word);
	if (command === "export") return false;
	return optionWords(draft).some((word) => word === null || (word.startsWith("-") && word.includes("n")));
}

function declarationSetsNothing(draft: UnitDraft): boolean {
	const command = draft.name === null ? null : commandNameOf(draft.name.word);
	return command === null ? false : declarationReach(command, optionWords(draft), false, EXPORTED) === null;
}

/** A declaration's option words (`-x`, `+x`, `-gx`), `null` for a computed one. */
function optionWords(draft: UnitDraft): readonly (string | null)[] {
	const words: (string | null)[] = [];
	for (const arg of draft.args) {
		const text = literalWordText(arg.word);
		if (text === null || text.startsWith("-") || text.startsWith("+")) words.push(text);
	}
	return words;
}

function wordsOf(draft: UnitDraft): readonly WordRef[] | null {
	if (draft.kind !== "simple" || draft.name === null) return null;
	return [draft.name, ...draft.args];
}
