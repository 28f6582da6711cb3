import { describe, expect, it } from "vitest";
import type { AskAnswer } from "../../src/pipeline/ask-escalator";
import { GateRunner } from "../../src/pipeline/gate-runner";
import { reportOf } from "../../src/pipeline/run-report";
import type { ToolCall } from "../../src/pipeline/tool-call";
import { CFG_A } from "../bash/bash-command-check.cases";
import { bashCall, call, createEngine, type EngineOptions } from "../support/engine-fixture";
import { planView } from "../support/sandbox-plan-view";

const NOBODY: AskAnswer = { kind: "unavailable", reason: "nobody to ask", decidedBy: "unavailable" };

/** The report of one traced run of `toolCall`, every ask answered by `answer`. */
async function reportFor(options: EngineOptions, toolCall: ToolCall, answer: AskAnswer = NOBODY) {
	const engine = createEngine(options);
	let ids = 0;
	const runner = new GateRunner({
		pipeline: engine.pipeline,
		escalator: { escalate: async () => answer },
		sink: { emit: () => undefined },
		ids: { next: () => `req-${++ids}` },
		sessionRules: engine.store,
	});
	return reportOf(await runner.runTraced(toolCall));
}

describe("reportOf", () => {
	it("reports an allowed call on the last gate that passed", async () => {
		const report = await reportFor({ config: { permission: { "*": "allow" } } }, call("read", { path: "a.ts" }));
		expect(report).toEqual({
			action: "allow",
			gate: "tool",
			surface: "read",
			value: "/projects/app/a.ts",
			matchedPattern: null,
			origin: "global",
			reason: null,
			suggestion: null,
			resolution: "policy_allow",
		});
	});

	it("reports the yolo approval an allowed call needed, not the gate after it", async () => {
		const config = { permission: { "*": "ask", bash: { "*": "allow" }, external_directory: "ask" } };
		const report = await reportFor({ config, yolo: true }, bashCall("cat /etc/hosts"));
		expect(report).toMatchObject({
			action: "allow",
			gate: "bash-external-directory",
			surface: "external_directory",
			origin: "yolo",
			resolution: "auto_approved",
		});
	});

	it("reports the sandbox's answer an allowed call needed, with what holds it (ADR 0059)", async () => {
		const config = { permission: { "*": "allow", bash: "allow" }, sandbox: { mode: "required" } };
		const sandboxPlan = () => planView({ cwd: "/projects/app", readOnly: ["/projects/app/.pi"] });
		const report = await reportFor({ config, sandboxPlan }, bashCall("echo x > .pi/settings.json"));
		expect(report).toMatchObject({
			action: "allow",
			gate: "protected-target",
			matchedPattern: "<protected-target>",
			resolution: "sandbox_answered",
		});
		expect(report.reason).toMatch(/^protected-write: /);
	});

	it("reports an ask nobody answered as the ask, with what a session answer would grant", async () => {
		const report = await reportFor({ config: CFG_A }, bashCall("git push origin main"));
		expect(report).toMatchObject({ action: "ask", gate: "tool", surface: "bash", resolution: "ask" });
		expect(report.suggestion?.patterns).toEqual(["git push *"]);
	});

	it("reports an ask a person refused as the refusal", async () => {
		const refused: AskAnswer = { kind: "deny", reason: "not now", decidedBy: "user" };
		const report = await reportFor({ config: CFG_A }, bashCall("git push origin main"), refused);
		expect(report).toMatchObject({ action: "deny", gate: "tool", reason: "not now", resolution: "user_denied" });
	});

	it("reports a policy deny with the operator's reason", async () => {
		const report = await reportFor({ config: CFG_A }, bashCall("npm install left-pad"));
		expect(report).toMatchObject({
			action: "deny",
			gate: "tool",
			surface: "bash",
			reason: "Use pnpm instead",
			suggestion: null,
			resolution: "policy_deny",
		});
	});

	it("reports a gate error raised before any gate with no gate and what failed", async () => {
		const report = await reportFor({ config: CFG_A }, call("bash", { command: 42 }));
		expect(report).toMatchObject({
			action: "deny",
			gate: null,
			surface: null,
			matchedPattern: null,
			resolution: "gate_error",
		});
		expect(report.reason).toContain("not a string");
	});
});
