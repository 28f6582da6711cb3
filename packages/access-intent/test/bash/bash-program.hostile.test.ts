import { describe, expect, it } from "vitest";
import { BashProgram } from "../../src/bash/bash-program";
import { DEFAULT_PARSE_LIMITS, type ParseLimits } from "../../src/bash/reading/parse-budget";
import { parseProgram, parser, TEST_NORMALIZER } from "../support/bash-fixture";

const LIMITS = DEFAULT_PARSE_LIMITS;

/** Every counter stays within its bound (a dimension may overshoot by the one step that tripped it). */
function expectWithinBudget(program: BashProgram, limits: ParseLimits = LIMITS): void {
	expect(program.work.parseTicks).toBeLessThanOrEqual(limits.maxParseTicks + 1);
	expect(program.work.visitedNodes).toBeLessThanOrEqual(limits.maxVisitedNodes + 1);
	expect(program.work.units).toBeLessThanOrEqual(limits.maxUnits + 1);
	expect(program.work.deepestNesting).toBeLessThanOrEqual(limits.maxNestingDepth + 1);
	expect(program.work.unitTextChars).toBeLessThanOrEqual(limits.maxUnitTextChars + program.command.length);
}

describe("BashProgram.parse on hostile input", () => {
	it("states its bounds", () => {
		expect(LIMITS).toEqual({
			maxInputChars: 524_288,
			maxParseTicks: 20_000,
			maxVisitedNodes: 200_000,
			maxUnits: 5_000,
			maxNestingDepth: 128,
			maxPayloadDepth: 3,
			maxUnitTextChars: 4_194_304,
		});
	});

	it("refuses a 1 MB command before parsing it", () => {
		const program = parseProgram(`echo ${"x".repeat(1024 * 1024)}`);
		expect(program.unparseable?.reason).toContain("input-chars");
		expect(program.work.parseTicks).toBe(0);
		expect(program.work.visitedNodes).toBe(0);
	});

	it("reads a long word under the input bound with a handful of node visits", { timeout: 30_000 }, () => {
		const program = parseProgram(`echo ${"x".repeat(400_000)}`);
		expect(program.unparseable).toBeNull();
		expect(program.units).toHaveLength(1);
		expect(program.work.visitedNodes).toBeLessThan(10);
	});

	it("marks 2,000 nested subshells unparseable at the nesting bound", () => {
		const program = parseProgram(`${"( ".repeat(2000)}rm x${" )".repeat(2000)}`);
		expect(program.unparseable?.reason).toContain("nesting-depth");
		expectWithinBudget(program);
		expect(program.work.visitedNodes).toBeLessThan(1_000);
	});

	it("marks 100,000 chained commands unparseable within the node bound", { timeout: 30_000 }, () => {
		const program = parseProgram("a; ".repeat(100_000));
		expect(program.unparseable?.kind).toBe("unparseable");
		expectWithinBudget(program);
	});

	it("marks 10,000 chained commands unparseable at the unit bound", () => {
		const program = parseProgram("a;".repeat(10_000));
		expect(program.unparseable?.reason).toContain("units");
		expectWithinBudget(program);
	});

	it("reads 1,000 chained commands in full", () => {
		const program = parseProgram(`${"a && ".repeat(999)}a`);
		expect(program.unparseable).toBeNull();
		expect(program.units).toHaveLength(1_000);
		expectWithinBudget(program);
	});

	it("marks NUL bytes and unpaired surrogates unparseable without parsing", () => {
		for (const text of ["ls\0", "\0\0\0", "rm \udc00", "echo \ud83d", `${"a".repeat(1000)}\0`]) {
			const program = parseProgram(text);
			expect(program.unparseable?.kind).toBe("unparseable");
			expect(program.work.parseTicks).toBe(0);
		}
	});

	it("bounds payloads parsed inside payloads", () => {
		let command = "rm x";
		for (let depth = 0; depth < 6; depth++) command = `eval ${JSON.stringify(command)}`;
		const program = parseProgram(command);
		expect(program.unparseable?.reason).toContain("payload-depth");
	});

	it("bounds wrappers nested inside wrappers", () => {
		const program = parseProgram(`${"sudo ".repeat(200)}rm x`);
		expect(program.unparseable?.reason).toContain("wrappers nest deeper");
		expectWithinBudget(program);
	});

	it("cancels tree-sitter itself at the parse-tick bound and keeps the parser usable", () => {
		const limits: ParseLimits = { ...LIMITS, maxParseTicks: 3 };
		const program = BashProgram.parse("a; ".repeat(20_000), { parser, normalizer: TEST_NORMALIZER, limits });
		expect(program.unparseable?.reason).toContain("parse-ticks");
		expectWithinBudget(program, limits);
		expect(parseProgram("ls -la").units.map((unit) => unit.text)).toEqual(["ls -la"]);
	});

	it("trips each bound when it is set low", () => {
		const cases: readonly [Partial<ParseLimits>, string, string][] = [
			[{ maxInputChars: 10 }, "echo 0123456789", "input-chars"],
			[{ maxVisitedNodes: 5 }, "a; b; c; d", "visited-nodes"],
			[{ maxUnits: 2 }, "a; b; c", "units"],
			[{ maxNestingDepth: 2 }, "( ( ( a ) ) )", "nesting-depth"],
			[{ maxPayloadDepth: 0 }, "bash -c 'ls'", "payload-depth"],
			[{ maxUnitTextChars: 5 }, "echo hello world", "unit-text-chars"],
		];
		for (const [override, command, dimension] of cases) {
			const limits = { ...LIMITS, ...override };
			const program = BashProgram.parse(command, { parser, normalizer: TEST_NORMALIZER, limits });
			expect(program.unparseable?.reason, command).toContain(dimension);
			expect(program.units).toEqual([]);
		}
	});
});
