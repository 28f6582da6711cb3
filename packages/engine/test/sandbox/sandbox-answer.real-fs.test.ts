import { afterAll, describe, expect, it } from "vitest";
import { GateRunner, type RunTrace } from "../../src/pipeline/gate-runner";
import { bashCall, call, createEngine, realProbe } from "../support/engine-fixture";
import { planView } from "../support/sandbox-plan-view";
import { createTmpProject, type TmpProject } from "../support/tmp-project";

const project: TmpProject = createTmpProject({ files: [".env", "src/a.ts", "build/out.js"] });
afterAll(() => project.remove());

const ENV_DENY = { "*": "allow", "*.env": "deny" } as const;
/** The plan the sandbox runs for `*.env: deny`: masked under the project only (ADR 0037). */
const wildcardPlan = () => planView({ cwd: project.cwd, pathDenies: { "*.env": [`${project.cwd}/**.env`] } });
/** The plan for denies that name fixed places: `.env` at the project's top, `~/.ssh/*`. */
const anchoredPlan = () =>
	planView({
		cwd: project.cwd,
		pathDenies: { ".env": [`${project.cwd}/.env`], "~/.ssh/*": [`${project.home}/.ssh/**`] },
	});

interface Setup {
	readonly permission: Record<string, unknown>;
	readonly mode?: "off" | "auto" | "required";
	readonly plan?: () => ReturnType<typeof planView>;
	readonly yolo?: boolean;
	readonly agents?: Readonly<Record<string, unknown>>;
}

function run(setup: Setup, toolCall = bashCall("true")): Promise<RunTrace> {
	const config = { permission: setup.permission, sandbox: { mode: setup.mode ?? "required" } };
	const engine = createEngine({
		config,
		cwd: project.cwd,
		home: project.home,
		probe: realProbe(),
		sandboxPlan: setup.plan ?? wildcardPlan,
		...(setup.yolo === undefined ? {} : { yolo: setup.yolo }),
		...(setup.agents === undefined ? {} : { agents: setup.agents }),
	});
	const runner = new GateRunner({
		pipeline: engine.pipeline,
		escalator: { escalate: async () => ({ kind: "deny", decidedBy: "user", reason: null }) },
		sink: { emit: () => undefined },
		ids: { next: () => "req" },
		sessionRules: engine.store,
	});
	return runner.runTraced(toolCall);
}

/** `allow` by the sandbox, `ask`, or `deny` by policy, for one command. */
async function verdictOf(setup: Setup, command: string): Promise<"sandbox" | "ask" | "deny" | "allow"> {
	const trace = await run(setup, bashCall(command));
	if (trace.asks.length > 0) return "ask";
	if (trace.verdict.kind === "block") return "deny";
	return trace.facts.some((fact) => fact.decidedBy === "sandbox") ? "sandbox" : "allow";
}

