import { existsSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { pollUntil } from "../support/bounded-wait";
import { CleanupStack } from "../support/cleanup-stack";
import { pressDeliberately } from "../support/deliberate-keys";
import { piCommand } from "../support/pi-command";
import { piPermissionsExtension, sandboxFor } from "../support/pi-harness";
import type { PiSandbox, ReviewLogLine } from "../support/pi-sandbox";
import { bashTurn, REPORT_PREFIX, type ScriptedTurn } from "../support/scripted-turns";
import { type TerminalSize, TmuxTerminal } from "../support/tmux-terminal";
import { type DialogOnScreen, findDialog } from "../support/tui-dialog-screen";

/** The most rows the dialog adds below its body (choices, the ignored-keys notice and the hint). */
const FOOTER_MAX_ROWS = 8;
const NARROW: TerminalSize = { columns: 80, rows: 40 };
const WIDE: TerminalSize = { columns: 160, rows: 40 };

const ASK_BASH = { permission: { "*": "allow", bash: { "*": "ask" } } };
const ASK_EXTERNAL = { permission: { "*": "allow", bash: { "*": "allow" }, external_directory: "ask" } };
const EXTERNAL_COMMAND = "cat /etc/hostname /etc/passwd > copy.txt";

const cleanup = new CleanupStack();
afterEach(() => cleanup.run());

async function startTui(sandbox: PiSandbox, script: readonly ScriptedTurn[], size = NARROW): Promise<TmuxTerminal> {
	const command = piCommand({
		sandbox,
		mode: { kind: "tui", prompt: "go" },
		script,
		extensions: [piPermissionsExtension()],
	});
	const terminal = await TmuxTerminal.start(command, size);
	cleanup.defer(() => terminal.kill());
	return terminal;
}

function waitForDialog(terminal: TmuxTerminal): Promise<DialogOnScreen> {
	return terminal.waitForScreen("the permission dialog", findDialog);
}

/**
 * Waits until the scripted model's report of its tool results is on the screen in full (the run is over), and returns
 * the report as one text with the whitespace squeezed out (the TUI wraps it).
 */
function waitForReport(terminal: TmuxTerminal): Promise<string> {
	const report = new RegExp(`${squeezed(REPORT_PREFIX)}\\[.*\\]`, "u");
	return terminal.waitForScreen(
		"the model's report of its tool results",
		(rows) => report.exec(squeezed(rows.join("")))?.[0],
	);
}

function waitForDecisions(sandbox: PiSandbox, count: number): Promise<ReviewLogLine[]> {
	return pollUntil(
		() => {
			const decisions = sandbox.decisions();
			return decisions.length >= count ? decisions : undefined;
		},
		{
			what: `${count} decision(s) in the review log`,
			timeoutMs: 90_000,
			detail: () => JSON.stringify(sandbox.reviewLog()),
		},
	);
}

function squeezed(text: string): string {
	return text.replace(/\s+/gu, "");
}

describe("the pi-permissions dialog in Pi's interactive TUI", () => {
	it.each([
		{ size: NARROW, maxRows: 12 },
		{ size: WIDE, maxRows: 12 },
	])("shows every request fact within $maxRows rows at $size.columns columns", async ({ size, maxRows }) => {
		const sandbox = sandboxFor(cleanup, { ...ASK_EXTERNAL, promptMaxRows: maxRows });
		const terminal = await startTui(sandbox, [bashTurn(EXTERNAL_COMMAND), { kind: "report" }], size);
		const dialog = await waitForDialog(terminal);
		expect(dialog.body.length).toBeLessThanOrEqual(maxRows);
		expect(dialog.footer.length).toBeLessThanOrEqual(FOOTER_MAX_ROWS);
		for (const row of [...dialog.body, ...dialog.footer]) expect(row.length).toBeLessThanOrEqual(size.columns);
		expect(dialog.body[0]).toContain("Permission request: external directory (bash)");
		expect(dialog.text).toMatch(/tool\s*: bash/u);
		expect(dialog.text).toMatch(/surface\s*: external_directory/u);
		expect(dialog.text).toMatch(/rule\s*: \* \(global\)/u);
		expect(dialog.text).toMatch(/path\s*: \/etc\/hostname/u);
		expect(dialog.text).toContain(`command: ${EXTERNAL_COMMAND}`);
		expect(dialog.text).toContain(`working directory: ${sandbox.cwd}`);
		expect(dialog.text).toContain("external path: /etc/hostname");
		expect(dialog.text).toContain("external path: /etc/passwd");
		expect(dialog.text).toContain("[s] Yes, for this session (`/etc/*`; not calls your policy denies)");
		await pressDeliberately(terminal, "n", "Enter");
		const [decision] = await waitForDecisions(sandbox, 1);
		// The facts the review log records for the request are the ones the dialog showed.
		const request = decision?.request;
		expect(request).toBeDefined();
		expect(dialog.text).toContain(`session ${request?.sessionId}`);
		expect(dialog.text).toContain(`${request?.value}`);
		expect(dialog.text).toContain(`${request?.matchedPattern} (${request?.ruleOrigin})`);
	});

	it("keeps the body within a tight promptMaxRows, keeps every fact, and marks the elided evidence", async () => {
		const maxRows = 7;
		const sandbox = sandboxFor(cleanup, { ...ASK_EXTERNAL, promptMaxRows: maxRows });
		const terminal = await startTui(sandbox, [bashTurn(EXTERNAL_COMMAND), { kind: "report" }]);
		const dialog = await waitForDialog(terminal);
		expect(dialog.body.length).toBeLessThanOrEqual(maxRows);
		for (const fact of [
			/agent\s*: main agent/u,
			/tool\s*: bash/u,
			/surface\s*: external_directory/u,
			/rule\s*: \*/u,
			/path\s*: \/etc\/hostname/u,
		])
			expect(dialog.text).toMatch(fact);
		expect(dialog.text).toMatch(/\+\d+ more evidence items? — press ctrl\+o/u);
		expect(dialog.text).not.toContain("external path: /etc/passwd");
		// The complete view is a window of promptMaxRows rows: its start, then its end after the End key.
		await terminal.press("C-o");
		await terminal.waitForText("complete view");
		await terminal.press("End");
		await terminal.waitForText("external path: /etc/passwd");
	});

	it("shows a long command shortened in the compact view and complete after the expand key", async () => {
		const words = Array.from({ length: 30 }, (_, index) => `word-${String(index + 1).padStart(2, "0")}`);
		const command = `echo ${words.join(" ")}`;
		const sandbox = sandboxFor(cleanup, { ...ASK_BASH, promptFieldMaxWidth: 60 });
		const terminal = await startTui(sandbox, [bashTurn(command), { kind: "report" }]);
		const compact = await waitForDialog(terminal);
		expect(compact.text).toMatch(/command\s*: echo word-01/u);
		expect(compact.text).toMatch(/…\(\+\d+\)/u);
		expect(squeezed(compact.text)).not.toContain(squeezed(command));
		expect(compact.text).not.toContain("word-30");
		await terminal.press("C-o");
		// The complete view is a viewer (no choices): its rows from the title to its status row.
		const expanded = await terminal.waitForScreen("the complete command in the complete view", (rows) => {
			const start = rows.findIndex((row) => row.trimStart().startsWith("Permission request:"));
			const end = rows.findIndex((row) => row.includes("esc back to the choices"));
			const text = start >= 0 && end > start ? rows.slice(start, end + 1).join("\n") : "";
			return squeezed(text).includes(squeezed(command)) ? text : undefined;
		});
		expect(expanded).not.toMatch(/…\(\+\d+\)/u);
		await terminal.press("C-o");
		await terminal.waitForScreen("the compact view again", (rows) =>
			findDialog(rows)?.text.includes("word-30") === false ? true : undefined,
		);
	});

	it("chooses on y and runs the command on enter", async () => {
		const sandbox = sandboxFor(cleanup, ASK_BASH);
		const victim = sandbox.writeFile("victim.txt");
		const terminal = await startTui(sandbox, [bashTurn("rm victim.txt"), { kind: "report" }]);
		await waitForDialog(terminal);
		await pressDeliberately(terminal, "y");
		await terminal.waitForText("enter to confirm: Yes, once");
		expect(existsSync(victim)).toBe(true);
		expect(sandbox.decisions()).toEqual([]);
		await pressDeliberately(terminal, "Enter");
		await waitForReport(terminal);
		expect(existsSync(victim)).toBe(false);
		expect(sandbox.decisions()).toMatchObject([
			{ value: "rm victim.txt", result: "allow", resolution: "user_approved", decidedBy: "user" },
		]);
	});

	it("keeps the file on n and enter and tells the model", async () => {
		const sandbox = sandboxFor(cleanup, ASK_BASH);
		const victim = sandbox.writeFile("victim.txt");
		const terminal = await startTui(sandbox, [bashTurn("rm victim.txt"), { kind: "report" }]);
		await waitForDialog(terminal);
		await pressDeliberately(terminal, "n", "Enter");
		const report = await waitForReport(terminal);
		expect(existsSync(victim)).toBe(true);
		expect(report).toContain(squeezed(`[{"toolName":"bash","isError":true`));
		expect(sandbox.decisions()).toMatchObject([
			{ result: "deny", resolution: "user_denied", decidedBy: "user", reason: null },
		]);
	});

	it("denies with the reason typed after r", async () => {
		const sandbox = sandboxFor(cleanup, ASK_BASH);
		const victim = sandbox.writeFile("victim.txt");
		const terminal = await startTui(sandbox, [bashTurn("rm victim.txt"), { kind: "report" }]);
		await waitForDialog(terminal);
		await pressDeliberately(terminal, "r", "Enter");
		await terminal.waitForText("Reason for denying (sent to the agent):");
		await terminal.type("keep the victim");
		await terminal.waitForText("> keep the victim");
		await terminal.press("Enter");
		const report = await waitForReport(terminal);
		expect(existsSync(victim)).toBe(true);
		expect(report).toContain("keepthevictim");
		expect(sandbox.decisions()).toMatchObject([
			{ result: "deny", resolution: "user_denied", reason: "keep the victim" },
		]);
	});

	it("approves for the session on s and enter, so the next command of the family is not asked about", async () => {
		const sandbox = sandboxFor(cleanup, ASK_BASH);
		const first = sandbox.writeFile("first.txt");
		const second = sandbox.writeFile("second.txt");
		const terminal = await startTui(sandbox, [bashTurn("rm first.txt"), bashTurn("rm second.txt"), { kind: "report" }]);
		await waitForDialog(terminal);
		await pressDeliberately(terminal, "s", "Enter");
		await waitForReport(terminal);
		expect(findDialog(await terminal.screen())).toBeUndefined();
		expect(existsSync(first)).toBe(false);
		expect(existsSync(second)).toBe(false);
		expect(sandbox.decisions()).toMatchObject([
			{ value: "rm first.txt", resolution: "user_approved_for_session", decidedBy: "user", sessionPatterns: ["rm *"] },
			{ value: "rm second.txt", result: "allow", resolution: "session_approved" },
		]);
	});

	it("denies on escape", async () => {
		const sandbox = sandboxFor(cleanup, ASK_BASH);
		const victim = sandbox.writeFile("victim.txt");
		const terminal = await startTui(sandbox, [bashTurn("rm victim.txt"), { kind: "report" }]);
		await waitForDialog(terminal);
		await pressDeliberately(terminal, "Escape");
		await waitForReport(terminal);
		expect(existsSync(victim)).toBe(true);
		expect(sandbox.decisions()).toMatchObject([{ result: "deny", resolution: "user_denied" }]);
	});

	it("ignores the deprecated doublePressToConfirm: a single y still only chooses", async () => {
		const sandbox = sandboxFor(cleanup, { ...ASK_BASH, doublePressToConfirm: false });
		const victim = sandbox.writeFile("victim.txt");
		const terminal = await startTui(sandbox, [bashTurn("rm victim.txt"), { kind: "report" }]);
		await waitForDialog(terminal);
		await pressDeliberately(terminal, "y");
		await terminal.waitForText("enter to confirm: Yes, once");
		expect(existsSync(victim)).toBe(true);
		expect(sandbox.decisions()).toEqual([]);
		await pressDeliberately(terminal, "Enter");
		await waitForReport(terminal);
		expect(existsSync(victim)).toBe(false);
		expect(sandbox.decisions()).toMatchObject([{ resolution: "user_approved" }]);
	});
});
