import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BashSandbox, CommandRun } from "./bash-sandbox";
import { describe as account } from "./oracle-judge";
import { installedPrograms } from "./planted-fixture";
import { plantedCommandArbitrary } from "./planted-generator";
import { judgePlanted, type PlantedReport, plantedExtractor } from "./planted-judge";
import { createPlantedSandbox } from "./planted-sandbox";

/**
 * ADR 0062, seeded and reproducible:
 * `ORACLE_SEED=… ORACLE_PLANTED_RUNS=… pnpm exec vitest run test/oracle/oracle.planted.test.ts`.
 */
const SEED = Number(process.env.ORACLE_SEED ?? 20_261_207);
const RUNS = Number(process.env.ORACLE_PLANTED_RUNS ?? 10_000);

let sandbox: BashSandbox;
let report: PlantedReport;
let unique = 0;

beforeAll(async () => {
	sandbox = createPlantedSandbox();
	const installed = installedPrograms();
	const started = Date.now();
	const commands = fc.sample(plantedCommandArbitrary(installed), { seed: SEED, numRuns: RUNS });
	// The generator draws from a finite set: each distinct command runs once and is judged as often as drawn.
	const distinct = [...new Set(commands)];
	unique = distinct.length;
	const ran = new Map<string, CommandRun>();
	for (const run of await sandbox.run(distinct)) ran.set(run.command, run);
	report = judgePlanted(
		commands.map((command) => ran.get(command) as CommandRun),
		plantedExtractor,
	);
	const hooks = [...report.hooks].map(([name, count]) => `${name.replace(/^hook-/, "")} ${count}`).join(", ");
	console.info(
		`planted oracle: ${RUNS} generated commands (${unique} distinct, seed ${SEED}) over ${[...installed].join(" ")} ` +
			`in ${((Date.now() - started) / 1000).toFixed(1)} s: ${report.hooked} started a planted hook, ` +
			`${report.asked} asked, ${report.timedOut} timed out; hooks: ${hooks}`,
	);
}, 1_800_000);

afterAll(() => sandbox?.remove());

describe("the planted-configuration oracle (ADR 0062)", () => {
	it(`every planted hook one of ${RUNS} generated commands started was a reported unit, or the command asks`, () => {
		expect(report.total).toBe(RUNS);
		expect(
			report.disagreements,
			`seed ${SEED}\n${account({ ...report, known: 0, unparseable: 0, floored: 0 })}`,
		).toEqual([]);
	});

	it("reaches planted configurations: hooks ran, and no command timed out in bulk", () => {
		// An oracle whose hooks never fire proves nothing: most generated commands point a program at a planted file.
		expect(report.hooked / report.total).toBeGreaterThan(0.3);
		expect(report.hooks.size).toBeGreaterThan(10);
		expect(report.timedOut).toBeLessThan(RUNS / 200);
	});
});
