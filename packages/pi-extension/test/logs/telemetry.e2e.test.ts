import { readFileSync } from "node:fs";
import { fauxToolCall } from "@earendil-works/pi-ai";
import { afterEach, describe, expect, it } from "vitest";
import { reviewLogFile } from "../../src/logs/review-log-sink";
import { type CommandSession, openCommandSession } from "../commands/command-session";
import { parseJsonl } from "../support/jsonl-records";
import { deadEndpoint, OtlpReceiver } from "../support/otlp-receiver";
import { workspace } from "../support/pi-session-harness";

/**
 * Issue 36's telemetry acceptance (ADR 0060) in a REAL in-process Pi session: a real OTLP/HTTP receiver process
 * receives one record per decision the review log records, with no secret in it; `/permissions` names the endpoint
 * and the counts; with the receiver down the calls run, nothing throws, and the dropped records are counted.
 */
const SECRET = "ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5";
const bash = (command: string, id: string) => fauxToolCall("bash", { command }, { id });
const CALLS = [
	bash(`GITHUB_TOKEN=${SECRET} echo one`, "call_1"),
	bash("echo two", "call_2"),
	bash("rm -rf victim", "call_3"),
];

let receiver: OtlpReceiver | null = null;
afterEach(async () => {
	await receiver?.stop();
	receiver = null;
});

/** Each call's id and whether it failed, in call order (Pi runs a turn's calls in parallel, so they end in any order). */
function outcomes(ends: readonly { readonly toolCallId: string; readonly isError: boolean }[]): [string, boolean][] {
	return ends.map((end): [string, boolean] => [end.toolCallId, end.isError]).sort(([a], [b]) => a.localeCompare(b));
}

/** `/permissions` until its report matches (the export's answer arrives off the call's path); a liveness bound. */
async function reportMatching(pi: CommandSession, pattern: RegExp): Promise<string> {
	const until = Date.now() + 20_000;
	let report = "";
	while (Date.now() < until) {
		await pi.prompt("/permissions");
		report = pi.notices.at(-1) ?? "";
		if (pattern.test(report)) break;
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	return report;
}

function config(endpoint: string) {
	return {
		telemetry: { endpoint, headers: { authorization: "Bearer collector-secret" } },
		permission: { bash: { "*": "allow", "rm *": "deny" } },
	};
}

describe("decisions exported from a real Pi session", () => {
	it("reach a real OTLP receiver, one per decision, with no secret and the configured headers", async () => {
		receiver = await OtlpReceiver.start();
		const space = workspace({ "victim/keep.txt": "x" }, config(receiver.endpoint));
		const pi = await openCommandSession(space, { answer: "No" });
		try {
			await pi.prompt("go", [CALLS]);
			expect(outcomes(pi.ends)).toEqual([
				["call_1", false],
				["call_2", false],
				["call_3", true],
			]);
		} finally {
			await pi.close();
		}
		const decisions = parseJsonl(readFileSync(reviewLogFile(space.agentDir), "utf8")).filter(
			(record) => record.event === "permission_decision",
		);
		expect(decisions.length).toBeGreaterThanOrEqual(3);
		await receiver.waitFor(decisions.length);
		expect(receiver.records).toHaveLength(decisions.length);
		const received = receiver.records.map((record) => [record.attributes.toolCallId, record.attributes.result]);
		expect(received).toEqual(decisions.map((record) => [record.toolCallId, record.result]));
		expect(received).toContainEqual(["call_3", "deny"]);
		expect(JSON.stringify(receiver.records.map((record) => record.attributes))).not.toContain(SECRET);
		expect(receiver.records[0]?.headers.authorization).toBe("Bearer collector-secret");
	});

	it("shows the endpoint and counts in /permissions, never the headers", async () => {
		receiver = await OtlpReceiver.start();
		const pi = await openCommandSession(workspace({}, config(receiver.endpoint)), { answer: "No" });
		try {
			await pi.prompt("go", [[bash("echo one", "call_1")]]);
			await receiver.waitFor(1);
			const report = await reportMatching(pi, /telemetry: .*: 1 sent/);
			expect(report).toContain(`telemetry: ${receiver.endpoint}: 1 sent, 0 dropped`);
			expect(report).not.toContain("collector-secret");
		} finally {
			await pi.close();
		}
	});

	it("with the receiver down, the calls run, nothing throws, and /permissions counts what was dropped", async () => {
		const endpoint = await deadEndpoint();
		const space = workspace({ "victim/keep.txt": "x" }, config(endpoint));
		const pi = await openCommandSession(space, { answer: "No" });
		try {
			await pi.prompt("go", [CALLS]);
			expect(outcomes(pi.ends)).toEqual([
				["call_1", false],
				["call_2", false],
				["call_3", true],
			]);
			// The batch is exported within the SDK's delay; its failure is counted.
			const report = await reportMatching(pi, /telemetry: .*: 0 sent, [1-9]\d* dropped/);
			expect(report).toMatch(new RegExp(`telemetry: ${endpoint.replace(/[.]/g, "\\.")}: 0 sent, [1-9]\\d* dropped`));
		} finally {
			await pi.close();
		}
	});
});
