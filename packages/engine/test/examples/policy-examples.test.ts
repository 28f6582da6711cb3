import type { ScopeOutcome } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import {
	decidingRule,
	describeExample,
	exampleFailureLine,
	exampleInput,
	examplesOf,
	judgeExample,
	type ScopedExample,
} from "../../src/examples/policy-examples";

const SCOPES: readonly ScopeOutcome[] = [
	{
		scope: "global",
		status: "valid",
		source: "/g/config.json",
		config: { tests: [{ tool: "bash", command: "ls", expect: "allow" }] },
	},
	{ scope: "project", status: "invalid", issues: [] },
	{
		scope: "agent",
		status: "valid",
		config: { tests: [{ name: "keys", tool: "read", path: "~/.ssh/id_rsa", agent: "ops", expect: "deny" }] },
	},
];

describe("policy examples", () => {
	it("takes the examples of valid scopes in scope and file order, with where they are written", () => {
		expect(examplesOf(SCOPES).map(({ scope, file, index }) => [scope, file, index])).toEqual([
			["global", "/g/config.json", 0],
			["agent", null, 0],
		]);
	});

	it.each([
		[{ tool: "bash", command: "git status", expect: "allow" }, { command: "git status" }],
		[{ tool: "run", command: "make", expect: "ask" }, { cmd: "make" }],
		[{ tool: "read", path: "a.txt", expect: "allow" }, { path: "a.txt" }],
		[
			{ tool: "grep", input: { pattern: "x", path: "src" }, expect: "allow" },
			{ pattern: "x", path: "src" },
		],
	] as const)("turns %j into the tool input %j", (example, input) => {
		expect(exampleInput(example, new Map([["run", { commandArgument: "cmd" }]]))).toEqual(input);
	});

	it("describes an example by its name, tool, input, agent and expectation", () => {
		const [first, second] = examplesOf(SCOPES) as [ScopedExample, ScopedExample];
		expect(describeExample(first)).toBe('bash "ls" expects allow');
		expect(describeExample(second)).toBe('"keys": read "~/.ssh/id_rsa" as agent ops expects deny');
	});

	it("fails an example the decision does not match, naming the deciding rule", () => {
		const [first] = examplesOf(SCOPES) as [ScopedExample];
		const decision = {
			action: "ask" as const,
			surface: "bash",
			value: "ls",
			matchedPattern: "*",
			origin: "global",
			reason: null,
		};
		const verdict = judgeExample(first, decision);
		expect(verdict.kind).toBe("fail");
		expect(exampleFailureLine(verdict)).toBe(
			'example global tests[0] (/g/config.json) failed: bash "ls" expects allow, got ask; decided by bash "*": ask (global) for "ls"',
		);
		expect(judgeExample(first, { ...decision, action: "allow" }).kind).toBe("pass");
	});

	it("names the default when no rule matched", () => {
		const decision = {
			action: "ask" as const,
			surface: "x",
			value: "*",
			matchedPattern: null,
			origin: "builtin",
			reason: null,
		};
		expect(decidingRule(decision)).toBe("the builtin default");
	});
});
