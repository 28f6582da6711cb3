import { describe, expect, it } from "vitest";
import { parseProgram } from "../support/bash-fixture";
import { EVASION_ROWS } from "./evasion.cases";

describe("BashProgram.parse on evasion attempts", () => {
	it("covers at least 60 evasion attempts", () => {
		expect(EVASION_ROWS.length).toBeGreaterThanOrEqual(60);
		expect(new Set(EVASION_ROWS.map((row) => row.id)).size).toBe(EVASION_ROWS.length);
	});

	it.each(EVASION_ROWS)("$id ($construct) enumerates every unit that would run: $command", (row) => {
		const program = parseProgram(row.command);
		if ("unparseable" in row) {
			expect(program.unparseable?.kind).toBe("unparseable");
			return;
		}
		if (row.reevaluated === true) expect(program.unparseable?.kind).toBe("unparseable");
		else expect(program.unparseable).toBeNull();
		for (const expected of row.units) {
			const match = program.units.find(
				(unit) =>
					unit.text === expected.text &&
					unit.context === expected.context &&
					(expected.name === undefined || unit.commandName === expected.name),
			);
			expect(match, `${expected.text} (${expected.context ?? "top"})`).toBeDefined();
		}
		for (const text of row.absent ?? []) expect(program.units.map((unit) => unit.text)).not.toContain(text);
	});
});
