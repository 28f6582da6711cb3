import { describe, expect, it } from "vitest";
import {
	arithmeticRegions,
	assignedSubscripts,
	compoundArithmetic,
	expressionReach,
	subscriptOf,
} from "../../../src/bash/reading/arithmetic-text";

describe("arithmeticRegions", () => {
	it.each([
		["$((x+1))", ["x+1)"]],
		["$[y*2]", ["y*2"]],
		["${a[i]}", ["i"]],
		["${a[@]}", []],
		["${s:off}", ["off"]],
		["${s:0:len}", ["0:len"]],
		["${s:-default}", []],
		["${s:=v}", []],
		["${#s}", []],
		["${!ref}", ["ref"]],
		["${!prefix*}", []],
		["$(echo $((n)))", ["n)"]],
		["plain", []],
	])("finds the arithmetic in %j", (raw, regions) => {
		expect(arithmeticRegions(raw)).toEqual(regions);
	});
});

describe("expressionReach", () => {
	it.each([
		["$(cat f) + 1", "code"],
		["`cat f`", "code"],
		["$1 + 1", "code"],
		["${x@E}", "code"],
		["$((1)) + 2", "names"],
		["${#a[@]} - 1", "names"],
	])("reads %j as %s", (text, kind) => {
		expect(expressionReach(text).kind).toBe(kind);
	});

	it("lists the names an expression evaluates, not hex digits or base-n digits", () => {
		expect(expressionReach("i + $n * 0x1f + 16#ff + a[k]")).toEqual({ kind: "names", names: ["i", "n", "a", "k"] });
	});
});

describe("compoundArithmetic, subscriptOf, assignedSubscripts", () => {
	it("reads the header of ((…)) and for ((…)) and nothing else", () => {
		expect(compoundArithmetic("(( x ))")).toBe(" x )");
		expect(compoundArithmetic("for ((i=0; i<n; i++)); do echo $x; done")).toBe("i=0; i<n; i++)");
		expect(compoundArithmetic("for i in 1 2; do :; done")).toBeNull();
	});

	it("reads a name's subscript", () => {
		expect(subscriptOf("a[i+1]")).toBe("i+1");
		expect(subscriptOf("plain")).toBeNull();
	});

	it("reads the subscripts assigned to, not those only read", () => {
		expect(assignedSubscripts("a[i]=1")).toEqual(["i"]);
		expect(assignedSubscripts("b+=([k]=v [j]+=w)")).toEqual(["k", "j"]);
		expect(assignedSubscripts("echo [x] a[y]")).toEqual([]);
	});
});
