import { createNodeFileSystemProbe, PathNormalizer } from "@pi-permissions/access-intent";
import { PermissionQuery } from "@pi-permissions/engine";
import { composePolicy, POSIX_FLAVOR, SessionRuleStore, validateConfig } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
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

	it("answers ask for a forwarded ask, even one the policy allows (served asks go to the human)", () => {
		const query = authorityPermissionQuery(queryOver({ permission: { "*": "allow" } }));
		expect(
			query.resolveForwarded({ surface: "deploy", matchValues: ["deploy"], boundaryValue: null }, null),
		).toMatchObject({
			state: "ask",
		});
	});
});
