/**
 * Owns: how `cd`, `pushd`, `popd` and `dirs -c` move the working directories and the directory stack later units are
 * resolved against (`cd -` and `~-` follow `OLDPWD`, `~N` the stack).
 * Never: guesses a target: `pushd +N`, a bare `pushd`, unresolved or globbing words, `cdable_vars` names and a
 * `CDPATH=`/`HOME=` prefix make the base unknown, and a change that may not happen (nested, or a target that is not an
 * existing directory) keeps the old directories possible too.
 */

import type { PathNormalizer } from "../../path/path-normalizer";
import type { CommandUnit } from "../reading/command-unit";
import { literalWordText, type ShellWord } from "../reading/shell-word";
import type { Bases, BashShellState } from "./bash-shell-state";
import { resolveWord, type VariableLookup } from "./bash-word-values";

const CD_OPTIONS = /^-[LPe@]+$/;

interface DirectoryChangeContext {
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
	if (name === "dirs") {
		// `dirs -c` empties the stack; the other options only print it.
		if (unit.args.some((word) => !/^(?:-[lpv]+|[+-]\d+)$/.test(literalWordText(word) ?? "-c"))) state.forgetStack();
		return;
	}
	if (name !== "cd" && name !== "pushd" && name !== "popd") return;
	const operands = unit.args.filter((word) => {
		const text = literalWordText(word);
		return text === null || !(CD_OPTIONS.test(text) || text === "--");
	});
	if (name === "popd") {
		popDirectory(unit, operands, context);
		return;
	}
	const target = operands[0];
	if (name === "pushd" && (target === undefined || isStackIndex(target))) {
		// SECURITY: a bare `pushd` swaps the top two entries and `pushd +N` rotates the stack: neither is followed.
		state.forgetStack();
		state.pushDirectory({ kind: "unknown" }, false);
		return;
	}
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

/** `popd` returns to the newest saved directory; with an operand (`+N`, `-n`) the stack changes in ways not followed. */
function popDirectory(unit: CommandUnit, operands: readonly ShellWord[], context: DirectoryChangeContext): void {
	const { state, certain } = context;
	if (unit.args.length === 0) {
		state.popDirectory(certain);
		return;
	}
	state.forgetStack();
	// `popd -n` and `popd +N` (N > 0) keep the working directory; anything else may move it anywhere.
	const keeps = unit.args.every((word) => /^(?:-n|\+[1-9]\d*)$/.test(literalWordText(word) ?? ""));
	if (!keeps || operands.length > 1) state.changeDirectory({ kind: "unknown" }, false);
}

function isStackIndex(word: ShellWord): boolean {
	const text = literalWordText(word);
	return text === null || /^[+-]\d+$/.test(text);
}

/** A bare `cd` goes home. */
function homeBases(name: string, context: DirectoryChangeContext): Bases {
	const home = context.state.lookup("HOME");
	if (name !== "cd" || home.unknown || home.known.length === 0) return { kind: "unknown" };
	return { kind: "known", dirs: home.known.map((dir) => context.normalizer.resolveLexical(dir)) };
}

function targetBases(target: ShellWord, context: DirectoryChangeContext): Bases {
	// SECURITY: `cd sec*` lands wherever the glob expands; the directory is not guessed.
	if (target.parts.some((part) => part.kind === "literal" && part.globActive)) return { kind: "unknown" };
	const resolved = resolveWord(target, context.lookup);
	if (resolved.unresolved !== null) return { kind: "unknown" };
	const dirs: string[] = [];
	const tildeActive = target.raw.startsWith("~");
	for (const value of resolved.values) {
		if (value.splits) return { kind: "unknown" };
		// `cd -` goes to `$OLDPWD`, which a `cd` this parse followed (or an `OLDPWD=` assignment) may have set.
		const texts = value.text === "-" ? context.state.lookup("OLDPWD") : tildeTexts(value.text, tildeActive, context);
		if (texts === null || texts.unknown) return { kind: "unknown" };
		for (const text of texts.known) {
			const next = targetDirs(text, context);
			if (next === null) return { kind: "unknown" };
			dirs.push(...next);
		}
	}
	return { kind: "known", dirs: [...new Set(dirs)] };
}

/** `~+/x`, `~-`, `~1` spelled as a `cd` target, expanded; `HOME` tildes stay for `targetDirs` (the normalizer's). */
function tildeTexts(
	text: string,
	active: boolean,
	context: DirectoryChangeContext,
): { known: readonly string[]; unknown: boolean } | null {
	const prefix = active ? /^~([^/]*)/.exec(text) : null;
	if (prefix === null || prefix[1] === "") return { known: [text], unknown: false };
	const values = context.state.tilde(prefix[1] as string);
	if (values === null) return { known: [text], unknown: false };
	const rest = text.slice(prefix[0].length);
	return { known: values.known.map((dir) => dir + rest), unknown: values.unknown };
}

/** The directories one expanded `cd` target text names, or `null` when they cannot be established. */
function targetDirs(text: string, context: DirectoryChangeContext): string[] | null {
	const { bases, normalizer } = context;
	const cdpath = context.state.tracked("CDPATH");
	if (/^[+-]\d+$/.test(text)) return null;
	const tilde = text === "~" || text.startsWith("~/");
	// SECURITY: `HOME=/etc; cd ~` and `CDPATH=/etc; cd ssh` leave the directories the normalizer would assume.
	if (tilde && context.state.tracked("HOME") !== null) return null;
	const relative = !/^\.{0,2}(?:\/|$)/.test(text) && !normalizer.isAbsolute(text) && !tilde;
	if (cdpath !== null && relative) return null;
	const expanded = normalizer.expandHome(text);
	const dirs: string[] = [];
	if (normalizer.isAbsolute(expanded)) dirs.push(normalizer.resolveLexical(expanded));
	else if (bases.kind === "unknown" || expanded.startsWith("~")) return null;
	else for (const base of bases.dirs) dirs.push(normalizer.resolveLexical(expanded, base));
	// SECURITY: `shopt -s cdable_vars; s=~/.ssh; cd s` goes to `$s` when `s` is not a directory here.
	if (context.state.cdableVars && relative && !dirs.every((dir) => normalizer.isDirectory(dir))) return null;
	return dirs;
}
