import { describe, expect, it } from "vitest";
import { isOrderedObject, toPlainValue } from "../../src/config/ordered-value";

describe("toPlainValue", () => {
	it("turns maps into plain objects and keeps lists and scalars", () => {
		const value = new Map<string, never>([["a", [1, "x", null, true, new Map([["b", "c"]])] as never]]);
		expect(toPlainValue(value)).toEqual({ a: [1, "x", null, true, { b: "c" }] });
	});

	it("defines `__proto__` as an own key, never as the prototype", () => {
		const plain = toPlainValue(new Map([["__proto__", new Map([["polluted", true]])]])) as object;
		expect(Object.hasOwn(plain, "__proto__")).toBe(true);
		expect(Object.getPrototypeOf(plain)).toBe(Object.prototype);
	});

	it("moves number-like keys first, as every JavaScript object does (why the key-order check exists)", () => {
		const plain = toPlainValue(
			new Map([
				["*", "allow"],
				["0", "deny"],
			]),
		) as object;
		expect(Object.keys(plain)).toEqual(["0", "*"]);
	});
});

describe("isOrderedObject", () => {
	it.each([
		{ value: new Map(), expected: true },
		{ value: [], expected: false },
		{ value: null, expected: false },
		{ value: "x", expected: false },
		{ value: undefined, expected: false },
	])("says $expected for $value", ({ value, expected }) => {
		expect(isOrderedObject(value)).toBe(expected);
	});
});
