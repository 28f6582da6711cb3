import { describe, expect, it } from "vitest";
import { CompiledPolicy } from "../src/compiled-policy";
import { expandHome } from "../src/home-expansion";
import { POSIX_FLAVOR, WIN32_FLAVOR } from "../src/path-flavor";
import { compileWildcard, hasWildcard } from "../src/wildcard";
import { HOME_ROWS, WILDCARD_ROWS } from "./wildcard.cases";

const HOME = "/home/u";

describe("compileWildcard (corpus match.wildcard)", () => {
	it.each(WILDCARD_ROWS)("$id `$pattern` vs `$value` -> $matches", (row) => {
		// Home expansion and win32 folding are the policy's job: evaluate through a one-rule policy on `path`.
		const flavor = row.flavor === "win32" ? WIN32_FLAVOR : POSIX_FLAVOR;
		const policy = CompiledPolicy.compile(
			[{ surface: "path", pattern: row.pattern, action: "deny", origin: "global" }],
			{
				home: HOME,
				flavor,
			},
		);
		expect(policy.evaluate("path", row.value).state === "deny").toBe(row.matches);
	});
});

describe("expandHome (corpus match.home)", () => {
	it.each(HOME_ROWS)("$id `$pattern` -> `$expanded`", (row) => {
		expect(expandHome(row.pattern, HOME)).toBe(row.expanded);
	});

	it("expands a win32 `~\\` prefix", () => {
		expect(expandHome("~\\x", "C:\\Users\\u")).toBe("C:\\Users\\u\\x");
	});

	it("leaves text unchanged when home is empty", () => {
		expect(expandHome("~/a", "")).toBe("~/a");
	});
});

describe("compileWildcard", () => {
	it("treats regex metacharacters as literals", () => {
		for (const text of ["a.b", "(x)", "[ab]", "a+b", "^x$", "a|b", "{1,2}", "\\d"]) {
			expect(compileWildcard(text).test(text)).toBe(true);
		}
		expect(compileWildcard("a.b").test("axb")).toBe(false);
		expect(compileWildcard("[ab]").test("a")).toBe(false);
	});

	it("treats `**` like `*`", () => {
		expect(compileWildcard("src/**").test("src/a/b")).toBe(true);
		expect(compileWildcard("**").matchesEverything).toBe(true);
	});

	it("places middle segments in order without overlap", () => {
		const m = compileWildcard("*ab*ba*");
		expect(m.test("aba")).toBe(false);
		expect(m.test("abba")).toBe(true);
		expect(compileWildcard("a*a").test("a")).toBe(false);
		expect(compileWildcard("a*a").test("aa")).toBe(true);
	});

	it("matches `?` against exactly one character inside starred patterns", () => {
		expect(compileWildcard("*.en?").test("x/.env")).toBe(true);
		expect(compileWildcard("*.en?").test(".en")).toBe(false);
		expect(compileWildcard("a*?b*c").test("axbc")).toBe(true);
		expect(compileWildcard("a*?b*c").test("abc")).toBe(false);
	});

	it("reports the literal prefix before the first wildcard", () => {
		expect(compileWildcard("git st*").literalPrefix).toBe("git st");
		expect(compileWildcard("*.env").literalPrefix).toBe("");
		expect(compileWildcard("plain").literalPrefix).toBe("plain");
	});

	it("recognises wildcard characters", () => {
		expect(hasWildcard("a*")).toBe(true);
		expect(hasWildcard("a?")).toBe(true);
		expect(hasWildcard("a.b")).toBe(false);
	});
});
