import { existsSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { lastAssistantText } from "../support/agent-events";
import { CleanupStack } from "../support/cleanup-stack";
import { sandboxFor, startRpc } from "../support/pi-harness";
import { resultText } from "../support/rpc-session";
import { bashTurn, parseReport } from "../support/scripted-turns";

const ASK_BASH = { permission: { "*": "allow", bash: { "*": "ask" } } };

const cleanup = new CleanupStack();
afterEach(() => cleanup.run());

describe("pi --mode rpc with pi-permissions", () => {
	it("shows an ask as a select dialog that names the tool, the rule and the command", async () => {
		const sandbox = sandboxFor(cleanup, ASK_BASH);
		sandbox.writeFile("victim.txt");
		const rpc = startRpc(cleanup, { sandbox, script: [bashTurn("rm victim.txt"), { kind: "report" }] });
		const from = await rpc.prompt("clean up");
		const dialog = await rpc.waitForDialog(from);
		expect(dialog.method).toBe("select");
		expect(dialog.title).toContain("Permission request: bash command");
		expect(dialog.title).toMatch(/tool\s*: bash/);
		expect(dialog.title).toMatch(/rule\s*: \*/);
		expect(dialog.title).toMatch(/command\s*: rm victim\.txt/);
		expect(dialog.options).toEqual([
			"Yes",
			"Yes, for this session (`rm *`; not calls your policy denies)",
			'Always, in this project ("rm *" → .pi/extensions/pi-permissions/config.json)',
			`Always, everywhere ("rm *" → ${sandbox.configFile})`,
			"No",
			"No, provide reason",
		]);
		rpc.cancel(dialog);
		await rpc.waitForSettled(from);
	});

	it("runs the command when the dialog is answered yes, and logs the user's approval", async () => {
		const sandbox = sandboxFor(cleanup, ASK_BASH);
		const victim = sandbox.writeFile("victim.txt");
		const rpc = startRpc(cleanup, { sandbox, script: [bashTurn("rm victim.txt"), { kind: "report" }] });
		const from = await rpc.prompt("clean up");
		rpc.answer(await rpc.waitForDialog(from), "Yes");
		await rpc.waitForSettled(from);
		const [end] = rpc.toolEnds(from);
		expect(end?.isError).toBe(false);
		expect(existsSync(victim)).toBe(false);
		expect(sandbox.decisions()).toMatchObject([
			{ toolName: "bash", value: "rm victim.txt", result: "allow", resolution: "user_approved", decidedBy: "user" },
		]);
	});

	it("leaves the file in place when the dialog is answered no, and the model is told the call was denied", async () => {
		const sandbox = sandboxFor(cleanup, ASK_BASH);
		const victim = sandbox.writeFile("victim.txt");
		const rpc = startRpc(cleanup, { sandbox, script: [bashTurn("rm victim.txt"), { kind: "report" }] });
		const from = await rpc.prompt("clean up");
		rpc.answer(await rpc.waitForDialog(from), "No");
		await rpc.waitForSettled(from);
		const [end] = rpc.toolEnds(from);
		expect(end?.isError).toBe(true);
		expect(existsSync(victim)).toBe(true);
		const [log] = sandbox.decisions();
		expect(log).toMatchObject({
			toolName: "bash",
			value: "rm victim.txt",
			result: "deny",
			resolution: "user_denied",
			decidedBy: "user",
		});
		const report = parseReport(lastAssistantText(rpc.records));
		expect(report).toEqual([{ toolName: "bash", isError: true, text: end === undefined ? "" : resultText(end) }]);
	});

	it("sends the typed reason of a denial to the model and keeps the file", async () => {
		const sandbox = sandboxFor(cleanup, ASK_BASH);
		const victim = sandbox.writeFile("victim.txt");
		const rpc = startRpc(cleanup, { sandbox, script: [bashTurn("rm victim.txt"), { kind: "report" }] });
		const from = await rpc.prompt("clean up");
		rpc.answer(await rpc.waitForDialog(from), "No, provide reason");
		const reasonDialog = await rpc.waitForDialog(rpc.records.length);
		expect(reasonDialog.method).toBe("input");
		rpc.answer(reasonDialog, "the victim file is evidence");
		await rpc.waitForSettled(from);
		expect(existsSync(victim)).toBe(true);
		const report = parseReport(lastAssistantText(rpc.records));
		expect(report).toHaveLength(1);
		expect(report?.[0]?.isError).toBe(true);
		expect(report?.[0]?.text).toContain("the victim file is evidence");
		expect(sandbox.decisions()).toMatchObject([
			{ result: "deny", resolution: "user_denied", decidedBy: "user", reason: "the victim file is evidence" },
		]);
	});

	it("denies when the dialog is dismissed", async () => {
		const sandbox = sandboxFor(cleanup, ASK_BASH);
		const victim = sandbox.writeFile("victim.txt");
		const rpc = startRpc(cleanup, { sandbox, script: [bashTurn("rm victim.txt"), { kind: "report" }] });
		const from = await rpc.prompt("clean up");
		rpc.cancel(await rpc.waitForDialog(from));
		await rpc.waitForSettled(from);
		expect(rpc.toolEnds(from)[0]?.isError).toBe(true);
		expect(existsSync(victim)).toBe(true);
		expect(sandbox.decisions()).toMatchObject([{ result: "deny", resolution: "user_denied" }]);
	});

	it("does not ask again for a command the user allowed for the session", async () => {
		const sandbox = sandboxFor(cleanup, ASK_BASH);
		const first = sandbox.writeFile("first.txt");
		const second = sandbox.writeFile("second.txt");
		const rpc = startRpc(cleanup, {
			sandbox,
			script: [bashTurn("rm first.txt"), bashTurn("rm second.txt"), { kind: "report" }],
		});
		const from = await rpc.prompt("clean up");
		rpc.answer(await rpc.waitForDialog(from), "Yes, for this session (`rm *`; not calls your policy denies)");
		await rpc.waitForSettled(from);
		expect(rpc.dialogs(from)).toHaveLength(1);
		expect(rpc.toolEnds(from).map((end) => end.isError)).toEqual([false, false]);
		expect(existsSync(first)).toBe(false);
		expect(existsSync(second)).toBe(false);
		const log = sandbox.decisions();
		expect(log).toHaveLength(2);
		expect(log[0]).toMatchObject({
			value: "rm first.txt",
			result: "allow",
			resolution: "user_approved_for_session",
			decidedBy: "user",
			sessionPatterns: ["rm *"],
		});
		expect(log[1]).toMatchObject({ value: "rm second.txt", result: "allow", resolution: "session_approved" });
	});

	it("asks again in a new prompt for a command allowed once", async () => {
		const sandbox = sandboxFor(cleanup, ASK_BASH);
		sandbox.writeFile("first.txt");
		sandbox.writeFile("second.txt");
		const rpc = startRpc(cleanup, {
			sandbox,
			script: [
				bashTurn("rm first.txt"),
				{ kind: "text", text: "done" },
				bashTurn("rm second.txt"),
				{ kind: "text", text: "done" },
			],
		});
		const first = await rpc.prompt("remove the first");
		rpc.answer(await rpc.waitForDialog(first), "Yes");
		await rpc.waitForSettled(first);
		const second = await rpc.prompt("remove the second");
		const dialog = await rpc.waitForDialog(second);
		expect(dialog.title).toContain("rm second.txt");
		rpc.answer(dialog, "No");
		await rpc.waitForSettled(second);
		expect(existsSync(sandbox.file("first.txt"))).toBe(false);
		expect(existsSync(sandbox.file("second.txt"))).toBe(true);
	});
});
