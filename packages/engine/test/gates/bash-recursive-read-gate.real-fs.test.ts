import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_RECURSIVE_READ_ENTRIES } from "../../src/gates/bash-recursive-read-gate";
import { GateRunner } from "../../src/pipeline/gate-runner";
import { bashCall, createEngine, type EngineOptions, realProbe } from "../support/engine-fixture";
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

	it("lets every row run when the sandbox is required or running in auto mode", () => {
		const required = engine({ config: { ...READ_POLICY, sandbox: { mode: "required" } } });
		const auto = engine({ config: { ...READ_POLICY, sandbox: { mode: "auto" } }, sandboxRunning: () => true });
		for (const { command } of RECURSIVE_READ_ROWS) {
			for (const sandboxed of [required, auto]) {
				const decision = sandboxed.pipeline.decide(bashCall(command));
				expect(
					decision.outcomes.some((outcome) => outcome.gate === "bash-recursive-read"),
					command,
				).toBe(false);
				// `"$DIR"` is still a path nobody can name: the `path` gate's own floor asks about it.
				if (!command.includes("$")) expect(decision.combined.state, command).toBe("allow");
			}
		}
	});

	it("asks in auto mode while the sandbox is not running", () => {
		const auto = engine({ config: { ...READ_POLICY, sandbox: { mode: "auto" } }, sandboxRunning: () => false });
		expect(auto.pipeline.decide(bashCall("grep -r SECRET .")).combined.gate).toBe("bash-recursive-read");
	});

	it("still walks under the sandbox when a catch-all path deny is one the sandbox leaves to the gate", () => {
		const config = {
			...READ_POLICY,
			sandbox: { mode: "required" },
			permission: { ...READ_POLICY.permission, path: { "*": "deny", "src/*": "allow", docs: "allow" } },
		};
		const decision = engine({ config }).pipeline.decide(bashCall("grep -r KEY docs"));
		expect(decision.combined.gate).toBe("bash-recursive-read");
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
