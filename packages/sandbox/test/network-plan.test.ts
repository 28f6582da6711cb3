import type { Rule } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { explainBlocked } from "../src/blocked-report";
import { planNetwork, runtimeHostPattern } from "../src/network-plan";
import { planSandbox } from "../src/sandbox-plan";

const rule = (pattern: string, action: Rule["action"], origin: Rule["origin"] = "global", reason?: string): Rule => ({
	surface: "network",
	pattern,
	action,
	origin,
	...(reason === undefined ? {} : { reason }),
});

describe("runtimeHostPattern", () => {
	it.each([
		["github.com", "github.com"],
		["*.githubusercontent.com", "*.githubusercontent.com"],
		["registry.npmjs.org", "registry.npmjs.org"],
		["localhost:*", "localhost"],
		["localhost:8080", "localhost:8080"],
		["*", "*"],
		["api-*.example.com", null],
		["*github.com", null],
	])("%s is %s for the proxy", (pattern, expected) => {
		expect(runtimeHostPattern(pattern)).toBe(expected);
	});
});

describe("planNetwork", () => {
	it("derives the reachable hosts from the network allow rules, with the deprecated list added", () => {
		const plan = planNetwork(
			[rule("github.com", "allow"), rule("*.githubusercontent.com", "allow"), rule("localhost:*", "allow")],
			["legacy.example"],
		);
		expect(plan.allowedDomains).toEqual(["legacy.example", "github.com", "*.githubusercontent.com", "localhost"]);
	});

	it("never widens for a session grant, yolo or a managed allow", () => {
		const plan = planNetwork(
			[
				rule("a.example", "allow", "session"),
				rule("b.example", "allow", "yolo"),
				rule("c.example", "allow", "managed"),
			],
			[],
		);
		expect(plan.allowedDomains).toEqual([]);
	});

	it("refuses each denied host, attributed to its rule", () => {
		const plan = planNetwork([rule("*", "allow"), rule("evil.example", "deny", "global", "exfiltration")], []);
		expect(plan.deniedDomains).toEqual([
			{
				host: "evil.example",
				because: { kind: "rule", surface: "network", pattern: "evil.example", reason: "exfiltration" },
			},
		]);
	});

	it("leaves out an allow a later ask or deny meets: a program connecting by itself is not let past the policy", () => {
		const plan = planNetwork([rule("*", "allow"), rule("example.com", "ask")], []);
		expect(plan.allowedDomains).toEqual([]);
		expect(plan.skipped[0]?.why).toContain("`example.com`");
		expect(planNetwork([rule("*", "ask"), rule("api.github.com", "allow")], []).allowedDomains).toEqual([
			"api.github.com",
		]);
	});

	it("reports a pattern the proxy cannot express", () => {
		expect(planNetwork([rule("api-*.example.com", "allow")], []).skipped).toHaveLength(1);
	});
});

describe("a connection the sandbox refused", () => {
	const plan = planSandbox({
		rules: [rule("*", "ask"), rule("api.github.com", "allow"), rule("evil.example", "deny", "project", "no uploads")],
		cwd: "/work/proj",
		home: "/home/u",
		tmpDir: "/tmp",
		protectedTargets: [],
		allowedDomains: [],
		canonical: (path) => path,
		exists: () => true,
		isDirectory: () => true,
		list: () => null,
	});

	it("is attributed to the network deny whose host it met", () => {
		const [blocked] = explainBlocked("deny network-outbound evil.example:443 (denied)", {
			plan,
			cwd: "/work/proj",
			home: "/home/u",
		});
		expect(blocked).toMatchObject({
			kind: "network",
			target: "evil.example:443",
			because: { kind: "rule", surface: "network", pattern: "evil.example" },
			text: "connection to `evil.example:443` is denied by rule `evil.example` (no uploads) (network)",
		});
	});

	it("says no allow names a host the policy only asks about", () => {
		const [blocked] = explainBlocked("deny network-outbound example.com:443 (x)", {
			plan,
			cwd: "/work/proj",
			home: "/home/u",
		});
		expect(blocked?.text).toContain("no `network` allow rule");
	});

	it("puts the allowed host in the plan the runtime gets", () => {
		expect(plan.allowedDomains).toEqual(["api.github.com"]);
		expect(plan.deniedDomains.map((entry) => entry.host)).toEqual(["evil.example"]);
	});
});