describe("the sandbox answers the asks it holds (ADR 0059)", () => {
	const envDeny: Setup = { permission: { "*": "allow", bash: "allow", path: ENV_DENY } };

	it("answers a recursive reader over the project, recording the reason it carried", async () => {
		const trace = await run(envDeny, bashCall("grep -r SECRET ."));
		expect(trace.verdict.kind).toBe("allow");
		expect(trace.asks).toEqual([]);
		const fact = trace.facts.find((entry) => entry.decidedBy === "sandbox");
		expect(fact).toMatchObject({
			gate: "bash-recursive-read",
			result: "allow",
			resolution: "sandbox_answered",
			matchedPattern: "<recursive-read>",
		});
		expect(fact?.reason).toMatch(/^recursive-read: /);
		expect(fact?.payload).not.toBeNull();
		expect(await verdictOf(envDeny, "rg -uu KEY")).toBe("sandbox");
	});

	it("still asks about a computed path while a deny starts with a wildcard (masked in the project only)", async () => {
		expect(await verdictOf(envDeny, "cat $(ls | grep env)")).toBe("ask");
		expect(await verdictOf(envDeny, `grep -r KEY ${project.home}`)).toBe("ask");
	});

	it("answers a computed path read when every deny names a fixed place, not a computed write", async () => {
		const anchored: Setup = {
			permission: { "*": "allow", bash: "allow", path: { "*": "allow", ".env": "deny", "~/.ssh/*": "deny" } },
			plan: anchoredPlan,
		};
		expect(await verdictOf(anchored, "cat $(ls | grep env)")).toBe("sandbox");
		// SECURITY: a mask over existing files cannot stop a new file a deny names.
		expect(await verdictOf(anchored, "echo x > $(ls | grep env)")).toBe("ask");
		const withAsk: Setup = {
			...anchored,
			permission: { ...anchored.permission, path: { "*": "allow", ".env": "deny", "*.example": "ask" } },
			plan: () => planView({ cwd: project.cwd, pathDenies: { ".env": [`${project.cwd}/.env`] } }),
		};
		// A `path` rule that asks is no refusal: the sandbox cannot answer it.
		expect(await verdictOf(withAsk, "cat $(ls | grep env)")).toBe("ask");
	});

	it("keeps denies, command rules and code nobody can read", async () => {
		const commands: Setup = {
			permission: { "*": "allow", bash: { "*": "ask", "rm -rf *": "deny", "grep *": "allow" }, path: ENV_DENY },
		};
		expect(await verdictOf(commands, "rm -rf build")).toBe("deny");
		expect(await verdictOf(commands, "cat .env")).toBe("deny");
		expect(await verdictOf(commands, "npm test")).toBe("ask");
		expect(await verdictOf(commands, "python3 -c 'print(1)'")).toBe("ask");
		expect(await verdictOf(commands, "grep -r SECRET .")).toBe("sandbox");
		const rmDeny: Setup = { permission: { bash: { "*": "allow", "rm *": "deny" }, path: { "*.env": "deny" } } };
		expect(await verdictOf(rmDeny, "python3 -c 'print(open(\".env\").read())'")).toBe("ask");
		const trace = await run(rmDeny, bashCall("python3 -c 'print(open(\".env\").read())'"));
		expect(trace.asks.map((ask) => ask.outcome.matchedPattern)).toContain("<opaque-bash-wrapper>");
	});

	it("answers a bash write into a protected region only where the region is mounted read-only", async () => {
		const readOnly = () => planView({ cwd: project.cwd, readOnly: [`${project.cwd}/.pi`] });
		const open: Setup = { permission: { "*": "allow", bash: "allow" }, plan: readOnly };
		expect(await verdictOf(open, "echo x > .pi/settings.json")).toBe("sandbox");
		// SECURITY: a protected name that does not exist is only removed after the call; an editor's git may read it
		// meanwhile (`.git/commondir`), so the person is asked.
		const watched: Setup = { ...open, plan: () => planView({ cwd: project.cwd }) };
		expect(await verdictOf(watched, "echo x > .pi/settings.json")).toBe("ask");
		// One write elsewhere in the project, or a write the command computes, and the call is asked.
		expect(await verdictOf(open, "echo x > .pi/settings.json && echo y > notes.txt")).toBe("ask");
		expect(await verdictOf(open, "echo x > $(echo .pi)/settings.json")).toBe("ask");
		const skipped: Setup = {
			...open,
			plan: () => ({ ...readOnly(), skipped: planView({ cwd: project.cwd, skippedProtected: ["x["] }).skipped }),
		};
		expect(await verdictOf(skipped, "echo x > .pi/settings.json")).toBe("ask");
		// The write tool does not run in the sandbox.
		const write = await run(open, call("write", { path: ".pi/settings.json", content: "{}" }));
		expect(write.asks.length).toBe(1);
	});

	it("answers nothing when the call will not run sandboxed, under yolo, or for another policy's deny", async () => {
		expect(await verdictOf({ ...envDeny, mode: "off" }, "grep -r SECRET .")).toBe("ask");
		expect(await verdictOf({ ...envDeny, mode: "auto" }, "grep -r SECRET .")).toBe("ask");
		// Yolo keeps its reconciliation: an incomplete analysis while the policy denies is denied (ADR 0023).
		expect(await verdictOf({ ...envDeny, yolo: true }, "grep -r SECRET .")).toBe("deny");
		const agent = { permission: { "*": "allow", bash: "allow", path: { ...ENV_DENY, "*.ts": "deny" } } };
		const trace = await run(
			{ ...envDeny, agents: { helper: agent } },
			call("bash", { command: "grep -r SECRET ." }, "helper"),
		);
		expect(trace.asks.length).toBeGreaterThan(0);
	});
});
