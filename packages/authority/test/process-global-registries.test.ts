import { describe, expect, it } from "vitest";
import { ServingRegistry } from "../src/liveness/serving-registry";
import { SubagentRegistry } from "../src/subagent/subagent-registry";

const hardened = { writable: false, configurable: false, enumerable: false };

describe("authority's process-global registries (one hardened slot each, ProcessGlobalSlot)", () => {
	it("keeps served sessions in a hardened slot every copy shares", () => {
		const host = {};
		const key = Symbol.for("@pi-permissions/authority/serving-sessions");
		const withdraw = new ServingRegistry(host).announce("s-1");
		expect(Object.getOwnPropertyDescriptor(host, key)).toMatchObject(hardened);
		expect(() => {
			(host as Record<symbol, unknown>)[key] = new Map([["s-1", 0]]);
		}).toThrow(TypeError);
		expect(new ServingRegistry(host).isServing("s-1")).toBe(true);
		withdraw();
		expect(new ServingRegistry(host).isServing("s-1")).toBe(false);
	});

	it("keeps in-process children in a hardened slot every copy shares", () => {
		const host = {};
		const key = Symbol.for("@pi-permissions/authority/subagent-sessions");
		new SubagentRegistry(host).childSessionCreated({ childSessionId: "c-1", parentSessionId: "p", agentName: null });
		expect(Object.getOwnPropertyDescriptor(host, key)).toMatchObject(hardened);
		expect(() => {
			(host as Record<symbol, unknown>)[key] = new Map();
		}).toThrow(TypeError);
		expect(new SubagentRegistry(host).get("c-1")?.parentSessionId).toBe("p");
	});
});
