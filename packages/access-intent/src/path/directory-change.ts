/**
 * Owns: how `cd`, `pushd` and `popd` move the working directories later units are resolved against.
 * Never: guesses a target: `cd -`, `pushd +N`, unresolved or globbing words and a `CDPATH=`/`HOME=` prefix make the
 * base unknown, and a change that may not happen (nested, or a target that is not an existing directory) keeps the
 * old directories possible too.
 */
import type { CommandUnit } from "../bash/command-unit";
import { literalWordText, type ShellWord } from "../bash/shell-word";
import type { Bases, BashShellState } from "./bash-shell-state";
import { resolveWord, type VariableLookup } from "./bash-word-values";
import type { PathNormalizer } from "./path-normalizer";

const CD_OPTIONS = /^-[LPe@]+$/;

export interface DirectoryChangeContext {
	/** True for a plain top-level unit whose effect certainly persists. */
	readonly certain: boolean;
	/** The directories in force when the unit ran. */
	readonly bases: Bases;
	readonly state: BashShellState;
	readonly normalizer: PathNormalizer;
	readonly lookup: VariableLookup;
}

/**
 * Applies the unit's directory change to `state`, if it is `cd`, `pushd` or `popd`. The caller passes `certain: false`
 * for any unit whose effect may not reach the next one (nested, in a pipeline, in the background, around `||`), so the
 * old directories stay possible.
 */
export function applyDirectoryChange(unit: CommandUnit, context: DirectoryChangeContext): void {
	const name = unit.commandName;
	const { certain, state, normalizer } = context;
	if (name === "popd") {
		state.popDirectory(certain);
		return;
	}
	if (name !== "cd" && name !== "pushd") return;
	const operands = unit.args.filter((word) => {
		const text = literalWordText(word);
		return text === null || !(CD_OPTIONS.test(text) || text === "--");
	});
	const target = operands[0];
	// SECURITY: `CDPATH=/x cd y` and `HOME=/x cd` move by the prefix's value, which the directories do not model.
	const movedByPrefix = unit.assignments.some(
		(assignment) => assignment.name === "CDPATH" || assignment.name === "HOME",
	);
	const next: Bases = movedByPrefix
		? { kind: "unknown" }
		: target === undefined
			? homeBases(name, context)
			: targetBases(target, context);
	// INVARIANT: only a single existing directory reached by a top-level cd replaces the bases; `cd nope` may fail.
	const sure =
		certain && next.kind === "known" && next.dirs.length === 1 && next.dirs.every((dir) => normalizer.isDirectory(dir));
	if (name === "pushd") state.pushDirectory(next, sure);
	else state.changeDirectory(next, sure);
}

/** A bare `cd` goes home; a bare `pushd` swaps with a stack entry this module does not model. */
function homeBases(name: string, context: DirectoryChangeContext): Bases {
	const home = context.state.lookup("HOME");
	if (name !== "cd" || home.unknown || home.known.length === 0) return { kind: "unknown" };
	return { kind: "known", dirs: home.known.map((dir) => context.normalizer.resolveLexical(dir)) };
}

function targetBases(target: ShellWord, context: DirectoryChangeContext): Bases {
	const { bases, normalizer } = context;
	// SECURITY: `cd sec*` lands wherever the glob expands; the directory is not guessed.
	if (target.parts.some((part) => part.kind === "literal" && part.globActive)) return { kind: "unknown" };
	const resolved = resolveWord(target, context.lookup);
	if (resolved.unresolved !== null) return { kind: "unknown" };
	const dirs: string[] = [];
	const cdpath = context.state.tracked("CDPATH");
	for (const value of resolved.values) {
		// `cd -` (OLDPWD) and `pushd +N` name directories this collector does not track.
		if (value.text === "-" || /^[+-]\d+$/.test(value.text) || value.splits) return { kind: "unknown" };
		const tilde = value.text === "~" || value.text.startsWith("~/");
		// SECURITY: `HOME=/etc; cd ~` and `CDPATH=/etc; cd ssh` leave the directories the normalizer would assume.
		if (tilde && context.state.tracked("HOME") !== null) return { kind: "unknown" };
		if (cdpath !== null && !/^\.{0,2}(?:\/|$)/.test(value.text) && !normalizer.isAbsolute(value.text)) {
			return { kind: "unknown" };
		}
		const expanded = normalizer.expandHome(value.text);
		if (normalizer.isAbsolute(expanded)) dirs.push(normalizer.resolveLexical(expanded));
		else if (bases.kind === "unknown" || expanded.startsWith("~")) return { kind: "unknown" };
		else for (const base of bases.dirs) dirs.push(normalizer.resolveLexical(expanded, base));
	}
	return { kind: "known", dirs: [...new Set(dirs)] };
}
