import { readFileSync } from "node:fs";
import { fauxToolCall } from "@earendil-works/pi-ai";
import type { ExtensionAPI, ExtensionFactory, ToolDefinition } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { debugLogFile } from "../../src/logs/debug-log";
import { reviewLogFile } from "../../src/logs/review-log-sink";
import { parseJsonl } from "../support/jsonl-records";
import { choose, runPi, workspace } from "../support/pi-session-harness";

const SECRETS = ["hunter2-pw", "sk-live-apikey-77", "Bearer tok-auth-55", "cs-client-secret-99"] as const;

const DEPLOY_PARAMETERS = {
	type: "object",
	properties: {
		target: { type: "string" },
		password: { type: "string" },
		settings: { type: "object" },
	},
	required: ["target"],
	additionalProperties: true,
} as unknown as ToolDefinition["parameters"];

/** An extension tool whose input carries secrets at the top level and nested under sensitive key names. */
const deployTool: ExtensionFactory = (pi: ExtensionAPI): void => {
	pi.registerTool({
		name: "deploy",
		label: "Deploy",
		description: "Deploys the project",
		parameters: DEPLOY_PARAMETERS,
		async execute() {
			return { content: [{ type: "text", text: "deployed" }], details: {} };
		},
	});
};

const deploy = (id: string) =>
	fauxToolCall(
		"deploy",
		{
			target: "prod",
			password: SECRETS[0],
			apiKey: SECRETS[1],
			settings: { headers: { Authorization: SECRETS[2] }, oauth: { client_secret: SECRETS[3] } },
		},
		{ id },
	);

describe("the logs of a real Pi session", () => {
	it("never write a secret held under a sensitive key name, in the tool input or in the ask", async () => {
		const config = { debugLog: true, permission: { "*": "allow", deploy: "ask" } };
		const space = workspace({}, config);
		const run = await runPi(space, {
			turns: [[deploy("call_1")], [deploy("call_2")]],
			tools: ["bash", "deploy"],
			before: [deployTool],
			human: { selects: [choose("Yes"), choose("No")] },
		});
		expect(run.ends.map((end) => [end.toolCallId, end.isError])).toEqual([
			["call_1", false],
			["call_2", true],
		]);
		const review = readFileSync(reviewLogFile(space.agentDir), "utf8");
		const debug = readFileSync(debugLogFile(space.agentDir), "utf8");
		for (const secret of SECRETS) {
			expect(review).not.toContain(secret);
			expect(debug).not.toContain(secret);
		}
		// The logs did record both asks (so the absence of the secrets is not an absence of records).
		const debugDecisions = parseJsonl(debug).filter((record) => record.event === "permission_decision");
		expect(debugDecisions.map((record) => [record.toolCallId, record.resolution])).toEqual([
			["call_1", "user_approved"],
			["call_2", "user_denied"],
		]);
		expect(JSON.stringify(debugDecisions[0]?.evidence)).toContain("input target");
		expect(review).toContain('"event":"session_summary"');
	});
});
