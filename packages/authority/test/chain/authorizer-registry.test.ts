import { describe, expect, it } from "vitest";
import type { Authorizer } from "../../src/chain/authorizer";
import { AuthorizerRegistry } from "../../src/chain/authorizer-registry";

const link = (): Authorizer => ({ authorize: async () => ({ verdict: "defer" }) });

describe("AuthorizerRegistry", () => {
	it("PP-302 throws when the same link name is registered twice", () => {
		const registry = new AuthorizerRegistry();
		registry.register("judge", link());
		expect(() => registry.register("judge", link())).toThrow(/already registered/);
	});

	it("PP-303 keeps a later registration when a stale disposer runs", () => {
		const registry = new AuthorizerRegistry();
		const dispose = registry.register("judge", link());
		dispose();
		const later = link();
		registry.register("judge", later);
		dispose();
		expect(registry.get("judge")).toBe(later);
	});

	it("removes its own registration when disposed", () => {
		const registry = new AuthorizerRegistry();
		registry.register("judge", link())();
		expect(registry.get("judge")).toBeUndefined();
		expect(registry.names()).toEqual([]);
	});

	it("refuses a blank name", () => {
		expect(() => new AuthorizerRegistry().register("  ", link())).toThrow(/non-blank/);
	});
});
