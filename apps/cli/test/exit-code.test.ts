import { describe, expect, it } from "vitest";
import { EXIT_CODES, exitCodeFor } from "../src/exit-code";

describe("exitCodeFor", () => {
	it.each([
		{ action: "allow", code: 0 },
		{ action: "ask", code: 2 },
		{ action: "deny", code: 3 },
	] as const)("maps $action to $code", ({ action, code }) => {
		expect(exitCodeFor(action)).toBe(code);
	});

	it("keeps usage errors apart from every decision", () => {
		expect([exitCodeFor("allow"), exitCodeFor("ask"), exitCodeFor("deny")]).not.toContain(EXIT_CODES.usage);
	});
});
