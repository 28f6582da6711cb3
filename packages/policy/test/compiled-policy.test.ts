import { describe, expect, it } from "vitest";
import { CompiledPolicy, isCatchAll } from "../src/compiled-policy";
import { POSIX_FLAVOR, WIN32_FLAVOR } from "../src/path-flavor";
import type { Rule } from "../src/rule";

const env = { home: "/home/u", flavor: POSIX_FLAVOR };
const r = (surface: string, pattern: string, action: Rule["action"], extra: Partial<Rule> = {}): Rule => ({
	surface,
	pattern,
	action,
	origin: "global",
	...extra,
});

describe("CompiledPolicy.evaluate", () => {
	it("lets the last matching rule win", () => {
		const policy = CompiledPolicy.compile([r("path", "*.env", "deny"), r("path", "*", "allow")], env);
		expect(policy.evaluate("path", ".env").state).toBe("allow"); // PP-208
		const reversed = CompiledPolicy.compile([r("path", "*", "allow"), r("path", "*.env", "deny")], env);
		expect(reversed.evaluate("path", ".env").state).toBe("deny");
	});

	it("never consults rules of another surface", () => {
		const policy = CompiledPolicy.compile([r("bash", "*", "deny"), r("read", "x", "allow")], env);
		expect(policy.evaluate("read", "y")).toMatchObject({ state: "ask", origin: "builtin", rule: null });
	});

	it("applies wildcard surfaces to every surface they match, in order", () => {
		const policy = CompiledPolicy.compile([r("mcp__*", "*", "deny"), r("mcp__exa__search", "*", "allow")], env);
		expect(policy.evaluate("mcp__exa__search", "*").state).toBe("allow");
		expect(policy.evaluate("mcp__exa__other", "*").state).toBe("deny");
	});

	it("prefers a later exact pattern over an earlier wildcard and the reverse", () => {
		const a = CompiledPolicy.compile([r("bash", "git *", "deny"), r("bash", "git status", "allow")], env);
		expect(a.evaluate("bash", "git status").state).toBe("allow");
		const b = CompiledPolicy.compile([r("bash", "git status", "allow"), r("bash", "git *", "deny")], env);
		expect(b.evaluate("bash", "git status").state).toBe("deny");
	});

	it("carries the operator's deny reason", () => {
		const policy = CompiledPolicy.compile([r("bash", "npm *", "deny", { reason: "Use pnpm instead" })], env);
		expect(policy.evaluate("bash", "npm i")).toMatchObject({ state: "deny", reason: "Use pnpm instead" });
	});

	it("folds case and separators on win32 path surfaces only", () => {
		const policy = CompiledPolicy.compile([r("read", "C:\\Secrets\\*", "deny"), r("bash", "Dir *", "deny")], {
			home: "C:\\Users\\u",
			flavor: WIN32_FLAVOR,
		});
		expect(policy.evaluate("read", "c:/secrets/k.txt").state).toBe("deny");
		expect(policy.evaluate("bash", "dir x").state).toBe("ask");
	});

	it("expands home in values as well as patterns", () => {
		const policy = CompiledPolicy.compile([r("path", "/home/u/.ssh/*", "deny")], env);
		expect(policy.evaluate("path", "~/.ssh/id_rsa").state).toBe("deny");
		expect(policy.evaluate("path", "$HOME/.ssh/id_rsa").state).toBe("deny");
	});
});

describe("CompiledPolicy.evaluateAliases", () => {
	it("decides by the highest rule matching any alias", () => {
		const policy = CompiledPolicy.compile([r("path", "/projects/app/*", "allow"), r("path", "*.env", "deny")], env);
		const m = policy.evaluateAliases("path", ["link", "/projects/app/link", "/projects/app/.env"]);
		expect(m).toMatchObject({ state: "deny", matchedValue: "/projects/app/.env" });
	});
});

describe("CompiledPolicy.composedMatch", () => {
	it("names the deciding composed rule and its index, never a session rule", () => {
		const base = CompiledPolicy.compile(
			[r("bash", "*", "ask"), r("bash", "git *", "allow"), r("bash", "rm *", "deny")],
			env,
		);
		const policy = base.withSessionRules([r("bash", "make*", "allow", { origin: "session" })], env);
		expect(policy.composedMatch("bash", ["ls", "git log"])).toMatchObject({ index: 1, match: { state: "allow" } });
		expect(policy.composedMatch("bash", ["make"])).toMatchObject({
			index: 0,
			match: { state: "ask", origin: "global" },
		});
	});

	it("gives -1 for the built-in fallback", () => {
		const policy = CompiledPolicy.compile([r("bash", "git *", "allow")], env);
		expect(policy.composedMatch("bash", ["ls"])).toMatchObject({
			index: -1,
			match: { state: "ask", origin: "builtin" },
		});
	});
});

describe("CompiledPolicy.composedRuleMatches", () => {
	it("tests one composed rule, on its surface, as evaluation matches it", () => {
		const policy = CompiledPolicy.compile(
			[r("*", "*", "ask"), r("bash", "git *", "deny"), r("path", "~/x", "deny")],
			env,
		);
		expect(policy.composedRuleMatches(1, "bash", "git log")).toBe(true);
		expect(policy.composedRuleMatches(1, "bash", "ls")).toBe(false);
		expect(policy.composedRuleMatches(1, "read", "git log")).toBe(false);
		expect(policy.composedRuleMatches(0, "bash", "anything")).toBe(true);
		expect(policy.composedRuleMatches(2, "path", "/home/u/x")).toBe(true);
		expect(policy.composedRuleMatches(3, "bash", "git")).toBe(false);
		expect(policy.composedRuleMatches(-1, "bash", "git")).toBe(false);
	});
});

describe("CompiledPolicy.answerAsk", () => {
	it("is the session rule matching any alias, or null without one", () => {
		const base = CompiledPolicy.compile([r("bash", "*", "ask")], env);
		const policy = base.withSessionRules([r("bash", "make*", "allow", { origin: "session" })], env);
		expect(policy.answerAsk("bash", ["x", "make all"])).toMatchObject({ state: "allow", origin: "session" });
		expect(policy.answerAsk("bash", ["ls"])).toBeNull();
		expect(base.answerAsk("bash", ["make"])).toBeNull();
	});
});

describe("CompiledPolicy.withSessionRules", () => {
	it("lets session rules win over composed rules without recompiling them", () => {
		const base = CompiledPolicy.compile([r("bash", "*", "ask")], env);
		const withGrant = base.withSessionRules([r("bash", "git status*", "allow", { origin: "session" })], env);
		expect(withGrant.evaluate("bash", "git status")).toMatchObject({ state: "allow", origin: "session" });
		expect(base.evaluate("bash", "git status").state).toBe("ask");
		expect(withGrant.rules).toHaveLength(2);
		expect(withGrant.composedRules).toHaveLength(1);
	});
});

describe("isCatchAll", () => {
	it("recognises only runs of `*`", () => {
		expect(isCatchAll("*")).toBe(true);
		expect(isCatchAll("**")).toBe(true);
		expect(isCatchAll("")).toBe(false);
		expect(isCatchAll("*a")).toBe(false);
	});
});
