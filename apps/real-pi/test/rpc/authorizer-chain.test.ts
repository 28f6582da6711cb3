/**
 * Issue 34 acceptance, in real Pi (`--mode rpc`): an `authorizerChain` that names a link which never registered, and a
 * model judge that cannot reach its model (no credentials in the sandbox), each show a start-up warning, a status-line
 * mark and a line in `/permissions`, not only a review-log line; the ask still reaches the person.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CleanupStack } from "../support/cleanup-stack";
import { uiRecords } from "../support/installed-pi";
import { sandboxFor, startRpc } from "../support/pi-harness";
import { buildModelJudge } from "../support/pi-permissions-build";
import type { RpcRecord, RpcSession } from "../support/rpc-session";
import { bashTurn } from "../support/scripted-turns";

const POLICY = { permission: { "*": "allow", bash: { "*": "ask" } }, authorizerChain: ["model-judge"] };
const UNREGISTERED =
	"authorizer `model-judge` (authorizerChain) is not registered (not installed, not built, or it failed to start): its asks come to you";
const NO_CREDENTIALS =
	"authorizer `model-judge` (authorizerChain) is not judging, its asks come to you: no usable credentials for the judge's model: `anthropic/claude-haiku-4-5`";
// The mode is always on the line (ADR 0054); a chain starts in `auto` unless the config names another mode.
const MARK = "permissions: auto (authorizer first) · authorizer model-judge off, see /permissions";

const cleanup = new CleanupStack();
let judgeDir = "";
let judgeFile = "";

beforeAll(async () => {
	judgeDir = mkdtempSync(join(tmpdir(), "real-pi-judge-"));
	judgeFile = await buildModelJudge(judgeDir);
});
afterAll(async () => {
	await cleanup.run();
	rmSync(judgeDir, { recursive: true, force: true });
});

function messages(records: readonly RpcRecord[]): string[] {
	return uiRecords(records, "notify").map((record) => String(record.message));
}

/** Runs `/permissions` and returns the report it notified. */
async function permissionsReport(rpc: RpcSession): Promise<string> {
	const from = rpc.records.length;
	await rpc.command("prompt", { message: "/permissions" });
	const report = await rpc.waitFor(
		"the /permissions report",
		(record) => messages([record]).some((message) => message.startsWith("pi-permissions: yolo")),
		{ from },
	);
	return String(report.message);
}

/** Asks about one bash call and denies it, so the chain is consulted and the person still decides. */
async function askAndDeny(rpc: RpcSession): Promise<void> {
	const from = await rpc.prompt("go");
	const dialog = await rpc.waitForDialog(from);
	const no = dialog.options?.find((option) => option === "No") ?? "No";
	rpc.answer(dialog, no);
	await rpc.waitForSettled(from);
}

describe("a chain link that is not answering is said, not only logged (issue 34)", () => {
	it("warns at start, marks the status line and lists it in /permissions when no link registered", async () => {
		const sandbox = sandboxFor(cleanup, POLICY);
		const rpc = startRpc(cleanup, { sandbox, script: [bashTurn("echo hi"), { kind: "text", text: "done" }] });
		await rpc.waitFor("the start-up warning", (record) => messages([record]).some((m) => m.includes(UNREGISTERED)));
		expect(messages(rpc.records)).toContain(`pi-permissions: ${UNREGISTERED}`);
		// The line is set again once the links have had their chance to register, which may follow the warning.
		await rpc.waitFor("the status mark", (record) =>
			uiRecords([record], "setStatus").some((r) => r.statusText === MARK),
		);
		expect(uiRecords(rpc.records, "setStatus")).toContainEqual(
			expect.objectContaining({ statusKey: "pi-permissions", statusText: MARK }),
		);
		expect((await permissionsReport(rpc)).split("\n")).toContain(`warning: ${UNREGISTERED}`);
		await askAndDeny(rpc);
	});

	it("warns at start, marks the status line and lists it in /permissions when the judge has no credentials", async () => {
		const sandbox = sandboxFor(cleanup, POLICY);
		writeFileSync(
			join(sandbox.agentDir, "extensions", "pi-permissions", "model-judge.json"),
			JSON.stringify({
				provider: "anthropic",
				model: "claude-haiku-4-5",
				opaqueCommands: { enabled: true },
			}),
		);
		const rpc = startRpc(cleanup, {
			sandbox,
			script: [bashTurn("echo hi"), { kind: "text", text: "done" }],
			extensions: [judgeFile],
		});
		await rpc.waitFor("the start-up warning", (record) => messages([record]).some((m) => m.includes(NO_CREDENTIALS)));
		expect(messages(rpc.records).join("\n")).not.toContain(UNREGISTERED);
		// The line is set again once the links have had their chance to register, which may follow the warning.
		await rpc.waitFor("the status mark", (record) =>
			uiRecords([record], "setStatus").some((r) => r.statusText === MARK),
		);
		expect(uiRecords(rpc.records, "setStatus")).toContainEqual(
			expect.objectContaining({ statusKey: "pi-permissions", statusText: MARK }),
		);
		const report = (await permissionsReport(rpc)).split("\n");
		const at = report.indexOf(
			"warning: authorizer `model-judge` (authorizerChain) is not judging, its asks come to you:",
		);
		expect(at).toBeGreaterThan(0);
		expect(report[at + 1]).toMatch(
			/^ {2}no usable credentials for the judge's model: `anthropic\/claude-haiku-4-5`: Pi has no credentials for `anthropic`/u,
		);
		await askAndDeny(rpc);
	});
});
