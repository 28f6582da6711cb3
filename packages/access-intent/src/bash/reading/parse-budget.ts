/**
 * Owns: the work budget of one `BashProgram` parse (input size, parser progress, visited nodes, units, nesting,
 * payload depth, unit text), the counters that prove it, and the person-facing reason each bound gives.
 * Never: measures time; every bound counts work.
 */

export interface ParseLimits {
	/** UTF-16 code units of the command plus every inline payload parsed for it. */
	readonly maxInputChars: number;
	/** Progress callbacks from tree-sitter (it reports every few hundred parse operations). */
	readonly maxParseTicks: number;
	/** Syntax-tree nodes the unit collector enters. */
	readonly maxVisitedNodes: number;
	/** Units emitted, derived wrapper and payload units included. */
	readonly maxUnits: number;
	/** Enclosing constructs around one unit (subshells, substitutions, bodies, payloads). */
	readonly maxNestingDepth: number;
	/** `bash -c '… bash -c …'` payloads parsed inside one another. */
	readonly maxPayloadDepth: number;
	/** Characters of unit text produced (guards against quadratic text on nested compounds). */
	readonly maxUnitTextChars: number;
}

export const DEFAULT_PARSE_LIMITS: ParseLimits = Object.freeze({
	maxInputChars: 512 * 1024,
	maxParseTicks: 20_000,
	maxVisitedNodes: 200_000,
	maxUnits: 5_000,
	maxNestingDepth: 128,
	maxPayloadDepth: 3,
	maxUnitTextChars: 4 * 1024 * 1024,
});

export type BudgetDimension =
	| "input-chars"
	| "parse-ticks"
	| "visited-nodes"
	| "units"
	| "nesting-depth"
	| "payload-depth"
	| "unit-text-chars";

/** The work done so far, for tests and benchmarks. */
export interface WorkCount {
	readonly inputChars: number;
	readonly parseTicks: number;
	readonly visitedNodes: number;
	readonly units: number;
	readonly deepestNesting: number;
	readonly unitTextChars: number;
}

export class ParseBudget {
	private inputChars = 0;
	private parseTicks = 0;
	private visitedNodes = 0;
	private units = 0;
	private deepestNesting = 0;
	private unitTextChars = 0;
	private exceededDimension: BudgetDimension | null = null;

	constructor(readonly limits: ParseLimits = DEFAULT_PARSE_LIMITS) {}

	/** Why the parse stopped, in words a person accepts (`budgetReason`); `null` while within every bound. */
	get exceededReason(): string | null {
		return this.exceededDimension === null ? null : budgetReason(this.exceededDimension, this.limits);
	}

	/** The first dimension that ran out, or `null`. Once set, every `spend*` call returns false. */
	get exceeded(): BudgetDimension | null {
		return this.exceededDimension;
	}

	get work(): WorkCount {
		return {
			inputChars: this.inputChars,
			parseTicks: this.parseTicks,
			visitedNodes: this.visitedNodes,
			units: this.units,
			deepestNesting: this.deepestNesting,
			unitTextChars: this.unitTextChars,
		};
	}

	spendInput(chars: number): boolean {
		this.inputChars += chars;
		return this.check(this.inputChars <= this.limits.maxInputChars, "input-chars");
	}

	spendParseTick(): boolean {
		this.parseTicks++;
		return this.check(this.parseTicks <= this.limits.maxParseTicks, "parse-ticks");
	}

	spendNode(): boolean {
		this.visitedNodes++;
		return this.check(this.visitedNodes <= this.limits.maxVisitedNodes, "visited-nodes");
	}

	spendUnit(textChars: number): boolean {
		this.units++;
		this.unitTextChars += textChars;
		if (!this.check(this.units <= this.limits.maxUnits, "units")) return false;
		return this.check(this.unitTextChars <= this.limits.maxUnitTextChars, "unit-text-chars");
	}

	enterNesting(depth: number): boolean {
		if (depth > this.deepestNesting) this.deepestNesting = depth;
		return this.check(depth <= this.limits.maxNestingDepth, "nesting-depth");
	}

	enterPayload(depth: number): boolean {
		return this.check(depth <= this.limits.maxPayloadDepth, "payload-depth");
	}

	private check(within: boolean, dimension: BudgetDimension): boolean {
		if (this.exceededDimension !== null) return false;
		if (!within) this.exceededDimension = dimension;
		return within;
	}
}

const count = (n: number): string => n.toLocaleString("en-US");
const kib = (chars: number): string => `${count(Math.floor(chars / 1024))} KiB`;
const mib = (chars: number): string => `${count(Math.floor(chars / (1024 * 1024)))} MiB`;

/**
 * One row per dimension: what the limit is, said as a person would, and what to do about it. The dimension's name
 * closes the text (logs and tests key on it). No row quotes command text (the agent is shown these). Add a row with
 * each new dimension (the `Record` makes it a build error to forget).
 */
const BUDGET_REASONS: Readonly<Record<BudgetDimension, (limits: ParseLimits) => string>> = {
	"input-chars": (l) => `too long to check: over ${kib(l.maxInputChars)}; split it`,
	"parse-ticks": () => "too complex to check: parsing it takes more work than the check allows; split it",
	"visited-nodes": (l) => `too large to check: more than ${count(l.maxVisitedNodes)} syntax nodes; split it`,
	units: (l) => `too large to check: more than ${count(l.maxUnits)} commands; split it`,
	"nesting-depth": (l) => `nested too deeply to check (${count(l.maxNestingDepth)} levels); flatten it`,
	"payload-depth": (l) =>
		`nested too deeply to check: more than ${count(l.maxPayloadDepth)} shells inside one another (bash -c, eval); flatten it`,
	"unit-text-chars": (l) => `too large to check: its commands' text passes ${mib(l.maxUnitTextChars)}; split it`,
};

/** The reason a parse stopped at `dimension`, naming the limit: "too large to check: more than 5,000 commands; split it (work budget: units)". */
export function budgetReason(dimension: BudgetDimension, limits: ParseLimits = DEFAULT_PARSE_LIMITS): string {
	return `${BUDGET_REASONS[dimension](limits)} (work budget: ${dimension})`;
}
