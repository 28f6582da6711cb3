import { describe, expect, it } from "vitest";
import { parseBashUnits } from "../../../src/bash/bash-program";
import { baseName, declarationFlags, nameTargets } from "../../../src/bash/state/name-targets";
import { parser } from "../../support/bash-fixture";

const unitOf = (command: string) => {
	const unit = parseBashUnits(command, parser).units[0];
	if (unit === undefined) throw new Error(`no unit in ${command}`);
	return unit;
};

describe("nameTargets", () => {
	it.each([
		["read -r -p prompt a b", ["a", "b"]],
		["read -a arr -t 5", ["arr"]],
		["read -aarr", ["arr"]],
		["mapfile -t -n 3 lines", ["lines"]],
		["readarray -d , parts extra", ["parts"]],
		["printf -v out '%s' x", ["out"]],
		["printf '%s' x", []],
		["getopts ab: opt", ["opt"]],
		["wait -p pid -n", ["pid"]],
		["declare -i n 'a[1]=2'", ["a[1]=2"]],
		["echo a b", []],
	])("lists the names %j sets", (command, names) => {
		expect(nameTargets(unitOf(command)).map((target) => target.literal)).toEqual(names);
	});

	it("marks a computed name", () => {
		expect(nameTargets(unitOf('read "$n"')).map((target) => target.literal)).toEqual([null]);
	});
});

describe("declarationFlags and baseName", () => {
	it("reads the flags of a declaration", () => {
		expect(declarationFlags(unitOf("declare -i -n x"))).toBe("in");
		expect(declarationFlags(unitOf("local -ai a"))).toBe("ai");
	});

	it("reads the base name of a target", () => {
		expect(baseName("a[1]=2")).toBe("a");
		expect(baseName("x+=1")).toBe("x");
		expect(baseName("BASH_CMDS")).toBe("BASH_CMDS");
	});
});
