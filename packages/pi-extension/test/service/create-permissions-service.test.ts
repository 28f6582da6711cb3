import { createNodeFileSystemProbe, PathNormalizer } from "@pi-permissions/access-intent";
import { PermissionQuery } from "@pi-permissions/engine";
import { composePolicy, pathFlavorFor, SessionRuleStore } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { createPermissionsService } from "../../src/service/create-permissions-service";
import { SessionExtensions } from "../../src/service/session-extensions";
import { workspace } from "../support/pi-session-harness";

function queryOver(policyFor: () => ReturnType<typeof composePolicy>): PermissionQuery {
	const space = workspace({});
	const normalizer = PathNormalizer.create({
		cwd: space.cwd,
		home: space.home,
		flavor: pathFlavorFor("posix"),
		probe: createNodeFileSystemProbe(),
	});
	return new PermissionQuery({
		policies: { policyFor },
		sessionRules: new SessionRuleStore(),
		normalizer,
		parser: () => null,
	});
}

function brokenPolicy(): never {
	throw new Error("the policy provider broke");
}

describe("createPermissionsService", () => {
	it("hands out a frozen object whose members are plain functions", () => {
		const service = createPermissionsService("s-1", queryOver(brokenPolicy), new SessionExtensions());
		expect(Object.isFrozen(service)).toBe(true);
		const members = Object.entries(service).filter(([key]) => key !== "sessionId");
		expect(members.map(([, value]) => typeof value)).toEqual(members.map(() => "function"));
		expect(service.sessionId).toBe("s-1");
	});

	it("answers `ask` with the failure as the reason when the query throws, and never throws itself", () => {
		const service = createPermissionsService("s-1", queryOver(brokenPolicy), new SessionExtensions());
		const result = service.checkPermission("bash", "rm -rf /");
		expect(result.state).toBe("ask");
		expect(result.reason).toBe("the policy provider broke");
		expect(service.getToolPermission("bash")).toBe("ask");
	});

	it("returns a fresh copy of the match values on every answer", () => {
		const space = workspace({});
		const policy = composePolicy({
			scopes: [],
			env: { home: space.home, flavor: pathFlavorFor("posix") },
		});
		const service = createPermissionsService(
			"s-1",
			queryOver(() => policy),
			new SessionExtensions(),
		);
		const first = service.checkPermission("path", "notes.txt");
		const second = service.checkPermission("path", "notes.txt");
		expect(first.matchValues).toEqual(second.matchValues);
		expect(first.matchValues).not.toBe(second.matchValues);
	});

	it("feeds the session's extensions through the register functions", () => {
		const extensions = new SessionExtensions();
		const service = createPermissionsService("s-1", queryOver(brokenPolicy), extensions);
		const dispose = service.registerToolAccessExtractor("stash", () => ["a.txt"]);
		expect(extensions.extractors.get("stash")?.("stash", {})).toEqual(["a.txt"]);
		dispose();
		expect(extensions.extractors.has("stash")).toBe(false);
	});
});
