import { describe, expect, it } from "vitest";
import { CompiledPolicy, type PolicyEnvironment } from "../../src/compiled-policy";
import { POSIX_FLAVOR, pathFlavorFor, WIN32_FLAVOR } from "../../src/path-flavor";
import type { Rule } from "../../src/rule";
import { SessionRuleStore } from "../../src/session/session-rule-store";
import {
	type SessionSuggestion,
	sessionGrantRequests,
	sessionSuggestionLabel,
	suggestBashApproval,
	suggestPathApproval,
	suggestSessionApproval,
} from "../../src/session/session-suggestion";
import { OWN_SUGGEST_ROWS, SESSION_SUGGEST_ROWS } from "./session-suggestion.cases";

const POSIX: PolicyEnvironment = { home: "/home/u", flavor: POSIX_FLAVOR };
const DEFAULT_ASK: Rule = { surface: "*", pattern: "*", action: "ask", origin: "builtin" };

/** A policy whose only grants are the session rules recorded from `suggestion`. */
function grantedPolicy(suggestion: SessionSuggestion | null, env: PolicyEnvironment): CompiledPolicy {
	const store = new SessionRuleStore();
	for (const request of suggestion ? sessionGrantRequests(suggestion) : []) store.add(request);
	return CompiledPolicy.compile([DEFAULT_ASK], env).withSessionRules(store.rules(), env);
}

describe("suggestSessionApproval", () => {
	it.each([...SESSION_SUGGEST_ROWS, ...OWN_SUGGEST_ROWS])(
		"$id $surface $value",
		({ surface, value, flavor, expected }) => {
			const suggestion = suggestSessionApproval(surface, value, { flavor: pathFlavorFor(flavor ?? "posix") });
			if (expected === null) {
				expect(suggestion).toBeNull();
				return;
			}
			expect(suggestion).toMatchObject({ surface, patterns: expected.patterns, label: expected.label });
		},
	);

	it.each([
		{ id: "PP-263", later: "/other/project/src/bar.ts", state: "allow" },
		{ id: "PP-264", later: "/other/project/lib/bar.ts", state: "ask" },
	])("$id a grant for /other/project/src/foo.ts makes $later $state", ({ later, state }) => {
		const suggestion = suggestSessionApproval("external_directory", "/other/project/src/foo.ts", {
			flavor: POSIX_FLAVOR,
		});
		expect(grantedPolicy(suggestion, POSIX).evaluate("external_directory", later).state).toBe(state);
	});

	it("grants a win32 directory in any case and separator spelling", () => {
		const env = { home: "C:\\Users\\u", flavor: WIN32_FLAVOR };
		const suggestion = suggestSessionApproval("external_directory", "C:\\Other\\Src\\foo.ts", { flavor: WIN32_FLAVOR });
		const policy = grantedPolicy(suggestion, env);
		expect(policy.evaluate("external_directory", "c:/other/src/bar.ts").state).toBe("allow");
		expect(policy.evaluate("external_directory", "C:\\Other\\Lib\\bar.ts").state).toBe("ask");
	});

	it("grants a file tool its directory, which is narrower than the whole tool", () => {
		const suggestion = suggestSessionApproval("read", "/other/project/src/foo.ts", { flavor: POSIX_FLAVOR });
		const policy = grantedPolicy(suggestion, POSIX);
		expect(suggestion?.kind).toBe("path");
		expect(policy.evaluate("read", "/other/project/src/deep/bar.ts").state).toBe("allow");
		expect(policy.evaluate("read", "/home/u/.ssh/id_rsa").state).toBe("ask");
	});

	it("grants the bash family and action, not the rest of the family", () => {
		const policy = grantedPolicy(suggestSessionApproval("bash", "git checkout main", { flavor: POSIX_FLAVOR }), POSIX);
		expect(policy.evaluate("bash", "git checkout -b feature").state).toBe("allow");
		expect(policy.evaluate("bash", "git push --force").state).toBe("ask");
	});
});

