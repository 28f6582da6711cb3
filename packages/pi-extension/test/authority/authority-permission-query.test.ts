import { createNodeFileSystemProbe, PathNormalizer } from "@pi-permissions/access-intent";
import { PermissionQuery } from "@pi-permissions/engine";
import { composePolicy, POSIX_FLAVOR, SessionRuleStore, validateConfig } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { AgentPolicyPendingError } from "../../src/agent/agent-policies";
import { authorityPermissionQuery } from "../../src/authority/authority-permission-query";

const normalizer = PathNormalizer.create({
	cwd: "/projects/app",
	home: "/home/u",
	flavor: POSIX_FLAVOR,
	probe: createNodeFileSystemProbe(),
});

function queryOver(config: unknown): PermissionQuery {
	const validated = validateConfig(config);
	if (!validated.ok) throw new Error("invalid test config");
	const policy = composePolicy({
		scopes: [{ scope: "global", status: "valid", config: validated.value.config }],
		env: { home: "/home/u", flavor: POSIX_FLAVOR },
	});
	return new PermissionQuery({
		policies: { policyFor: () => policy },
		sessionRules: new SessionRuleStore(),
		normalizer,
		parser: () => null,
	});
}

describe("authorityPermissionQuery", () => {
	it("answers from the recorded policy", () => {
		const query = authorityPermissionQuery(queryOver({ permission: { deploy: "deny" } }));
		expect(query.checkPermission("deploy")).toMatchObject({ state: "deny" });
	});

	it("answers ask when the engine throws", () => {
		const broken = new PermissionQuery({
			policies: {
				policyFor: () => {
					throw new Error("broken");
				},
			},
			sessionRules: new SessionRuleStore(),
			normalizer,
			parser: () => null,
		});
		expect(authorityPermissionQuery(broken).checkPermission("deploy")).toEqual({
			state: "ask",
			matchedPattern: null,
			origin: null,
			reason: null,
		});
	});

	it.each([
		{ values: ["git status"], state: "allow", matchedPattern: "git *" },
		{ values: ["git status", "rm -rf x"], state: "deny", matchedPattern: "rm *" },
		{ values: ["npm test"], state: "ask", matchedPattern: null },
	])(
		"resolves the forwarded bash units $values from the recorded policy as $state",
		({ values, state, matchedPattern }) => {
			const query = authorityPermissionQuery(queryOver({ permission: { bash: { "git *": "allow", "rm *": "deny" } } }));
			const facts = { surface: "bash", matchValues: values, boundaryValue: null };
			expect(query.resolveForwarded(facts, null)).toMatchObject({ state, matchedPattern });
		},
	);

	it("answers ask while the requester agent's policy is still loading", () => {
		const pending = new PermissionQuery({
			policies: {
				policyFor: (agentName) => {
					throw new AgentPolicyPendingError(agentName);
				},
			},
			sessionRules: new SessionRuleStore(),
			normalizer,
			parser: () => null,
		});
		const facts = { surface: "deploy", matchValues: ["*"], boundaryValue: null };
		expect(authorityPermissionQuery(pending).resolveForwarded(facts, "scout")).toEqual({
			state: "ask",
			matchedPattern: null,
			origin: null,
			reason: null,
		});
	});

	it("throws a forwarded ask it cannot evaluate, for the serving resolver to deny as a gate error", () => {
		const query = authorityPermissionQuery(queryOver({ permission: { "*": "allow" } }));
		expect(() => query.resolveForwarded({ surface: "bash", matchValues: [], boundaryValue: null }, null)).toThrow();
	});
});
