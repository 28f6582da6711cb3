import { describe, expect, it } from "vitest";
import { MAX_LISTED_TOOLS, unknownToolOutcome } from "../../src/gates/unknown-tool-gate";

describe("unknownToolOutcome", () => {
	it("denies with a reason listing the available tools in order", () => {
		const outcome = unknownToolOutcome("nope", new Set(["write", "bash", "read"]));
		expect(outcome).toMatchObject({ gate: "unknown-tool", state: "deny", basis: "unknown-tool", origin: null });
		expect(outcome.reason).toBe('no tool named "nope" is available; available tools: bash, read, write');
	});

	it("bounds the list and counts the rest", () => {
		const names = new Set(Array.from({ length: MAX_LISTED_TOOLS + 3 }, (_, i) => `t${String(i).padStart(3, "0")}`));
		expect(unknownToolOutcome("x", names).reason).toMatch(/and 3 more$/);
	});

	it("quotes a hostile tool name so it stays one line", () => {
		expect(unknownToolOutcome("a\nb", new Set()).reason).toContain('"a\\nb"');
	});
});
