import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_RECURSIVE_READ_ENTRIES } from "../../src/gates/bash-recursive-read-gate";
import { GateRunner } from "../../src/pipeline/gate-runner";
import { bashCall, createEngine, type EngineOptions, realProbe } from "../support/engine-fixture";
import { planView } from "../support/sandbox-plan-view";
import { createTmpProject, type TmpProject } from "../support/tmp-project";
import { PROJECT_FILES, READ_POLICY, RECURSIVE_READ_ROWS } from "./bash-recursive-read-gate.cases";

// Made at load: the tables below build their engines while the suite is collected.
const project: TmpProject = createTmpProject({ files: [...PROJECT_FILES] });
afterAll(() => project.remove());

function engine(options: Partial<EngineOptions> = {}) {
	return createEngine({ config: READ_POLICY, cwd: project.cwd, home: project.home, probe: realProbe(), ...options });
}

describe("the recursive-read gate in a project holding a denied file (issue 34)", () => {
	const outside = engine();
	it.each(RECURSIVE_READ_ROWS)("$command -> $expected", ({ command, expected, names }) => {
		const decision = outside.pipeline.decide(bashCall(command));
		const gate = decision.outcomes.find((outcome) => outcome.gate === "bash-recursive-read");
		if (expected === "allow") {
			expect(gate, JSON.stringify(gate?.reason)).toBeUndefined();
			expect(decision.combined.state).toBe("allow");
			return;
		}
		expect(decision.combined.state).toBe("ask");
		expect(gate).toMatchObject({ state: "ask", basis: "floor", matchedPattern: "<recursive-read>", suggestion: null });
		expect(gate?.reason).toContain(names);
	});

	/** The plan the sandbox runs for READ_POLICY in this project: `*.env` masked under the project. */
	const plan = () => planView({ cwd: project.cwd, pathDenies: { "*.env": [`${project.cwd}/**.env`] } });

	/** Rows whose trees all lie in the project, where the sandbox masks `*.env`. */
	const inProject = (command: string) => !command.includes("$") && !command.includes("../other");

	it("lets the sandbox answer every row whose trees lie where it hides the denied files (ADR 0059)", async () => {
		const required = engine({ config: { ...READ_POLICY, sandbox: { mode: "required" } }, sandboxPlan: plan });
		const auto = engine({
			config: { ...READ_POLICY, sandbox: { mode: "auto" } },
			sandboxRunning: () => true,
			sandboxPlan: plan,
		});
		for (const { command, expected } of RECURSIVE_READ_ROWS) {
			for (const sandboxed of [required, auto]) {
				const { verdict, facts, asks } = await runnerOf(sandboxed).runTraced(bashCall(command));
				if (!inProject(command)) {
					expect(asks.length, command).toBeGreaterThan(0);
					continue;
				}
				expect(verdict.kind, command).toBe("allow");
				expect(asks, command).toEqual([]);
				const read = facts.find((fact) => fact.gate === "bash-recursive-read");
				if (expected === "allow") expect(read, command).toBeUndefined();
				else expect(read, command).toMatchObject({ decidedBy: "sandbox", resolution: "sandbox_answered" });
			}
		}
	});

	it("still asks about a tree outside the places the sandbox hides `*.env` in, and an unnamed one", async () => {
		const required = engine({ config: { ...READ_POLICY, sandbox: { mode: "required" } }, sandboxPlan: plan });
		for (const command of ["diff -r . ../other", 'grep -r KEY "$DIR"', `grep -r KEY ${project.home}`]) {
			const { asks } = await runnerOf(required).runTraced(bashCall(command));
			expect(asks.length, command).toBeGreaterThan(0);
		}
	});

	it("asks in auto mode while the sandbox is not running", () => {
		const auto = engine({
			config: { ...READ_POLICY, sandbox: { mode: "auto" } },
			sandboxRunning: () => false,
			sandboxPlan: plan,
		});
		const decision = auto.pipeline.decide(bashCall("grep -r SECRET ."));
		expect(decision.combined.gate).toBe("bash-recursive-read");
		expect(decision.sandbox).toBeNull();
	});

	it("still asks under the sandbox when a catch-all path deny is one the sandbox leaves to the gate", async () => {
		const config = {
			...READ_POLICY,
			sandbox: { mode: "required" },
			permission: { ...READ_POLICY.permission, path: { "*": "deny", "src/*": "allow", docs: "allow" } },
		};
		const sandboxPlan = () => planView({ cwd: project.cwd, skippedPath: ["*"] });
		const decision = engine({ config, sandboxPlan }).pipeline.decide(bashCall("grep -r KEY docs"));
		expect(decision.combined.gate).toBe("bash-recursive-read");
		const { asks } = await runnerOf(engine({ config, sandboxPlan })).runTraced(bashCall("grep -r KEY docs"));
		expect(asks.map((ask) => ask.outcome.gate)).toContain("bash-recursive-read");
	});

	it("never walks under a policy with no path deny", () => {
		const open = engine({ config: { permission: { "*": "allow", bash: "allow" } } });
		expect(open.pipeline.decide(bashCall("grep -r SECRET .")).combined.state).toBe("allow");
	});

	it("denies under yolo (an incomplete analysis, ADR 0023)", async () => {
		const yolo = engine({ yolo: true });
		const runner = new GateRunner({
			pipeline: yolo.pipeline,
			escalator: {
				async escalate() {
					throw new Error("yolo never asks");
				},
			},
			sink: { emit: () => undefined },
			ids: { next: () => "req" },
			sessionRules: yolo.store,
		});
		expect(await runner.run(bashCall("grep -r SECRET ."))).toMatchObject({ kind: "block" });
		expect(await runner.run(bashCall("grep -rn TODO src"))).toMatchObject({ kind: "allow" });
	});
});

/** A runner over `of`'s pipeline whose every ask is refused (the tests read what was asked). */
function runnerOf(of: ReturnType<typeof engine>): GateRunner {
	return new GateRunner({
		pipeline: of.pipeline,
		escalator: { escalate: async () => ({ kind: "deny", decidedBy: "user", reason: null }) },
		sink: { emit: () => undefined },
		ids: { next: () => "req" },
		sessionRules: of.store,
	});
}

describe("the recursive-read gate on links and large trees", () => {
	let other: TmpProject;
	beforeAll(() => {
		other = createTmpProject({ files: ["src/a.ts"] });
		writeFileSync(join(other.home, "id.env"), "SECRET=1\n");
		symlinkSync(join(other.home, "id.env"), join(other.cwd, "src", "notes.txt"));
		mkdirSync(join(other.cwd, "big"));
		for (let i = 0; i <= MAX_RECURSIVE_READ_ENTRIES; i++) writeFileSync(join(other.cwd, "big", `f${i}`), "");
	}, 120_000);
	afterAll(() => other.remove());

	const decide = (command: string) =>
		createEngine({ config: READ_POLICY, cwd: other.cwd, home: other.home, probe: realProbe() }).pipeline.decide(
			bashCall(command),
		).combined;

	it("asks about a tree whose link points at a denied file", () => {
		expect(decide("grep -r KEY src")).toMatchObject({ gate: "bash-recursive-read", state: "ask" });
	});

	it("asks about a tree too large to check", () => {
		const combined = decide("grep -r KEY big");
		expect(combined).toMatchObject({ gate: "bash-recursive-read", state: "ask" });
		expect(combined.reason).toContain("more than 20,000 entries");
	});
});
