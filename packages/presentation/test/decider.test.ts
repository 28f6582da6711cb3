import { describe, expect, it } from "vitest";
import { DECIDERS } from "../src/decider";

describe("the decider vocabulary (ADR 0043)", () => {
	it.each(DECIDERS)("%s is one snake_case word, as every enumerated wire value is", (decider) => {
		expect(decider).toMatch(/^[a-z]+(?:_[a-z]+)*$/u);
	});

	it("spells a gate error as the fact's resolution spells it", () => {
		expect(DECIDERS).toContain("gate_error");
		expect(DECIDERS).not.toContain("gate-error");
	});
});
