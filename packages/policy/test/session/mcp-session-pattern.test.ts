import { describe, expect, it } from "vitest";
import { mcpSessionPattern } from "../../src/session/mcp-session-pattern";
import { compileWildcard } from "../../src/wildcard";

/** Corpus rows `mcp.suggest` (PP-128..132) as facts, then ours. */
const ROWS: readonly { id: string; target: string; expected: string | null }[] = [
	{ id: "PP-128", target: "exa:search", expected: "exa:*" },
	{ id: "PP-129", target: "exa_search", expected: "exa_*" },
	{ id: "PP-130", target: "mcp", expected: "*" },
	{ id: "PP-131", target: "search", expected: "*" },
	{ id: "PP-132", target: "my-server:some_tool", expected: "my-server:*" },
	{ id: "MS-01", target: "mcp__exa__web_search", expected: "mcp__exa__*" },
	{ id: "MS-02", target: "my_server:tool", expected: "my_server:*" },
	{ id: "MS-03", target: ":tool", expected: ":tool" },
	{ id: "MS-04", target: "mcp__", expected: "mcp__" },
	{ id: "MS-05", target: "ex*:search", expected: null },
	{ id: "MS-06", target: "e?a_search", expected: null },
	{ id: "MS-07", target: "", expected: null },
];

describe("mcpSessionPattern", () => {
	it.each(ROWS)("$id $target -> $expected", ({ target, expected }) => {
		expect(mcpSessionPattern(target)).toBe(expected);
	});

	it("grants the server's other tools but not another server's", () => {
		const matcher = compileWildcard(mcpSessionPattern("exa:search") ?? "");
		expect(matcher.test("exa:crawl")).toBe(true);
		expect(matcher.test("exab:search")).toBe(false);
		expect(matcher.test("github:search")).toBe(false);
	});
});
