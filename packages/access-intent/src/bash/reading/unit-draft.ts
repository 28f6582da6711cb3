/**
 * Owns: the mutable draft of one unit while the tree is walked (word ranges, redirects, assignments) and its
 * conversion to a frozen `CommandUnit` with the matching text. Never: walks the tree or analyses wrappers.
 */
import { commandNameOf } from "./command-name";
import type {
	Assignment,
	CommandUnit,
	InnerWrapper,
	Redirect,
	UnitContext,
	UnknownSetting,
	WrapperKind,
} from "./command-unit";
import type { NestingLabel } from "./nesting-label";
import type { ShellWord } from "./shell-word";
import type { DynamicSpan } from "./word-text";

/** A word with its range in the source it was read from. */
export interface WordRef {
	readonly word: ShellWord;
	readonly start: number;
	readonly end: number;
	/** The word's dynamic spans as the tree found them, where the collector kept them (ADR 0038: touching words). */
	readonly spans?: readonly DynamicSpan[];
}

/** `nested-source` is not a unit: it holds program text found outside the tree (backquotes in a heredoc body). */
export type DraftKind =
	| "simple"
	| "declaration"
	| "test"
	| "assignment"
	| "compound"
	| "redirect-only"
	| "nested-source";

export interface UnitDraft {
	readonly kind: DraftKind;
	readonly start: number;
	end: number;
	readonly context: UnitContext | null;
	/** Written once more when a later `||` or `&` shows the unit's effect is conditional (`unit-collector.ts`). */
	nesting: readonly NestingLabel[];
	name: WordRef | null;
	readonly args: WordRef[];
	readonly redirects: Redirect[];
	readonly assignments: Assignment[];
	/** Ranges kept in the text besides the name and arguments (here-strings, declaration operands). */
	readonly keptRanges: { start: number; end: number }[];
	/** Replacement strings a wrapper substitutes into this unit's words at run time (`{}` of `find -exec`). */
	readonly markers: readonly string[];
	/** A wrapper appends words read from its input to this unit's words (`xargs cmd`). */
	appended: boolean;
	/** For `nested-source`: the program text to parse in place of this draft. */
	nestedText: string | null;
}

export function newDraft(
	kind: DraftKind,
	start: number,
	end: number,
	context: UnitContext | null,
	nesting: readonly NestingLabel[],
	markers: readonly string[] = [],
): UnitDraft {
	return {
		kind,
		start,
		end,
		context,
		nesting,
		name: null,
		args: [],
		redirects: [],
		assignments: [],
		keptRanges: [],
		markers,
		appended: false,
		nestedText: null,
	};
}

/** What wrapper and environment analysis decided for a unit. */
interface WrapperFacts {
	readonly wrapperKind: WrapperKind | null;
	readonly executedUnit: string | null;
	readonly innerWrappers: readonly InnerWrapper[];
	/** The unit is a shell whose literal script was read whole (ADR 0031). */
	readonly scriptRead?: boolean;
	/** A setting of the unit that is not known to be harmless (ADR 0051). */
	readonly unknownSetting?: UnknownSetting | null;
}

const NO_WRAPPER: WrapperFacts = { wrapperKind: null, executedUnit: null, innerWrappers: [] };

/** The empty word, redirect and assignment list of a finished unit. */
const NONE: readonly never[] = Object.freeze([]);

/** The text the unit is matched by: leading assignments, redirects and heredocs left out, spacing kept. */
export function draftText(draft: UnitDraft, source: string): string {
	switch (draft.kind) {
		case "compound":
		case "test":
		case "redirect-only":
		case "nested-source":
			return source.slice(draft.start, draft.end);
		case "assignment":
			return joinRanges(source, draft.keptRanges);
		case "simple":
		case "declaration": {
			// Most units are a name and arguments in source order: join them as they are, without a sorted copy.
			if (draft.keptRanges.length === 0 && wordsInOrder(draft)) {
				if (draft.name === null) return joinRanges(source, draft.args);
				return draft.args.length === 0
					? source.slice(draft.name.start, draft.name.end)
					: joinRanges(source, draft.args, draft.name);
			}
			const ranges: { start: number; end: number }[] = [];
			if (draft.name !== null) ranges.push(draft.name);
			for (const arg of draft.args) ranges.push(arg);
			for (const kept of draft.keptRanges) ranges.push(kept);
			ranges.sort((a, b) => a.start - b.start);
			return joinRanges(source, ranges);
		}
		default: {
			const unhandled: never = draft.kind;
			throw new Error(`unhandled draft kind ${String(unhandled)}`);
		}
	}
}

/** True when the name and arguments are in source order (as the collector drafts them), so need no sort. */
function wordsInOrder(draft: UnitDraft): boolean {
	let previous = draft.name === null ? -1 : draft.name.start;
	for (const arg of draft.args) {
		if (arg.start < previous) return false;
		previous = arg.start;
	}
	return true;
}

/**
 * Joins ranges with the source between them when that is only blanks, otherwise with one space; `first`, when
 * given, is the range before `ranges`.
 */
export function joinRanges(
	source: string,
	ranges: readonly { start: number; end: number }[],
	first?: { start: number; end: number },
): string {
	let text = first === undefined ? "" : source.slice(first.start, first.end);
	let previousEnd = first === undefined ? -1 : first.end;
	for (const range of ranges) {
		if (previousEnd !== -1) {
			// The common gap, one space, is read by its character code: no slice, no pattern.
			if (range.start === previousEnd + 1 && source.charCodeAt(previousEnd) === 32) text += " ";
			else {
				const gap = source.slice(previousEnd, range.start);
				text += /^[ \t]*(?:\\\n[ \t]*)*$/.test(gap) ? gap : " ";
			}
		}
		text += source.slice(range.start, range.end);
		previousEnd = range.end;
	}
	return text;
}

/** `commandName`: the draft's command name when the caller already read it (`commandNameOf` of its name word). */
export function finishDraft(
	draft: UnitDraft,
	text: string,
	facts: WrapperFacts = NO_WRAPPER,
	commandName?: string | null,
): CommandUnit {
	const name = draft.name === null ? null : draft.name.word;
	return Object.freeze({
		text,
		context: draft.context,
		nesting: draft.nesting,
		commandName: commandName !== undefined ? commandName : name === null ? null : commandNameOf(name),
		args: draft.args.length === 0 ? NONE : Object.freeze(draft.args.map((ref) => ref.word)),
		nameWord: draft.kind === "compound" ? null : name,
		// INVARIANT: a draft is finished once; its arrays are not touched again, so they are frozen in place (most
		// are empty: those share one frozen array, which saves a freeze per array and leaves less for the collector).
		redirects: draft.redirects.length === 0 ? NONE : Object.freeze(draft.redirects),
		assignments: draft.assignments.length === 0 ? NONE : Object.freeze(draft.assignments),
		wrapperKind: facts.wrapperKind,
		executedUnit: facts.executedUnit,
		innerWrappers: Object.freeze(facts.innerWrappers),
		runTimeWords:
			draft.markers.length === 0 && !draft.appended
				? null
				: Object.freeze({ markers: draft.markers, appended: draft.appended }),
		compound: draft.kind === "compound",
		...(facts.scriptRead === true ? { scriptRead: true } : {}),
		...(facts.unknownSetting ? { unknownSetting: facts.unknownSetting } : {}),
	});
}
