/**
 * Owns: the control labels of a unit's nesting (`pipeline`, `background`, `conditional`, `and_then`) that tell path
 * collection a `cd` may not reach later units: inserted in place by the tree walk, and computed for the plain path.
 * Never: decides what a label means for directories; `path-candidates.ts` and `directory-change.ts` do.
 */
import type { ControlLabel, NestingLabel } from "./nesting-label";
import type { UnitDraft } from "./unit-draft";

/**
 * Inserts `label` at `depth` into the nesting of every draft drafted from offset `from` on. Walks back from the
 * newest draft and stops at one already labelled there: lists nest to the left and share their start, so an inner
 * list labelled everything before it (this keeps `a || b || … || z` linear, not quadratic).
 */
export function labelDraftsSince(drafts: readonly UnitDraft[], from: number, depth: number, label: ControlLabel): void {
	for (let i = drafts.length - 1; i >= 0; i--) {
		const draft = drafts[i] as UnitDraft;
		if (draft.start < from || draft.nesting[depth] === label) return;
		draft.nesting = Object.freeze(insertAt(draft.nesting, depth, [label]));
	}
}

/**
 * The labels the tree walk gives the same command: `background` for a statement ending in `&`, then `conditional`
 * for a list member before a `||` or right after one, `and_then` for one right after `&&`, then `pipeline`.
 */
export function labelPlainControl(drafts: readonly UnitDraft[], separators: readonly string[], depth: number): void {
	let first = 0;
	for (let k = 0; k < drafts.length; k++) {
		const separator = separators[k];
		if (separator !== undefined && separator !== ";" && separator !== "&") continue;
		labelStatement(drafts, separators, first, k, separator === "&", depth);
		first = k + 1;
	}
}

/** Labels `drafts[first..last]`, one statement whose joins are `separators[first..last - 1]`. */
function labelStatement(
	drafts: readonly UnitDraft[],
	separators: readonly string[],
	first: number,
	last: number,
	background: boolean,
	depth: number,
): void {
	let lastOr = -1;
	for (let k = last - 1; k >= first && lastOr === -1; k--) if (separators[k] === "||") lastOr = k;
	/** The list operator before the current pipeline, `null` for the first one. */
	let before: string | null = null;
	for (let k = first; k <= last; k++) {
		const draft = drafts[k] as UnitDraft;
		const labels: ControlLabel[] = [];
		if (background) labels.push("background");
		const beforeAnOr = k <= lastOr;
		if (beforeAnOr) labels.push("conditional");
		if (before === "&&") labels.push("and_then");
		else if (before === "||" && !beforeAnOr) labels.push("conditional");
		if ((k > first && separators[k - 1] === "|") || (k < last && separators[k] === "|")) labels.push("pipeline");
		if (labels.length > 0) draft.nesting = Object.freeze(insertAt(draft.nesting, depth, labels));
		const join = k < last ? separators[k] : undefined;
		if (join === "&&" || join === "||") before = join;
	}
}

/**
 * `nesting` with `labels` inserted at `depth`. Copied by index: a nesting is frozen, and `slice` of a frozen array
 * leaves V8's fast path (about twenty times the cost, on every labelled unit of every call).
 */
function insertAt(nesting: readonly NestingLabel[], depth: number, labels: readonly ControlLabel[]): NestingLabel[] {
	const next: NestingLabel[] = [];
	for (let i = 0; i < depth && i < nesting.length; i++) next.push(nesting[i] as NestingLabel);
	for (const label of labels) next.push(label);
	for (let i = depth; i < nesting.length; i++) next.push(nesting[i] as NestingLabel);
	return next;
}
