import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BashSandbox, CommandRun } from "./bash-sandbox";
import { HOOKS } from "./planted-fixture";
import { inertEnvironmentExtractor, judgePlanted, plantedExtractor } from "./planted-judge";
import { createPlantedSandbox } from "./planted-sandbox";

/**
 * The planted oracle's teeth (ADR 0062): the red-team rows of issue 39 really start their planted hook in the
 * sandbox, the reading from before issue 39 (an unknown variable is inert) lets them through, and the gate asks.
 */
const RELOCATED: readonly (readonly [string, string])[] = [
	["GIT_DIR=x git status", HOOKS.gitDirFsmonitor],
	["GIT_COMMON_DIR=x git status", HOOKS.gitDirFsmonitor],
	["HOME=$PWD/h git status", HOOKS.gitHomeFsmonitor],
	["RIPGREP_CONFIG_PATH=./rc/rg rg foo .", HOOKS.rgConfigPre],
];
/** Under the user's own configuration nothing planted starts. */
const ORDINARY = ["git status", "git diff", "rg foo .", "bash -c ls", "tar cf o.tar notes.txt"];

let sandbox: BashSandbox;
let relocated: CommandRun[];
let ordinary: CommandRun[];

beforeAll(async () => {
	sandbox = createPlantedSandbox();
	relocated = await sandbox.run(RELOCATED.map(([command]) => command));
	ordinary = await sandbox.run(ORDINARY);
}, 600_000);

afterAll(() => sandbox?.remove());

describe("the planted oracle's self-tests", () => {
	it.each(RELOCATED.map(([command, hook], index) => [command, hook, index] as const))(
		"%s really starts %s",
		(_command, hook, index) => {
			expect((relocated[index] as CommandRun).programs.map((program) => program.name)).toContain(hook);
		},
	);

	it("reports every one of them under the pre-issue-39 reading (unknown environment is inert)", () => {
		const report = judgePlanted(relocated, inertEnvironmentExtractor);
		expect([...new Set(report.disagreements.map((d) => d.command))]).toEqual(RELOCATED.map(([command]) => command));
	});

	it("passes the gate as shipped: each of them asks", () => {
		const report = judgePlanted(relocated, plantedExtractor);
		expect(report.disagreements).toEqual([]);
		expect(report.asked).toBe(RELOCATED.length);
	});

	it("starts no hook for ordinary commands under the user's own configuration", () => {
		expect(ordinary.map((run) => [run.command, run.programs])).toEqual(ORDINARY.map((command) => [command, []]));
	});
});
