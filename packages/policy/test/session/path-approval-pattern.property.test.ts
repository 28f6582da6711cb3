import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CompiledPolicy } from "../../src/compiled-policy";
import { POSIX_FLAVOR, WIN32_FLAVOR } from "../../src/path-flavor";
import type { Rule } from "../../src/rule";
import { pathApprovalPattern } from "../../src/session/path-approval-pattern";
import { compileWildcard } from "../../src/wildcard";

const RUNS = { numRuns: 300 };
const segment = fc.stringMatching(/^[A-Za-z0-9_.-]{1,6}$/).filter((s) => s !== "." && s !== "..");
const tree = fc.record({
	dirs: fc.array(segment, { minLength: 1, maxLength: 4 }),
	file: segment,
	sibling: segment,
	nested: fc.array(segment, { minLength: 1, maxLength: 3 }),
	otherDir: segment,
	tail: fc.array(segment, { maxLength: 2 }),
});

const DEFAULT_ASK: Rule = { surface: "*", pattern: "*", action: "ask", origin: "builtin" };

describe("pathApprovalPattern (property)", () => {
	it("matches the file, its siblings and their subtrees, and never the parent's other subtrees (posix)", () => {
		fc.assert(
			fc.property(tree, ({ dirs, file, sibling, nested, otherDir, tail }) => {
				const last = dirs[dirs.length - 1] ?? "";
				fc.pre(otherDir !== last);
				const dir = `/${dirs.join("/")}`;
				const parent = `/${dirs.slice(0, -1).join("/")}`.replace(/^\/$/, "");
				const matcher = compileWildcard(pathApprovalPattern(`${dir}/${file}`, POSIX_FLAVOR) ?? "");
				expect(matcher.test(`${dir}/${file}`)).toBe(true);
				expect(matcher.test(`${dir}/${sibling}`)).toBe(true);
				expect(matcher.test(`${dir}/${nested.join("/")}`)).toBe(true);
				expect(matcher.test(`${parent}/${[otherDir, ...tail].join("/")}`)).toBe(false);
				expect(matcher.test(dir)).toBe(false);
				expect(matcher.test(parent === "" ? "/" : parent)).toBe(false);
			}),
			RUNS,
		);
	});

	it("grants siblings in any case and separator spelling, and never the parent's other subtrees (win32)", () => {
		fc.assert(
			fc.property(tree, ({ dirs, file, sibling, otherDir, tail }) => {
				const last = dirs[dirs.length - 1] ?? "";
				fc.pre(otherDir.toLowerCase() !== last.toLowerCase());
				const env = { home: "C:\\Users\\u", flavor: WIN32_FLAVOR };
				const pattern = pathApprovalPattern(`C:\\${dirs.join("\\")}\\${file}`, WIN32_FLAVOR) ?? "";
				const rule: Rule = { surface: "external_directory", pattern, action: "allow", origin: "session" };
				const policy = CompiledPolicy.compile([DEFAULT_ASK], env).withSessionRules([rule], env);
				const decide = (value: string) => policy.evaluate("external_directory", value).state;
				expect(decide(`c:/${dirs.join("/").toLowerCase()}/${sibling.toUpperCase()}`)).toBe("allow");
				expect(decide(`C:\\${dirs.join("\\")}\\${file}`)).toBe("allow");
				const parent = dirs.slice(0, -1);
				expect(decide(`C:\\${[...parent, otherDir, ...tail].join("\\")}`)).toBe("ask");
			}),
			RUNS,
		);
	});
});
