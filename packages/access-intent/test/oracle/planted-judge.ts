/**
 * Owns: the planted oracle's verdict (ADR 0062): a planted hook that ran must be a reported unit of the command, or
 * the command must be one the engine asks about whatever the policy allows (unparseable, a floored unit, or a unit
 * given a setting no table knows to be harmless); and the pre-issue-39 reading its self-test proves it catches.
 * Never: runs anything (that is `planted-sandbox.ts`); reads a unit's text to guess what it runs.
 */
import type { BashProgram } from "../../src/bash/bash-program";
import type { CommandRun } from "./bash-sandbox";
import {
	type Disagreement,
	type Extractor,
	type GateReading,
	isFloored,
	parseForOracle,
	readingOf,
} from "./oracle-judge";

/**
 * The engine's floors that no allow rule lifts (`bash-command-check.ts`): what `readingOf` floors, a shell whose
 * script is parsed but not read as written (`bash --rcfile x -c …`: `scriptRead` unset, ADR 0031), and a unit given
 * a relocating or unknown setting (ADR 0051), which `checkUnit` turns into an ask under any allow. Only a rule naming
 * the payload's exact text lifts the second; the oracle's policy names none.
 */
export function askedReadingOf(program: BashProgram): GateReading {
	const reading = readingOf(program);
	if (reading.status !== "known") return reading;
	const asked = program.units.some(
		(unit) =>
			isFloored(unit) ||
			(unit.wrapperKind === "opaque-payload" && unit.scriptRead !== true) ||
			unit.unknownSetting !== undefined,
	);
	return asked ? { ...reading, status: "floored" } : reading;
}

/** The gate as shipped, judged the way the engine decides under an allow-everything policy. */
export const plantedExtractor: Extractor = (command) => askedReadingOf(parseForOracle(command));

/**
 * Teeth: the reading from before issue 39, where an environment variable no table named was inert: a unit's
 * setting never asks. The self-test shows the planted oracle reports `GIT_DIR=x git status` under it.
 */
export const inertEnvironmentExtractor: Extractor = (command) => readingOf(parseForOracle(command));

/** The hooks of one run that no reported unit names; empty when the command is asked about. */
export function unreportedHooks(run: CommandRun, reading: GateReading): Disagreement[] {
	if (reading.status !== "known") return [];
	return run.programs
		.filter((program) => !reading.units.some((unit) => unit.name === program.name))
		.map((program) => ({ command: run.command, program, units: reading.units }));
}

export interface PlantedReport {
	readonly total: number;
	readonly asked: number;
	/** Commands during which at least one planted hook ran. */
	readonly hooked: number;
	/** Hook name to how many commands started it: which planted configurations the generator reached. */
	readonly hooks: ReadonlyMap<string, number>;
	readonly timedOut: number;
	readonly disagreements: readonly Disagreement[];
}

export function judgePlanted(runs: readonly CommandRun[], extractor: Extractor): PlantedReport {
	let asked = 0;
	let hooked = 0;
	let timedOut = 0;
	const hooks = new Map<string, number>();
	const disagreements: Disagreement[] = [];
	const readings = new Map<string, GateReading>();
	for (const run of runs) {
		const reading = readings.get(run.command) ?? extractor(run.command);
		readings.set(run.command, reading);
		if (reading.status !== "known") asked++;
		if (run.timedOut) timedOut++;
		if (run.programs.length > 0) hooked++;
		for (const name of new Set(run.programs.map((program) => program.name)))
			hooks.set(name, (hooks.get(name) ?? 0) + 1);
		disagreements.push(...unreportedHooks(run, reading));
	}
	return { total: runs.length, asked, hooked, hooks, timedOut, disagreements };
}
