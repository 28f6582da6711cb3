import { describe, expect, it } from "vitest";
import { WRITE_OPERANDS } from "../../../../src/bash/effects/programs/write-operand-table";
import type { WriteTarget } from "../../../../src/bash/effects/write-targets";
import { parseProgram } from "../../../support/bash-fixture";
import { PROGRAM_ROWS, REDIRECT_ROWS, type WriteRow } from "./write-operand-table.cases";

function view(target: WriteTarget): string {
	const path = target.path.kind === "resolved" ? target.path.lexical : `?${target.path.typed}`;
	return `${target.effect} ${target.tree ? "tree:" : ""}${path}`;
}

function writesOf(command: string): string[] {
	const program = parseProgram(command);
	expect(program.unparseable).toBeNull();
	return program.writeTargets.map(view);
}

describe("BashProgram.writeTargets", () => {
	it.each(REDIRECT_ROWS)("$id: $command", (row: WriteRow) => {
		expect(writesOf(row.command)).toEqual(row.writes);
	});

	it.each(PROGRAM_ROWS)("$id: $command", (row: WriteRow) => {
		expect(writesOf(row.command)).toEqual(row.writes);
	});

	it("has a row for every program of the write-operand table", () => {
		const covered = new Set(PROGRAM_ROWS.map((row) => row.id.split("-")[0]));
		for (const program of WRITE_OPERANDS.keys()) expect(covered, program).toContain(program);
	});
});