describe("suggestPathApproval", () => {
	it("covers several directories in one approval, once each", () => {
		const suggestion = suggestPathApproval("external_directory", ["/a/x/1.ts", "/b/2.ts", "/a/x/3.ts"], {
			flavor: POSIX_FLAVOR,
		});
		expect(suggestion).toEqual({
			kind: "path",
			surface: "external_directory",
			patterns: ["/a/x/*", "/b/*"],
			label: 'Yes, allow external directory "/a/x/*", "/b/*" for this session',
		});
		const policy = grantedPolicy(suggestion, POSIX);
		expect(policy.evaluate("external_directory", "/b/9.ts").state).toBe("allow");
		expect(policy.evaluate("external_directory", "/a/y.ts").state).toBe("ask");
	});

	it("folds win32 spellings of one directory into one pattern", () => {
		const suggestion = suggestPathApproval("external_directory", ["C:\\A\\x.ts", "c:\\a\\y.ts"], {
			flavor: WIN32_FLAVOR,
		});
		expect(suggestion?.patterns).toEqual(["C:\\A\\*"]);
	});

	it("offers nothing when one of the paths has no safe pattern", () => {
		const options = { flavor: POSIX_FLAVOR };
		expect(suggestPathApproval("external_directory", ["/a/x.ts", "/b/*/y.ts"], options)).toBeNull();
		expect(suggestPathApproval("read", ["/a/x.ts", "*"], options)).toBeNull();
		expect(suggestPathApproval("external_directory", [], options)).toBeNull();
		expect(suggestPathApproval("bash", ["/a/x.ts"], options)).toBeNull();
	});
});

describe("suggestBashApproval", () => {
	it.each([
		{
			id: "every unit by its family, deciding first, each pattern once",
			units: [
				{ text: "git push origin main", exactSpellings: null },
				{ text: "npm publish", exactSpellings: null },
				{ text: "git push origin dev", exactSpellings: null },
			],
			expected: ["git push *", "npm publish *"],
		},
		{
			id: "opaque code by its exact spellings",
			units: [{ text: 'python3 -c "print(1)"', exactSpellings: ['python3 -c "print(1)"', "python3 -c print(1)"] }],
			expected: ['python3 -c "print(1)"', "python3 -c print(1)"],
		},
		{
			id: "nothing when a unit's family is never suggested",
			units: [
				{ text: "git push", exactSpellings: null },
				{ text: "sudo ls", exactSpellings: null },
			],
			expected: null,
		},
		{
			id: "nothing when an exact spelling holds a wildcard (it would widen the grant)",
			units: [{ text: "python3 -c 'print(\"*\")'", exactSpellings: ["python3 -c 'print(\"*\")'"] }],
			expected: null,
		},
		{
			id: "nothing when an exact spelling reads a variable",
			units: [{ text: 'node -e "$X"', exactSpellings: ['node -e "$X"'] }],
			expected: null,
		},
		{ id: "nothing for no unit", units: [], expected: null },
	])("$id", ({ units, expected }) => {
		const suggestion = suggestBashApproval(units);
		expect(suggestion?.patterns ?? null).toEqual(expected);
		if (suggestion !== null) expect(suggestion.label).toBe(sessionSuggestionLabel(suggestion));
	});
});

describe("sessionSuggestionLabel", () => {
	it.each([
		["bash", "bash", ["git status*"], 'Yes, allow bash "git status*" for this session'],
		["mcp", "mcp", ["exa:*"], 'Yes, allow mcp tool "exa:*" for this session'],
		["skill", "skill", ["librarian"], 'Yes, allow skill "librarian" for this session'],
		["tool", "read", ["*"], 'Yes, allow tool "read" for this session'],
		["tool", "my_tool", ["*"], 'Yes, allow tool "my_tool" for this session'],
		["path", "edit", ["/a/*"], 'Yes, allow edit "/a/*" for this session'],
	] as const)("renders %s on %s as %s", (kind, surface, patterns, label) => {
		expect(sessionSuggestionLabel({ kind, surface, patterns })).toBe(label);
	});

	it("keeps a label on one line and escapes control characters", () => {
		const label = sessionSuggestionLabel({ kind: "bash", surface: "bash", patterns: ["echo \u001b[2J\nx"] });
		expect(label).toBe('Yes, allow bash "echo \\u001b[2J\\nx" for this session');
	});
});
