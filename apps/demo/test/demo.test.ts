import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_STEPS, type DemoStep } from "../src/demo-steps";

const APP_DIR = fileURLToPath(new URL("..", import.meta.url));
/** The `demo` script of package.json, flag for flag. */
const DEMO_ARGS = ["--conditions=@pi-permissions/source", "--import", "tsx", "src/main.ts"];
const DECISION_LINE = /^\s*decision\s+(allow|deny)\s+(\S+)\s+by\s+(\S+)/;
const REVIEW_LINE = /^\s+(allow|deny)\s+(\S+)\s+.*\s(\S+)$/;
const TALLY_LINE = /^(\d+) decisions: (\d+) allowed, (\d+) denied, (\d+) asked$/m;
const STEP_HEADER = /^── (\d+)\. /;

/** Every call's expected decision in run order, as `[result, tool, decidedBy]`. */
function expectedDecisions(steps: readonly DemoStep[] = DEMO_STEPS): readonly (readonly [string, string, string])[] {
	return steps.flatMap((step) => step.calls.map((c) => [c.expect.result, c.call.tool, c.expect.decidedBy] as const));
}

interface DemoRun {
	readonly code: number | null;
	readonly stdout: string;
	readonly stderr: string;
}

function runDemo(env: NodeJS.ProcessEnv): Promise<DemoRun> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, DEMO_ARGS, { cwd: APP_DIR, env, stdio: ["ignore", "pipe", "pipe"] });
		let stdout = "";
		let stderr = "";
		child.stdout.on("data", (chunk: Buffer) => {
			stdout += chunk.toString("utf8");
		});
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString("utf8");
		});
		child.on("error", reject);
		child.on("close", (code) => resolve({ code, stdout, stderr }));
	});
}

/** Every file and directory under `dir` (minus dependency and report folders) with its modification time. */
function treeState(dir: string): readonly string[] {
	const out: string[] = [];
	const walk = (current: string): void => {
		for (const entry of readdirSync(current, { withFileTypes: true })) {
			if (entry.name === "node_modules" || entry.name === ".test-results") continue;
			const path = join(current, entry.name);
			out.push(`${relative(dir, path)} ${statSync(path).mtimeMs}`);
			if (entry.isDirectory()) walk(path);
		}
	};
	walk(dir);
	return out.sort();
}

/** The output split into the steps' sections, keyed by step number. */
function sections(stdout: string): ReadonlyMap<number, readonly string[]> {
	const map = new Map<number, string[]>();
	let current: string[] | null = null;
	for (const line of stdout.split("\n")) {
		const header = STEP_HEADER.exec(line);
		if (header !== null) {
			current = [];
			map.set(Number(header[1]), current);
		} else if (line.startsWith("── ")) {
			current = null;
		} else current?.push(line);
	}
	return map;
}

function decisionsIn(lines: readonly string[]): readonly (readonly [string, string, string])[] {
	return lines.flatMap((line) => {
		const match = DECISION_LINE.exec(line);
		return match === null ? [] : [[match[1] ?? "", match[2] ?? "", match[3] ?? ""] as const];
	});
}

describe("pnpm demo", () => {
	const sandbox = mkdtempSync(join(tmpdir(), "pp-demo-test-"));
	const home = join(sandbox, "home");
	const tmp = join(sandbox, "tmp");
	let run: DemoRun;
	let appBefore: readonly string[];

	beforeAll(async () => {
		for (const dir of [home, tmp]) mkdirSync(dir, { recursive: true });
		appBefore = treeState(APP_DIR);
		const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", HOME: home, TMPDIR: tmp, TSX_DISABLE_CACHE: "1" };
		delete env.FORCE_COLOR;
		run = await runDemo(env);
	}, 180_000);

	afterAll(() => {
		rmSync(sandbox, { recursive: true, force: true });
	});

	it("exits 0, with every step behaving as captioned", () => {
		expect(run.stderr).toBe("");
		expect(run.code).toBe(0);
		expect(run.stdout).not.toContain("not as captioned");
		expect(run.stdout.match(/✔ as captioned/g)).toHaveLength(DEMO_STEPS.length);
	});

	it("prints the decisions of the steps' table, in order", () => {
		expect(decisionsIn(run.stdout.split("\n"))).toEqual(expectedDecisions());
	});

	it.each(DEMO_STEPS)("step $number ($title) shows its own calls' decisions and dialogs", (step) => {
		const lines = sections(run.stdout).get(step.number) ?? [];
		expect(decisionsIn(lines)).toEqual(expectedDecisions([step]));
		const dialogs = lines.filter((line) => line.includes("┌─ dialog shown to the user")).length;
		expect(dialogs).toBe(step.calls.filter((call) => call.expect.dialog).length);
		for (const check of step.checks) expect(lines.join("\n")).toContain(`✔ ${check.caption}`);
	});

	it("marks the subagent's ask as forwarded in the dialog the main session's user sees", () => {
		const lines = sections(run.stdout).get(5) ?? [];
		expect(lines.join("\n")).toMatch(/│ .*forwarded from a subagent/);
	});

	it("prints the review log: one compact line per decision, in the table's order", () => {
		const log = run.stdout.split("── review log")[1] ?? "";
		const lines = log.split("\n").flatMap((line) => {
			const match = REVIEW_LINE.exec(line);
			return match === null ? [] : [[match[1] ?? "", match[2] ?? "", match[3] ?? ""] as const];
		});
		expect(lines).toEqual(expectedDecisions());
	});

	it("ends with a tally that matches the table", () => {
		const calls = DEMO_STEPS.flatMap((step) => step.calls);
		const tally = TALLY_LINE.exec(run.stdout);
		expect(tally?.slice(1).map(Number)).toEqual([
			calls.length,
			calls.filter((call) => call.expect.result === "allow").length,
			calls.filter((call) => call.expect.result === "deny").length,
			calls.filter((call) => call.expect.dialog).length,
		]);
	});

	it("prints no colour codes when NO_COLOR is set", () => {
		expect(run.stdout).not.toContain("\u001b[");
	});

	it("works inside its own temporary root and removes it, touching nothing outside", () => {
		const project = /^\s+project\s+(\S+)/m.exec(run.stdout)?.[1] ?? "";
		expect(project.startsWith(`${tmp}/pi-permissions-demo-`)).toBe(true);
		expect(readdirSync(tmp)).toEqual([]);
		expect(readdirSync(home)).toEqual([]);
		expect(treeState(APP_DIR)).toEqual(appBefore);
	});
});
