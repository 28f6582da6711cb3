import { describe, expect, it } from "vitest";
import { type OperandRole, operandRoles } from "../../src/path/bash-operand-roles";

const SKIP: OperandRole = { kind: "skip" };
const OPERAND: OperandRole = { kind: "operand", attached: null };
const PATH: OperandRole = { kind: "path", attached: null };

describe("operandRoles", () => {
	// `null` stands for a computed word (`$HOME`, `"$(git …)"`).
	it.each([
		["echo", ["-n", null, "//"], [SKIP, SKIP, OPERAND]],
		["echo", ["--x=.env"], [SKIP]],
		["printf", ["%s\\n", null, "src/a.ts"], [OPERAND, SKIP, OPERAND]],
		["printf", ["-v", "f", "%s", null], [SKIP, SKIP, OPERAND, SKIP]],
		["history", ["-r", ".env"], [SKIP, PATH]],
		["history", ["-w", null], [SKIP, PATH]],
		["history", ["-d", "5"], [SKIP, SKIP]],
		["bind", ["-f", "link-to-env"], [SKIP, PATH]],
		["bind", ["-x", null], [SKIP, SKIP]],
		// A value file is taken as the program's source as well, so the filter is judged as a file (over, never under).
		["jq", ["-n", "--rawfile", "x", "link-to-env", "$x"], [SKIP, SKIP, SKIP, PATH, OPERAND]],
		["jq", ["--slurpfile", "x", "f.json", ".", "in.json"], [SKIP, SKIP, PATH, OPERAND, OPERAND]],
		["cat", [null, "notes.txt"], [OPERAND, OPERAND]],
	] as const)("gives `%s %j` the roles %j", (name, texts, roles) => {
		expect(operandRoles(name, texts)).toEqual(roles);
	});
});
