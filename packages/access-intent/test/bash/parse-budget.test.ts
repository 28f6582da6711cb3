import { describe, expect, it } from "vitest";
import { DEFAULT_PARSE_LIMITS, ParseBudget } from "../../src/bash/parse-budget";

describe("ParseBudget", () => {
	it("counts work and reports the first dimension that ran out", () => {
		const budget = new ParseBudget({ ...DEFAULT_PARSE_LIMITS, maxVisitedNodes: 2, maxUnits: 1 });
		expect(budget.spendNode()).toBe(true);
		expect(budget.spendNode()).toBe(true);
		expect(budget.spendNode()).toBe(false);
		expect(budget.exceeded).toBe("visited-nodes");
		expect(budget.spendUnit(1)).toBe(false);
		expect(budget.exceeded).toBe("visited-nodes");
		expect(budget.work.visitedNodes).toBe(3);
	});

	it("tracks the deepest nesting it was asked about", () => {
		const budget = new ParseBudget();
		expect(budget.enterNesting(3)).toBe(true);
		expect(budget.enterNesting(1)).toBe(true);
		expect(budget.work.deepestNesting).toBe(3);
		expect(budget.enterNesting(DEFAULT_PARSE_LIMITS.maxNestingDepth + 1)).toBe(false);
		expect(budget.exceeded).toBe("nesting-depth");
	});
});
