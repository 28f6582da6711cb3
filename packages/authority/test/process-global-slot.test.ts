import { describe, expect, it } from "vitest";
import { ProcessGlobalSlot, processGlobalMap } from "../src/process-global-slot";

interface Counter {
	readonly kind: "counter";
	count: number;
}

const isCounter = (value: unknown): value is Counter =>
	typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "counter";

function counterSlot(name = "@pi-permissions/test/counter"): ProcessGlobalSlot<Counter> {
	return new ProcessGlobalSlot({ name, recognise: isCounter, create: () => ({ kind: "counter", count: 0 }) });
}

const slotOf = (host: object, key: symbol) => Object.getOwnPropertyDescriptor(host, key);

describe("ProcessGlobalSlot", () => {
	it("keys the slot by `Symbol.for`, so two copies of a module share the value the first one created", () => {
		const host = {};
		const first = counterSlot();
		const second = counterSlot();
		expect(first.key).toBe(Symbol.for("@pi-permissions/test/counter"));
		const value = first.get(host);
		value.count += 1;
		expect(second.get(host)).toBe(value);
		expect(second.read(host)?.count).toBe(1);
	});

	it("hardens the slot: neither writable, configurable nor enumerable, so the value cannot be swapped", () => {
		const host = {};
		const slot = counterSlot();
		const value = slot.get(host);
		expect(slotOf(host, slot.key)).toEqual({ value, writable: false, configurable: false, enumerable: false });
		expect(() => {
			(host as Record<symbol, unknown>)[slot.key] = { kind: "counter", count: 99 };
		}).toThrow(TypeError);
		expect(() => Object.defineProperty(host, slot.key, { value: {} })).toThrow(TypeError);
		expect(counterSlot().get(host)).toBe(value);
		expect(Object.getOwnPropertySymbols(host)).toEqual([slot.key]);
		expect(Object.keys(host)).toEqual([]);
	});

	it("reads nothing from an empty slot, and creates nothing by reading", () => {
		const host = {};
		const slot = counterSlot();
		expect(slot.read(host)).toBeUndefined();
		expect(slotOf(host, slot.key)).toBeUndefined();
	});

	it("uses only a value whose shape it recognises (the version check); a read of another shape is `undefined`", () => {
		const slot = counterSlot();
		const foreign = { [slot.key]: { kind: "something-else" } };
		expect(slot.read(foreign)).toBeUndefined();
		const throwing = Object.defineProperty({}, slot.key, {
			get: () => {
				throw new Error("trap");
			},
			configurable: true,
		});
		expect(slot.read(throwing)).toBeUndefined();
	});

	it("replaces an unrecognised value left writable, and adopts and hardens a recognised one another copy left writable", () => {
		const slot = counterSlot();
		const foreign: Record<symbol, unknown> = { [slot.key]: "not a counter" };
		const created = slot.get(foreign);
		expect([created.count, slotOf(foreign, slot.key)?.writable]).toEqual([0, false]);
		const older = { kind: "counter", count: 7 };
		const shared: Record<symbol, unknown> = { [slot.key]: older };
		expect(slot.get(shared)).toBe(older);
		expect(slotOf(shared, slot.key)).toMatchObject({ value: older, writable: false, configurable: false });
	});

	it("throws when something else holds the slot non-configurably, so its caller fails closed", () => {
		const slot = counterSlot();
		const held = Object.defineProperty({}, slot.key, { value: "squatter", writable: false, configurable: false });
		expect(() => slot.get(held)).toThrow(TypeError);
		expect(slot.read(held)).toBeUndefined();
	});
});

describe("processGlobalMap", () => {
	it("holds a `Map` shared by every copy, and replaces a slot that holds anything else", () => {
		const host: Record<symbol, unknown> = { [Symbol.for("@pi-permissions/test/map")]: { set: () => undefined } };
		const map = processGlobalMap<string, number>("@pi-permissions/test/map").get(host);
		map.set("s-1", 1);
		expect(map).toBeInstanceOf(Map);
		expect(processGlobalMap<string, number>("@pi-permissions/test/map").get(host).get("s-1")).toBe(1);
	});
});
