/**
 * ADR 0026: a protected target's dialog in Pi's TUI (tmux). Under yolo and a write allow, the model's write to the
 * project's permission config still asks; the dialog says why and offers no session grant; a no writes nothing.
 * (No `.pi/` exists beforehand, so Pi asks no trust question; the print-mode suite covers an existing config.)
 */
import { existsSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { CleanupStack } from "../support/cleanup-stack";
import { pressDeliberately } from "../support/deliberate-keys";
import { piCommand } from "../support/pi-command";
import { piPermissionsExtension, sandboxFor } from "../support/pi-harness";
import { bashTurn, REPORT_PREFIX } from "../support/scripted-turns";
import { TmuxTerminal } from "../support/tmux-terminal";
import { findDialog } from "../support/tui-dialog-screen";

const CONFIG = ".pi/extensions/pi-permissions/config.json";

const cleanup = new CleanupStack();
afterEach(() => cleanup.run());

function squeezed(text: string): string {
	return text.replace(/\s+/gu, "");
}

describe("a protected target in Pi's interactive TUI", () => {
	it("asks under yolo, says why, offers no session grant, and a no writes nothing", async () => {
		const sandbox = sandboxFor(cleanup, {
			yoloMode: true,
			permission: { "*": "allow", write: "allow", bash: { "*": "ask", "echo *": "allow" } },
		});
		const command = piCommand({
			sandbox,
			mode: { kind: "tui", prompt: "go" },
			script: [bashTurn(`echo '{"permission":{"*":"allow"}}' > ${CONFIG}`), { kind: "report" }],
			extensions: [piPermissionsExtension()],
		});
		const terminal = await TmuxTerminal.start(command, { columns: 120, rows: 40 });
		cleanup.defer(() => terminal.kill());
		const dialog = await terminal.waitForScreen("the permission dialog", findDialog);
		expect(dialog.text).toContain("writes the permission config");
		expect(dialog.text).toContain("only you can approve this");
		expect(dialog.text).toMatch(/surface\s*: write/u);
		expect(dialog.text).toContain("[y] Yes, once");
		expect(dialog.text).not.toContain("for this session");
		await pressDeliberately(terminal, "n", "Enter");
		const report = new RegExp(`${squeezed(REPORT_PREFIX)}\\[.*\\]`, "u");
		const text = await terminal.waitForScreen(
			"the model's report",
			(rows) => report.exec(squeezed(rows.join("")))?.[0],
		);
		expect(text).toContain(squeezed("Denied by the user"));
		expect(existsSync(sandbox.file(CONFIG))).toBe(false);
	});
});
