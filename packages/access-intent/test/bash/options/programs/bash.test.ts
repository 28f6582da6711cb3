import { describe, expect, it } from "vitest";
import { BASH_OPTION_ROWS, PLAIN_SET_OPTIONS } from "../../../../src/bash/options/programs/bash";
import type { CommandUnit } from "../../../../src/bash/reading/command-unit";
import { parseProgram } from "../../../support/bash-fixture";

/** The shell unit of `command`: its payload read (`executedUnit`), and whether it is read as written (`scriptRead`). */
function shellUnit(command: string): CommandUnit {
	const program = parseProgram(command);
	expect(program.unparseable, command).toBeNull();
	const unit = program.units[0];
	if (unit === undefined) throw new Error(`no unit in ${command}`);
	return unit;
}

/** One spelling of a row on a command line: a value option gets a value a plain row accepts. */
const written = (spelling: string, takes: "flag" | "value"): string =>
	takes === "flag" ? spelling : `${spelling} ${spelling === "-o" ? "pipefail" : spelling === "-O" ? "extglob" : "f"}`;

describe("bash's invocation options (options/programs/bash.ts), a row each", () => {
	const rows = BASH_OPTION_ROWS.flatMap((row) => row.spellings.map((spelling) => ({ row, spelling })));

	it.each(rows.filter(({ row }) => row.meaning === "plain" || row.meaning === "set-option"))(
		"$spelling leaves the script read as written ($row.source)",
		({ row, spelling }) => {
			const unit = shellUnit(`bash ${written(spelling, row.takes)} -c 'ls'`);
			expect(unit.scriptRead).toBe(true);
			expect(unit.executedUnit).toBe("ls");
		},
	);

	it.each(rows.filter(({ row }) => row.meaning === "opaque" || row.meaning === "shopt-option"))(
		"$spelling makes the script opaque, its units still judged ($row.source)",
		({ row, spelling }) => {
			const unit = shellUnit(`bash ${written(spelling, row.takes)} -c 'rm x'`);
			expect(unit.scriptRead).toBeUndefined();
			expect(unit.wrapperKind).toBe("opaque-payload");
			expect(unit.executedUnit).toBe("rm x");
		},
	);

	it.each(rows.filter(({ row }) => row.meaning === "no-run"))(
		"$spelling runs nothing ($row.source)",
		({ spelling }) => {
			expect(shellUnit(`bash ${spelling} -c 'rm x'`).wrapperKind).toBeNull();
		},
	);

	it.each(rows.filter(({ row }) => row.meaning === "inline"))("$spelling reads the first operand", ({ spelling }) => {
		expect(shellUnit(`bash ${spelling} 'rm x'`).executedUnit).toBe("rm x");
	});

	it.each(rows.filter(({ row }) => row.meaning === "stdin"))("$spelling reads stdin", ({ spelling }) => {
		const unit = shellUnit(`bash ${spelling} <<< 'rm x'`);
		expect(unit.executedUnit).toBe("rm x");
		expect(unit.scriptRead).toBeUndefined();
	});

	it.each([...PLAIN_SET_OPTIONS])("-o %s and +o %s leave the script read as written", (name) => {
		expect(shellUnit(`bash -o ${name} -c 'ls'`).scriptRead).toBe(true);
		expect(shellUnit(`bash +o ${name} -c 'ls'`).scriptRead).toBe(true);
	});

	it.each([
		// SECURITY: interactive, `#` is a word once interactive-comments is off: `echo a # ; rm x` runs `rm x`.
		"bash -i +o interactive-comments -c 'echo a # ; rm x'",
		"bash -o allexport -c 'GIT_DIR=x; git status'",
		"bash -o keyword -c 'git status GIT_DIR=x'",
		"bash -O dotglob -c 'cat *'",
		"bash +O interactive_comments -c 'ls'",
		"bash -o posix -c 'ls'",
		"bash -H -c 'ls'",
		"bash -ak -c 'ls'",
		// bash reads every long option with one dash too (shell.c parse_long_options).
		"bash -rcfile x -i -c 'ls'",
		"bash -init-file x -i -c 'ls'",
		"bash -o $X -c 'ls'",
	])("%s is not read as written", (command) => {
		expect(shellUnit(command).scriptRead).toBeUndefined();
	});

	it.each([
		// SECURITY: `+c` reads the command string as `-c` does (confirmed in bash 5.2): it was read as a script file.
		["bash +c 'rm x'", "rm x"],
		["bash -lc 'rm x'", "rm x"],
		["bash -o pipefail -ec 'rm x'", "rm x"],
		["bash -- -c", null],
		["bash - script.sh", null],
	] as const)("%s runs %s", (command, executed) => {
		const unit = shellUnit(command);
		if (executed === null) expect(unit.wrapperKind).toBeNull();
		else expect(unit.executedUnit).toBe(executed);
	});

	it.each(["bash --rcf x -c ls", "bash -Z -c ls", 'bash "$OPT" -c ls', "bash -o"])(
		"%s is unknown: an option bash does not have, a computed option word, a missing value",
		(command) => {
			const unit = shellUnit(command);
			expect(unit.wrapperKind).toBe("opaque-payload");
			expect(unit.executedUnit).toBeNull();
		},
	);
});
