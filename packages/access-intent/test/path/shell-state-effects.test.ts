import { describe, expect, it } from "vitest";
import { VARIABLE_WRITERS } from "../../src/path/shell-state-effects";

describe("VARIABLE_WRITERS", () => {
	// `null` stands for a computed word; `"any"` means any variable may have been set.
	it.each([
		["read", ["-r", "f", "g"], ["f", "g"]],
		["read", ["-p", "name?", "-t", "5"], ["REPLY"]],
		["read", ["-a", "arr"], ["arr"]],
		["read", ["-aarr"], ["arr"]],
		["read", [null], "any"],
		["printf", ["-v", "f", "%s", ".env"], ["f"]],
		["printf", ["-vf", "%s"], ["f"]],
		["printf", ["%s", ".env"], []],
		["printf", [null, "%s"], "any"],
		["mapfile", ["-t", "a"], ["a"]],
		["mapfile", ["-n", "3"], ["MAPFILE"]],
		["readarray", ["-d", ",", "a"], ["a"]],
		["getopts", ["ab", "opt"], ["opt", "OPTARG", "OPTIND"]],
		["getopts", ["ab", null], "any"],
		["wait", ["-p", "pid"], ["pid"]],
		["wait", ["1"], []],
		["let", ["f=1", "g++"], ["f", "g"]],
		["let", [null], "any"],
	] as const)("`%s %j` sets %j", (name, texts, names) => {
		expect(VARIABLE_WRITERS.get(name)?.(texts)).toEqual(names);
	});

	it("lists exactly the builtins it has rows for", () => {
		expect([...VARIABLE_WRITERS.keys()].sort()).toEqual(
			["getopts", "let", "mapfile", "printf", "read", "readarray", "wait"].sort(),
		);
	});
});
