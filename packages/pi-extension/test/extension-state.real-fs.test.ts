import { describe, expect, it } from "vitest";
import { reviewLogFile } from "../src/logs/review-log-sink";
import { context, stateFor } from "./support/extension-state-fixture";
import { readJsonl } from "./support/jsonl-records";
import { workspace } from "./support/pi-session-harness";

const PROJECT_DENIES_DEPLOY = { ".pi/extensions/pi-permissions/config.json": '{ "permission": { "deploy": "deny" } }' };

describe("ExtensionState", () => {
	it("loads the project scope when Pi trusts the project", async () => {
		const space = workspace(PROJECT_DENIES_DEPLOY, { permission: { "*": "allow" } });
		const session = await stateFor(space).state.open(context(space.cwd, true));
		expect(session.policies.toolPermission("deploy")).toBe("deny");
		expect(session.policies.config.reports.find((report) => report.scope === "project")?.status).toBe("valid");
	});

	it("skips the project scope when Pi does not trust the project", async () => {
		const space = workspace(PROJECT_DENIES_DEPLOY, { permission: { "*": "allow" } });
		const session = await stateFor(space).state.open(context(space.cwd, false));
		expect(session.policies.toolPermission("deploy")).toBe("allow");
		expect(session.policies.config.reports.find((report) => report.scope === "project")?.status).toBe("skipped");
	});

	it("writes a gate error from before any session to the review log of the session that opens (ADR 0033)", async () => {
		const space = workspace({}, { permission: { "*": "allow" } });
		const { state, facts } = stateFor(space);
		state.reportGateError({ toolName: "bash", input: {}, toolCallId: "call_0" }, context(space.cwd), new Error("boom"));
		expect(facts.map((fact) => fact.resolution)).toEqual(["gate_error"]);
		await state.open(context(space.cwd, true));
		await state.close();
		const review = readJsonl(reviewLogFile(space.agentDir));
		expect(review[0]).toMatchObject({
			event: "permission_gate_error",
			beforeSession: true,
			toolCallId: "call_0",
			reason: "boom",
		});
	});

	it("shuts down idempotently, before any session and after one", async () => {
		const space = workspace({});
		const { state } = stateFor(space);
		await expect(state.close()).resolves.toBeUndefined();
		await state.open(context(space.cwd, true));
		await expect(state.close()).resolves.toBeUndefined();
		await expect(state.close()).resolves.toBeUndefined();
	});

	it("opens a fresh session on the next start, so session approvals do not leak across sessions", async () => {
		const space = workspace({});
		const { state } = stateFor(space);
		const first = await state.open(context(space.cwd, true));
		const second = await state.open(context(space.cwd, true));
		expect(second).not.toBe(first);
		expect(await state.sessionFor(context(space.cwd, true))).toBe(second);
	});

	it("keeps the session's parser once warmed", async () => {
		const space = workspace({});
		const { state } = stateFor(space);
		const session = await state.open(context(space.cwd, true));
		expect(session.gate.isWarm).toBe(false);
		await session.gate.warm();
		expect(session.gate.isWarm).toBe(true);
	});
});
