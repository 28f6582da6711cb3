import { afterAll, describe, expect, it } from "vitest";
import { unitSpelling } from "../../../src/bash/options/unit-spelling";
import { parseProgram } from "../../support/bash-fixture";
import { type RunResult, SpellingTrees } from "../../support/spelling-trees";
import { SPELLING_GROUPS, type SpellingGroup } from "./canonical-spelling.cases";

/**
 * ADR 0053: each group of the table is one meaning. Every spelling must read as the group's canonical spelling, and
 * the real program must leave the group's tree in the same state, with the same status and output, for each of them;
 * the group's near spelling must read and do otherwise, so a group cannot pass by doing nothing.
 */

/** The canonical spelling of the unit of `command` that runs `program`. */
function canonicalOf(command: string, program: string): string | null {
	const unit = parseProgram(command).units.find((each) => each.commandName === program);
	if (unit === undefined) throw new Error(`\`${command}\` runs no \`${program}\``);
	return unitSpelling(unit)?.canonical.text ?? null;
}

const trees = SpellingTrees.create();
afterAll(() => trees.dispose());

const label = (group: SpellingGroup) => ({ ...group, count: group.spellings.length });

describe("the equivalent-spelling table", () => {
	it("holds at least 150 spellings of at least 12 programs", () => {
		const spellings = SPELLING_GROUPS.reduce((sum, group) => sum + group.spellings.length, 0);
		expect(spellings).toBeGreaterThanOrEqual(150);
		expect(new Set(SPELLING_GROUPS.map((group) => group.program)).size).toBeGreaterThanOrEqual(12);
	});

	it.each(SPELLING_GROUPS.map(label))(
		"$canonical: its $count spellings read as it, its near spelling does not",
		(group) => {
			for (const spelling of group.spellings)
				expect([spelling, canonicalOf(spelling, group.program)]).toEqual([spelling, group.canonical]);
			expect(canonicalOf(group.differs, group.program)).not.toBe(group.canonical);
		},
	);
});

describe("the equivalent-spelling table against the real programs", () => {
	it.each(SPELLING_GROUPS.map(label))(
		"$canonical: the real $program does the same for its $count spellings and otherwise for the near one",
		{ timeout: 120_000 },
		(group) => {
			const results = new Map<string, RunResult>();
			for (const spelling of group.spellings) results.set(spelling, trees.run(group.tree, spelling));
			const [first, expected] = [...results][0] as [string, RunResult];
			for (const [spelling, result] of results) expect({ spelling, result }).toEqual({ spelling, result: expected });
			const near = trees.run(group.tree, group.differs);
			expect({ near: group.differs, result: near }, `${first} and ${group.differs} do the same`).not.toEqual({
				near: group.differs,
				result: expected,
			});
		},
	);
});
