import { describe, expect, it } from "vitest";
import { PLAN_READING_PROGRAMS, planRefusal } from "../../src/modes/plan-reading-programs";

describe("PLAN_READING_PROGRAMS: one row per program", () => {
	it.each([...PLAN_READING_PROGRAMS])("`%s` runs bare in plan mode (%o)", (name, row) => {
		const words = row.kind === "subcommands" ? [row.subcommands?.[0] ?? null] : [];
		expect(planRefusal(name, words)).toBeNull();
		for (const option of row.refuse ?? []) expect(planRefusal(name, [...words, option])).not.toBeNull();
	});

	it("refuses a program it does not list", () => {
		expect(planRefusal("make", [])).toBe("it may change files or run code the gate cannot see into");
	});

	it("refuses git's writing subcommands and an option joined with `=`", () => {
		expect(planRefusal("git", ["push"])).toBe("only git's reading subcommands run in plan mode");
		expect(planRefusal("git", [null])).toBe("only git's reading subcommands run in plan mode");
		expect(planRefusal("date", ["--set=2020-01-01"])).toBe("one of its options runs code or changes the system");
	});
});
