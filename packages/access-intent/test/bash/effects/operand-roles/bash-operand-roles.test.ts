import { describe, expect, it } from "vitest";
import { operandRoles } from "../../../../src/bash/effects/operand-roles/bash-operand-roles";
import type { OperandRole } from "../../../../src/bash/effects/operand-roles/operand-role";

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
		// git's first operand is its sub-command (git(1) SYNOPSIS); a computed one stays an operand.
		["git", ["status"], [SKIP]],
		["git", ["-C", "sub", "log", "notes.txt"], [SKIP, PATH, SKIP, OPERAND]],
		["git", ["--git-dir=.g", "status"], [{ kind: "path", attached: ".g" }, SKIP]],
		["git", ["-c", "core.pager=cat", "diff", "--stat", "a.ts"], [SKIP, OPERAND, SKIP, SKIP, OPERAND]],
		["git", ["-c", "core.hooksPath=/tmp/h", "commit"], [SKIP, OPERAND, SKIP]],
		["git", ["--config-env=core.x=ENV", "status"], [{ kind: "operand", attached: "core.x=ENV" }, SKIP]],
		["git", [null, "notes.txt"], [OPERAND, OPERAND]],
		// A glob as the sub-command expands to files: the first match runs as the sub-command, the rest are operands.
		["git", ["*"], [OPERAND]],
		["git", ["--no-pager", "p*"], [SKIP, OPERAND]],
	] as const)("gives `%s %j` the roles %j", (name, texts, roles) => {
		expect(operandRoles(name, texts)).toEqual(roles);
	});
});

describe("operandRoles of programs whose operands are never files (ADR 0031)", () => {
	it.each([
		["kill", ["-9", null], [SKIP, SKIP]],
		["kill", ["-s", "TERM", null], [SKIP, SKIP, SKIP]],
		["sleep", [null], [SKIP]],
		["seq", ["-f", "%03g", "1", null], [SKIP, SKIP, OPERAND, SKIP]],
		["date", ["+%F", null], [OPERAND, SKIP]],
		["date", ["-d", null], [SKIP, SKIP]],
		["date", ["-r", ".env"], [SKIP, PATH]],
		["date", ["-f", null], [SKIP, PATH]],
		["expr", [null, "+", "1"], [SKIP, OPERAND, OPERAND]],
		["true", [null], [SKIP]],
		["false", [null], [SKIP]],
		["basename", [null, ".txt"], [SKIP, OPERAND]],
		["dirname", [null], [SKIP]],
		["host", [null], [SKIP]],
		["dig", ["-f", "batch", null], [SKIP, PATH, SKIP]],
		["ping", ["-c", "3", null], [SKIP, SKIP, SKIP]],
		["ping6", [null], [SKIP]],
		["ssh", ["-i", "key", null, null], [SKIP, PATH, SKIP, SKIP]],
		["find", [null, "-name", null, "-mtime", null], [OPERAND, SKIP, SKIP, SKIP, SKIP]],
		...[
			"alias",
			"ps",
			"top",
			"pstree",
			"killall",
			"which",
			"whereis",
			"type",
			"id",
			"groups",
			"whoami",
			"uname",
			"nproc",
			"printenv",
			"getent",
			"tput",
			"wait",
			"jobs",
			"fg",
			"bg",
			"disown",
			"exit",
			"return",
			"shift",
			"let",
			"read",
			"set",
			"unset",
			"shopt",
			"ulimit",
			"umask",
		].map((name) => [name, [null, "src/a.ts"], [SKIP, OPERAND]] as const),
		["pgrep", ["-u", null, null], [SKIP, SKIP, SKIP]],
		["pkill", ["-F", "pid.file"], [SKIP, PATH]],
		["hostname", ["-F", null], [SKIP, PATH]],
		["chown", [null, null], [SKIP, OPERAND]],
		["chown", ["-R", "u:g", "src"], [SKIP, SKIP, OPERAND]],
		["chown", ["--reference=.env", "src"], [{ kind: "path", attached: ".env" }, OPERAND]],
		["chgrp", ["staff", null], [SKIP, OPERAND]],
		["find", [".", "-newermt", null, "-printf", "%p"], [OPERAND, SKIP, SKIP, SKIP, SKIP]],
		["find", [".", "-newer", ".env", "-fprint", "out"], [OPERAND, SKIP, PATH, SKIP, PATH]],
		["find", [".", "-fprintf", "out", "%p"], [OPERAND, SKIP, PATH, SKIP]],
		["find", [".", "-nameX", "a"], [OPERAND, SKIP, OPERAND]],
	] as const)("gives `%s %j` the roles %j", (name, texts, roles) => {
		expect(operandRoles(name, texts)).toEqual(roles);
	});
});

describe("operandRoles of test expressions (ADR 0031)", () => {
	it.each([
		["[", ["-f", null, "]"], [SKIP, PATH, SKIP]],
		["[", ["-z", null, "]"], [SKIP, SKIP, SKIP]],
		["test", [null, "=", null], [SKIP, SKIP, SKIP]],
		["[", [".env", "]"], [SKIP, SKIP]],
		["[[", ["-e", ".env", "]]"], [SKIP, PATH, SKIP]],
		// `[[` reads its operators before expansion: two computed words are the sides of a dropped `==`.
		["[[", [null, null], [SKIP, SKIP]],
		["[", [null, null], [PATH, PATH]],
		["test", [null, "-nt", "b"], [PATH, SKIP, PATH]],
		["test", ["-d", null, "-a", "-n", null], [SKIP, PATH, SKIP, SKIP, SKIP]],
		// SECURITY: a computed operator may be `-f`: the words around it may be files.
		["[", [null, ".env", "]"], [SKIP, PATH, SKIP]],
		["[", ["!", "-r", null, "]"], [SKIP, SKIP, PATH, SKIP]],
	] as const)("gives `%s %j` the roles %j", (name, texts, roles) => {
		expect(operandRoles(name, texts)).toEqual(roles);
	});
});
