import { describe, expect, it } from "vitest";
import type { PermissionsService } from "../../src/service/permissions-service";
import { getPermissionsService, serviceRegistry } from "../../src/service/service-registry";

/** The key every copy of the package, and the packages that look the service up, agree on: written out, not imported. */
const SERVICE_KEY = Symbol.for("@pi-permissions/service");

function service(sessionId: string): PermissionsService {
	const refuse = (): never => {
		throw new Error("not used here");
	};
	return {
		sessionId,
		checkPermission: refuse,
		getToolPermission: () => "deny",
		registerToolInputFormatter: refuse,
		registerToolAccessExtractor: refuse,
		registerAuthorizer: refuse,
	};
}

describe("the service registry on the global host", () => {
	it('lives under `Symbol.for("@pi-permissions/service")` and is shared by every caller', () => {
		const host = {};
		const registry = serviceRegistry(host);
		expect(serviceRegistry(host)).toBe(registry);
		expect((host as Record<symbol, unknown>)[SERVICE_KEY]).toBe(registry);
	});

	it("keeps each session's service under its own id, the earliest open one being the root", () => {
		const host = {};
		const parent = service("parent");
		const child = service("child");
		serviceRegistry(host).publish(parent);
		serviceRegistry(host).publish(child);
		expect(getPermissionsService("parent", host)).toBe(parent);
		expect(getPermissionsService("child", host)).toBe(child);
		expect(getPermissionsService(undefined, host)).toBe(parent);
		expect(serviceRegistry(host).sessionIds()).toEqual(["parent", "child"]);
	});

	it("removes a service only while the slot still holds it (a later publish survives an earlier unpublish)", () => {
		const host = {};
		const first = service("s-1");
		const second = service("s-1");
		const unpublishFirst = serviceRegistry(host).publish(first);
		const unpublishSecond = serviceRegistry(host).publish(second);
		unpublishFirst();
		expect(getPermissionsService("s-1", host)).toBe(second);
		unpublishSecond();
		unpublishSecond();
		expect(getPermissionsService("s-1", host)).toBeUndefined();
	});

	it("makes the next open session the root when the root shuts down", () => {
		const host = {};
		const unpublishParent = serviceRegistry(host).publish(service("parent"));
		const child = service("child");
		serviceRegistry(host).publish(child);
		unpublishParent();
		expect(getPermissionsService(undefined, host)).toBe(child);
	});

	it("answers `undefined` when pi-permissions is not loaded or the slot holds something else", () => {
		expect(getPermissionsService("s-1", {})).toBeUndefined();
		expect(getPermissionsService(undefined, { [SERVICE_KEY]: { get: "not a function" } })).toBeUndefined();
	});

	it("cannot be replaced once created", () => {
		const host = {};
		const registry = serviceRegistry(host);
		expect(() => {
			(host as Record<symbol, unknown>)[SERVICE_KEY] = { get: () => service("spoof"), publish: () => () => {} };
		}).toThrow(TypeError);
		expect(serviceRegistry(host)).toBe(registry);
		expect(Object.isFrozen(registry)).toBe(true);
	});
});
