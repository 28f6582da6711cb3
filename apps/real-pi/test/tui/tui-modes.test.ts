/**
 * Issue 35 acceptance, in Pi's interactive TUI (tmux): the mode key (alt+m) cycles the allowed modes, the status line
 * follows, `/permissions mode` lists the allowed modes, and a bash write asked in `default` is allowed in
 * `accept-edits` and denied in `plan` (ADR 0054). The review log records the mode of each decision and each change.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pollUntil } from "../support/bounded-wait";
import { CleanupStack } from "../support/cleanup-stack";
import { pressDeliberately } from "../support/deliberate-keys";
import { piCommand } from "../support/pi-command";
import { piPermissionsExtension, sandboxFor } from "../support/pi-harness";
import type { PiSandbox, ReviewLogLine } from "../support/pi-sandbox";
import { bashTurn } from "../support/scripted-turns";
import { type TerminalSize, TmuxTerminal } from "../support/tmux-terminal";
import { findDialog } from "../support/tui-dialog-screen";

const SIZE: TerminalSize = { columns: 140, rows: 45 };

const POLICY = {
	permission: {
		"*": "ask",
		read: "allow",
		write: "ask",
		bash: { "*": "ask", "echo *": "allow" },
	},
	allowedModes: ["default", "accept-edits", "plan"],
};

const cleanup = new CleanupStack();
afterEach(() => cleanup.run());

function squeezed(text: string): string {
	return text.replace(/\s+/gu, "");
}

function waitForDecisions(sandbox: PiSandbox, callId: string): Promise<ReviewLogLine[]> {
	return pollUntil(
		() => {
			const decisions = sandbox.decisions().filter((line) => line.toolCallId === callId);
			return decisions.length > 0 ? decisions : undefined;
		},
		{ what: `the decision of ${callId}`, timeoutMs: 30_000, detail: () => JSON.stringify(sandbox.reviewLog()) },
	);
}

async function submit(terminal: TmuxTerminal, text: string): Promise<void> {
	await terminal.type(text);
	await terminal.press("Enter");
}

describe("permission modes in Pi's TUI", () => {
	it("cycles the modes with alt+m, the status line follows, and one write is asked, allowed, then denied", async () => {
		const sandbox = sandboxFor(cleanup, POLICY);
		const command = piCommand({
			sandbox,
			mode: { kind: "tui" },
			script: [
				bashTurn("echo one > one.txt"),
				{ kind: "text", text: "first done" },
				bashTurn("echo two > two.txt"),
				{ kind: "text", text: "second done" },
				bashTurn("echo three > three.txt"),
				{ kind: "text", text: "third done" },
			],
			extensions: [piPermissionsExtension()],
		});
		const terminal = await TmuxTerminal.start(command, SIZE);
		cleanup.defer(() => terminal.kill());

		// Pi's first frame can take long on a loaded machine; everything after it is bounded as usual.
		await terminal.waitForText("permissions: default", 90_000);
		await submit(terminal, "/permissions mode");
		const listed = squeezed((await terminal.waitForText("allowed modes:")).join("\n"));
		for (const mode of ["default:", "accept-edits:", "plan:"]) expect(listed).toContain(squeezed(mode));
		expect(listed).toContain(squeezed("not allowed here: auto, dont-ask, yolo"));

		// default: the write is asked; the person says no.
		await submit(terminal, "one");
		await terminal.waitForScreen("the permission dialog", findDialog);
		await pressDeliberately(terminal, "n", "Enter");
		await terminal.waitForText("first done");
		expect(existsSync(join(sandbox.cwd, "one.txt"))).toBe(false);

		// alt+m: accept-edits; the same write runs unasked.
		await terminal.press("M-m");
		await terminal.waitForText("permissions: accept edits");
		await submit(terminal, "two");
		await terminal.waitForText("second done");
		expect(existsSync(join(sandbox.cwd, "two.txt"))).toBe(true);

		// alt+m: plan; the write is denied with no dialog.
		await terminal.press("M-m");
		await terminal.waitForText("permissions: plan (read-only)");
		await submit(terminal, "three");
		await terminal.waitForText("third done");
		expect(existsSync(join(sandbox.cwd, "three.txt"))).toBe(false);
		expect(findDialog(await terminal.screen())).toBeUndefined();

		// alt+m wraps around to default.
		await terminal.press("M-m");
		await terminal.waitForText("permissions: default");

		const modes = async (callId: string) => new Set((await waitForDecisions(sandbox, callId)).map((line) => line.mode));
		expect(await modes("call_1")).toEqual(new Set(["default"]));
		expect(await modes("call_3")).toEqual(new Set(["accept-edits"]));
		expect(await modes("call_5")).toEqual(new Set(["plan"]));
		const denied = await waitForDecisions(sandbox, "call_5");
		expect(denied.some((line) => line.result === "deny" && line.origin === "mode:plan")).toBe(true);
		const changes = sandbox.reviewLog().filter((line) => line.event === "permission_mode_changed");
		expect(changes.map((line) => [line.previous, line.mode, line.by])).toEqual([
			["default", "accept-edits", "key"],
			["accept-edits", "plan", "key"],
			["plan", "default", "key"],
		]);
	});
});
