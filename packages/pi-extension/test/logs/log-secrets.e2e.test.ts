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

	it("never write a secret-shaped value of a command, and still say which command ran (ADR 0033)", async () => {
		const commands = [
			{
				name: "curl",
				secret: "sk-live-123456",
				command: 'curl -H "Authorization: Bearer sk-live-123456" https://api.example.com',
			},
			{
				name: "export",
				secret: "ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5",
				command: "export GITHUB_TOKEN=ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5 && gh auth status",
			},
			{ name: "mysql", secret: "secretpass", command: "mysql -u root -psecretpass shop" },
			{ name: "git", secret: "hunter2pw", command: "git clone https://alice:hunter2pw@example.com/repo.git" },
		];
		const config = { debugLog: true, permission: { "*": "allow", bash: { "*": "ask" } } };
		const space = workspace({}, config);
		const run = await runPi(space, {
			turns: commands.map((entry, index) => [
				fauxToolCall("bash", { command: entry.command }, { id: `call_${index}` }),
			]),
			tools: ["bash"],
			human: { selects: commands.map(() => choose("No")) },
		});
		expect(run.ends.map((end) => end.isError)).toEqual([true, true, true, true]);
		// Only records are redacted: the person saw the real command.
		for (const entry of commands)
			expect(run.dialogs.some((dialog) => JSON.stringify(dialog).includes(entry.secret))).toBe(true);
		const review = readFileSync(reviewLogFile(space.agentDir), "utf8");
		const debug = readFileSync(debugLogFile(space.agentDir), "utf8");
		for (const entry of commands) {
			expect(review, entry.secret).not.toContain(entry.secret);
			expect(debug, entry.secret).not.toContain(entry.secret);
		}
		const decisions = parseJsonl(review).filter((record) => record.event === "permission_decision");
		expect(decisions).toHaveLength(commands.length);
		commands.forEach((entry, index) => {
			const record = decisions[index] as { value: string; resolution: string };
			expect(record.resolution).toBe("user_denied");
			expect(record.value.startsWith(entry.name)).toBe(true);
			expect(record.value).toContain("[redacted]");
		});
	});

	it("record both ends of a long command and every unit's command name (ADR 0033)", async () => {
		const command = `ls ${"a".repeat(200_000)} ; rm -rf x`;
		const config = { debugLog: true, permission: { "*": "allow", bash: { "*": "allow", "rm *": "deny" } } };
		const space = workspace({}, config);
		const run = await runPi(space, {
			turns: [[fauxToolCall("bash", { command }, { id: "call_1" })]],
			tools: ["bash"],
			human: { selects: [] },
		});
		expect(run.ends.map((end) => end.isError)).toEqual([true]);
		const review = readFileSync(reviewLogFile(space.agentDir), "utf8");
		const [decision] = parseJsonl(review).filter((record) => record.event === "permission_decision");
		expect(decision).toMatchObject({ result: "deny", request: { commands: ["ls", "rm"], commandsOmitted: 0 } });
		expect(review.length).toBeLessThan(20_000);
		// The whole command, as evidence in the debug log, keeps its dangerous end after a marked elision.
		const [detail] = parseJsonl(readFileSync(debugLogFile(space.agentDir), "utf8")).filter(
			(record) => record.event === "permission_decision",
		);
		const commandEvidence = ((detail?.evidence ?? []) as { label: string; text: string }[]).find(
			(entry) => entry.label === "command",
		);
		expect(commandEvidence?.text).toMatch(/^ls a+ …\(\d+ chars elided\)… a+ ; rm -rf x$/);
	});
});
