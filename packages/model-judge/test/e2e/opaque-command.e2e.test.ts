import { fauxToolCall } from "@earendil-works/pi-ai";
import piPermissions from "@pi-permissions/pi-extension";
import { afterEach, describe, expect, it, vi } from "vitest";
import modelJudge from "../../src/index";
import { toolReply } from "../support/faux-judge";
import { judgeWorkspace, runJudgedSession } from "../support/pi-judge-session";

const PERMISSIONS = {
	permission: { "*": "allow", bash: { "*": "allow", "rm *": "ask", "curl *": "ask" } },
	authorizerChain: ["model-judge"],
};
const JUDGE = { provider: "judge", model: "judge-1", opaqueCommands: { enabled: true } };

afterEach(() => {
	vi.unstubAllEnvs();
});

async function runBash(command: string, reply: Record<string, unknown> | null) {
	const space = judgeWorkspace(PERMISSIONS, JUDGE);
	vi.stubEnv("PI_CODING_AGENT_DIR", space.agentDir);
	return runJudgedSession(space, {
		turns: [[fauxToolCall("bash", { command })]],
		judgeReplies: reply === null ? [] : [toolReply(reply as never, "report_commands")],
		extensions: [piPermissions, modelJudge],
		answer: () => undefined,
	});
}

describe("opaque-command adjudication in a real Pi session", () => {
	it("allows a floored shell wrapper without a dialog when every proposed command is already allowed", async () => {
		// A literal `bash -c` script is judged by its units (ADR 0031); `eval` of a literal string keeps the floor.
		const run = await runBash("eval 'echo one && echo two'", {
			commands: ["echo one", "echo two"],
			confidence: 0.99,
		});
		expect(run.judgeSeen).toHaveLength(1);
		expect(run.dialogs).toHaveLength(0);
		expect(run.decisions[0]).toMatchObject({
			matchedPattern: "<opaque-bash-wrapper>",
			decidedBy: "authorizer:model-judge",
			result: "allow",
			payload: { request: { executedUnit: "echo one && echo two" } },
		});
	});

	it.each([
		{ command: "bash -c 'echo one; rm -rf scratch'" },
		{ command: "python3 -c 'import os; os.system(\"rm -rf scratch\")'" },
	])("never lets `$command` run without the human", async ({ command }) => {
		const run = await runBash(command, { commands: ["echo one"], confidence: 1 });
		expect(run.dialogs).toHaveLength(1);
		expect(run.decisions[0]).toMatchObject({ decidedBy: "user", result: "deny" });
	});
});
