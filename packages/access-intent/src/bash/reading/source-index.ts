/**
 * Owns: constant-time-ish questions about ranges of the command text (does this range hold a `$`, a substitution?)
 * answered from positions indexed once, so the walk never slices or rescans text per node.
 * Never: parses; it only knows where trigger characters are.
 */

export class SourceIndex {
	/** Positions of `$(`, a backtick, `<(` and `>(`: where a nested command can start. */
	private readonly substitutions: number[] = [];
	/** Positions of `$` and backticks: where a word stops being plain text. */
	private readonly dollars: number[] = [];

	constructor(readonly source: string) {
		// `indexOf` jumps between trigger characters: most of a command holds none, so no loop visits its characters.
		const backquotes = positionsOf(source, "`");
		mergeInto(this.dollars, positionsOf(source, "$"), backquotes);
		const opens: number[] = [];
		for (let i = source.indexOf("(", 1); i !== -1; i = source.indexOf("(", i + 1)) {
			const before = source.charCodeAt(i - 1);
			if (before === 36 /* $ */ || before === 60 /* < */ || before === 62 /* > */) opens.push(i - 1);
		}
		mergeInto(this.substitutions, opens, backquotes);
	}

	/** True when a command or process substitution may start inside `[start, end)`. */
	hasSubstitution(start: number, end: number): boolean {
		return anyWithin(this.substitutions, start, end);
	}

	/** True when `[start, end)` holds a `$` or a backtick. */
	hasDollar(start: number, end: number): boolean {
		return anyWithin(this.dollars, start, end);
	}
}

function anyWithin(sorted: readonly number[], start: number, end: number): boolean {
	let low = 0;
	let high = sorted.length;
	while (low < high) {
		const mid = (low + high) >>> 1;
		if ((sorted[mid] as number) < start) low = mid + 1;
		else high = mid;
	}
	return low < sorted.length && (sorted[low] as number) < end;
}

function positionsOf(source: string, char: string): number[] {
	const positions: number[] = [];
	for (let i = source.indexOf(char); i !== -1; i = source.indexOf(char, i + 1)) positions.push(i);
	return positions;
}

/** Appends the ascending lists `a` and `b` to `into` in ascending order. */
function mergeInto(into: number[], a: readonly number[], b: readonly number[]): void {
	let i = 0;
	let k = 0;
	while (i < a.length && k < b.length) {
		if ((a[i] as number) < (b[k] as number)) into.push(a[i++] as number);
		else into.push(b[k++] as number);
	}
	while (i < a.length) into.push(a[i++] as number);
	while (k < b.length) into.push(b[k++] as number);
}
