/**
 * Owns: what a bash command has established so far for the units after it: the possible working directories
 * (`cd`/`pushd`/`popd` folding) and the possible values of variables assigned literals.
 * Never: guesses: an effect that may not happen (subshell, conditional, failing `cd`) keeps the old possibilities too.
 */
import type { VariableValues } from "./bash-word-values";

/** The directories a relative word may be resolved against, or `unknown` when no base can be established. */
export type Bases = { readonly kind: "known"; readonly dirs: readonly string[] } | { readonly kind: "unknown" };

/** More possible directories or values than this collapse to unknown. */
export const MAX_POSSIBILITIES = 8;

const UNKNOWN_VALUE: VariableValues = Object.freeze({ known: Object.freeze([]), unknown: true });

export class BashShellState {
	private currentBases: Bases;
	private readonly variables = new Map<string, VariableValues>();
	private readonly stack: Bases[] = [];
	private readonly home: string;
	/** The directories before the first `cd` of the current `&&` chain, `null` outside one. */
	private chainStart: Bases | null = null;

	constructor(cwd: string, home: string) {
		this.currentBases = { kind: "known", dirs: [cwd] };
		this.home = home;
	}

	get bases(): Bases {
		return this.currentBases;
	}

	/** What `$name` may expand to: tracked assignments first, then `HOME` and `PWD`; anything else is unknown. */
	lookup(name: string): VariableValues {
		const tracked = this.variables.get(name);
		if (tracked) return tracked;
		if (name === "HOME" && this.home !== "") return { known: [this.home], unknown: false };
		if (name === "PWD") {
			const bases = this.currentBases;
			return bases.kind === "known" ? { known: bases.dirs, unknown: false } : UNKNOWN_VALUE;
		}
		return UNKNOWN_VALUE;
	}

	/** The values assigned to `name` in this command, or `null` when the command never assigned it. */
	tracked(name: string): VariableValues | null {
		return this.variables.get(name) ?? null;
	}

	/** Records `name=value`; an uncertain assignment keeps every earlier possibility (including the unknown start). */
	assign(name: string, values: VariableValues, certain: boolean): void {
		if (certain) {
			this.variables.set(name, capValues(values));
			return;
		}
		const before = this.lookup(name);
		this.variables.set(
			name,
			capValues({ known: union(before.known, values.known), unknown: before.unknown || values.unknown }),
		);
	}

	/** Every tracked variable may since have been set to anything (after `source`). */
	forgetVariables(): void {
		for (const [name, values] of this.variables) this.variables.set(name, { known: values.known, unknown: true });
	}

	/** Moves to `next`; an uncertain change keeps the current directories possible as well. */
	changeDirectory(next: Bases, certain: boolean): void {
		this.currentBases = certain ? capBases(next) : capBases(unionBases(this.currentBases, next));
	}

	/**
	 * Starts (or continues) an `&&` chain whose `cd` holds for the units after it in the chain: they run only if it
	 * succeeded. `endChain` then keeps the directories from before the chain possible, as the chain may have stopped.
	 */
	enterChain(): void {
		this.chainStart ??= this.currentBases;
	}

	endChain(): void {
		if (this.chainStart === null) return;
		this.currentBases = capBases(unionBases(this.chainStart, this.currentBases));
		this.chainStart = null;
	}

	pushDirectory(next: Bases, certain: boolean): void {
		this.stack.push(this.currentBases);
		this.changeDirectory(next, certain);
	}

	popDirectory(certain: boolean): void {
		const previous = this.stack.pop() ?? { kind: "unknown" };
		this.changeDirectory(previous, certain);
	}
}

function union(a: readonly string[], b: readonly string[]): string[] {
	return [...a, ...b.filter((value) => !a.includes(value))];
}

function unionBases(a: Bases, b: Bases): Bases {
	if (a.kind === "unknown" || b.kind === "unknown") return { kind: "unknown" };
	return { kind: "known", dirs: union(a.dirs, b.dirs) };
}

function capBases(bases: Bases): Bases {
	if (bases.kind === "known" && (bases.dirs.length === 0 || bases.dirs.length > MAX_POSSIBILITIES)) {
		return { kind: "unknown" };
	}
	return bases;
}

function capValues(values: VariableValues): VariableValues {
	if (values.known.length <= MAX_POSSIBILITIES) return values;
	return { known: values.known.slice(0, MAX_POSSIBILITIES), unknown: true };
}
