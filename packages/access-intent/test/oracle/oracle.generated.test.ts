import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BashSandbox } from "./bash-sandbox";
import { commandArbitrary } from "./command-generator";
import { describe as account, gateExtractor, judge, type OracleReport, unreported } from "./oracle-judge";

/** Seeded and reproducible: `ORACLE_SEED=… ORACLE_RUNS=… pnpm exec vitest run test/oracle/oracle.generated.test.ts`. */
const SEED = Number(process.env.ORACLE_SEED ?? 20_261_201);
const RUNS = Number(process.env.ORACLE_RUNS ?? 20_000);
/** An oracle that only ever sees "unparseable" proves nothing: most generated commands must be read. */
const MAX_UNPARSEABLE_SHARE = 0.4;

let sandbox: BashSandbox;
let report: OracleReport;
let commands: string[];
let elapsedMs = 0;

beforeAll(async () => {
	sandbox = BashSandbox.create();
	const started = Date.now();
	commands = fc.sample(commandArbitrary, { seed: SEED, numRuns: RUNS });
	const runs = await sandbox.run(commands);
	report = judge(runs, gateExtractor);
	elapsedMs = Date.now() - started;
	console.info(
		`oracle: ${RUNS} generated commands (seed ${SEED}) in ${(elapsedMs / 1000).toFixed(1)} s: ` +
			`${report.known} known, ${report.unparseable} unparseable, ${report.floored} floored, ${report.timedOut} timed out`,
	);
}, 1_200_000);

afterAll(() => sandbox?.remove());

/** Shrinks the first failing command with fast-check, running each candidate under bash. */
async function shrunk(index: number): Promise<string> {
	const failing = async (command: string) => {
		const [run] = await sandbox.run([command]);
		return run !== undefined && unreported(run, gateExtractor(command)).length > 0;
	};
	const result = await fc.check(
		fc.asyncProperty(commandArbitrary, async (command) => !(await failing(command))),
		{ seed: SEED, path: String(index), numRuns: 1 },
	);
	return result.failed ? JSON.stringify(result.counterexample?.[0]) : "(no shrink: replay did not fail)";
}

describe("the differential oracle over generated commands", () => {
	it(`runs ${RUNS} generated commands and every program bash started was reported`, async () => {
		expect(report.total).toBe(RUNS);
		if (report.disagreements.length > 0) {
			const first = commands.indexOf(report.disagreements[0]?.command as string);
			const message = `seed ${SEED}, command #${first}; shrunk: ${await shrunk(first)}\n${account(report)}`;
			expect(report.disagreements, message).toEqual([]);
		}
	}, 600_000);

	it("reads most generated commands (the unparseable share is bounded)", () => {
		expect(report.unparseable / report.total).toBeLessThan(MAX_UNPARSEABLE_SHARE);
		expect(report.known / report.total).toBeGreaterThan(0.5);
		expect(report.timedOut).toBeLessThan(RUNS / 1000);
	});
});
