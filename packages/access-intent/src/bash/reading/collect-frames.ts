/**
 * Owns: the frames of the collector's explicit stack (one per entered node, told apart by `kind`) and the
 * factories that open each kind from its parent frame, inheriting context, nesting and redirect owner, and what
 * a word or redirect frame hands on when it closes.
 * Never: reads the tree or spends the budget; `unit-collector.ts` decides which node opens which frame.
 */
import type { Assignment, UnitContext } from "./command-unit";
import type { NestingLabel } from "./nesting-label";
import type { ShellWord } from "./shell-word";
import type { UnitDraft, WordRef } from "./unit-draft";
import { type DynamicSpan, readShellWord } from "./word-text";

interface BaseFrame {
	readonly nodeType: string;
	readonly start: number;
	readonly context: UnitContext | null;
	/** Grows by `conditional` once a `list` frame has read its `&&`/`||` operator. */
	nesting: readonly NestingLabel[];
	/** The unit redirects and stray redirect words attach to. */
	owner: UnitDraft | null;
}

/** Where a word read in a slot goes: the unit's name, its arguments, an assignment value, a redirect target. */
export type Deliver = (ref: WordRef) => void;

export type ScanFrame = BaseFrame & { readonly kind: "scan"; readonly listDepth?: number };
export type UnitFrame = BaseFrame & { readonly kind: "command" | "declaration" | "test"; readonly unit: UnitDraft };
type AssignmentFrame = BaseFrame & {
	readonly kind: "assignment";
	readonly into: Assignment[];
	named: boolean;
	name: string;
	value: ShellWord | null;
};
export type WordFrame = BaseFrame & {
	readonly kind: "word";
	readonly end: number;
	readonly spans: DynamicSpan[];
	readonly deliver: Deliver | null;
};
export type RedirectFrame = BaseFrame & {
	readonly kind: "redirect";
	readonly end: number;
	readonly herestring: boolean;
	operator: string;
	target: WordRef | null;
	quoted: boolean;
};

export type Frame =
	| ScanFrame
	| (BaseFrame & { readonly kind: "redirected" })
	| UnitFrame
	| AssignmentFrame
	| WordFrame
	| RedirectFrame;

/** The frame of the program node: the caller's context and nesting (a payload's, or the top level's). */
export function rootFrame(context: UnitContext | null, nesting: readonly NestingLabel[]): ScanFrame {
	return { kind: "scan", nodeType: "program", start: 0, context, nesting, owner: null };
}

/** A node whose children are only searched for statements and substitutions; `listDepth` for a `list`. */
export function scanFrame(
	parent: Frame,
	nodeType: string,
	start: number,
	context: UnitContext | null = parent.context,
	nesting: readonly NestingLabel[] = parent.nesting,
	owner: UnitDraft | null = null,
	listDepth?: number,
): ScanFrame {
	return listDepth === undefined
		? { kind: "scan", nodeType, start, context, nesting, owner }
		: { kind: "scan", nodeType, start, context, nesting, owner, listDepth };
}

export function redirectedFrame(parent: Frame, nodeType: string, start: number): Frame {
	return { kind: "redirected", nodeType, start, context: parent.context, nesting: parent.nesting, owner: null };
}

/** A command, declaration or test whose children fill `unit`; it owns its redirects. */
export function unitFrame(
	parent: Frame,
	kind: UnitFrame["kind"],
	nodeType: string,
	start: number,
	unit: UnitDraft,
): UnitFrame {
	return { kind, nodeType, start, unit, context: parent.context, nesting: parent.nesting, owner: unit };
}

/** `NAME=value`: its first named child is the name, the second the value; pushed to `into` on exit. */
export function assignmentFrame(parent: Frame, start: number, into: Assignment[]): AssignmentFrame {
	return {
		kind: "assignment",
		nodeType: "variable_assignment",
		start,
		into,
		named: false,
		name: "",
		value: null,
		context: parent.context,
		nesting: parent.nesting,
		owner: parent.owner,
	};
}

/** A word with dynamic pieces: its spans are gathered from its children, then it is read and delivered on exit. */
export function wordFrame(
	parent: Frame,
	nodeType: string,
	start: number,
	end: number,
	spans: DynamicSpan[],
	deliver: Deliver | null,
): WordFrame {
	return {
		kind: "word",
		nodeType,
		start,
		end,
		spans,
		deliver,
		context: parent.context,
		nesting: parent.nesting,
		owner: parent.owner,
	};
}

/** A redirect attached to `owner`: its operator and target are read from its children. */
export function redirectFrame(
	parent: Frame,
	nodeType: string,
	start: number,
	end: number,
	owner: UnitDraft,
): RedirectFrame {
	return {
		kind: "redirect",
		nodeType,
		start,
		end,
		herestring: nodeType === "herestring_redirect",
		operator: "",
		target: null,
		quoted: false,
		context: parent.context,
		nesting: parent.nesting,
		owner,
	};
}

/** A closed word frame delivers the word read with the dynamic spans its children reported. */
export function closeWord(frame: WordFrame, source: string): void {
	if (frame.deliver === null) return;
	frame.deliver({
		word: readShellWord(source, frame.start, frame.end, frame.spans),
		start: frame.start,
		end: frame.end,
		spans: frame.spans,
	});
}

/** A closed redirect frame attaches its operator and target to its owner. */
export function closeRedirect(frame: RedirectFrame): void {
	const owner = frame.owner;
	if (owner === null || frame.target === null) return;
	owner.redirects.push({ operator: frame.operator.trim(), target: frame.target.word });
	// At v26.3.1 a here-string stays in the unit text (PP-014).
	if (frame.herestring) owner.keptRanges.push({ start: frame.start, end: frame.end });
}
