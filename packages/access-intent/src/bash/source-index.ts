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
		for (let i = 0; i < source.length; i++) {
			const code = source.charCodeAt(i);
			if (code === 96 /* ` */) {
				this.substitutions.push(i);
				this.dollars.push(i);
			} else if (code === 36 /* $ */) {
				this.dollars.push(i);
				if (source.charCodeAt(i + 1) === 40 /* ( */) this.substitutions.push(i);
			} else if ((code === 60 || code === 62) /* < > */ && source.charCodeAt(i + 1) === 40) {
				this.substitutions.push(i);
			}
		}
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
