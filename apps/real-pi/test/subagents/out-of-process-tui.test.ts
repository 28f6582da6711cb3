import { existsSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { CleanupStack } from "../support/cleanup-stack";
import { pressDeliberately } from "../support/deliberate-keys";
import { tuiParentKey } from "../support/parent-key";
import { piCommand } from "../support/pi-command";
import { piPermissionsExtension, sandboxFor, startPi } from "../support/pi-harness";
import { bashTurn, parseReport } from "../support/scripted-turns";
import { waitForServing } from "../support/serving-heartbeats";
import { TmuxTerminal } from "../support/tmux-terminal";
import { findDialog } from "../support/tui-dialog-screen";

const ASK_BASH = { permission: { "*": "allow", bash: { "*": "ask" } } };

const cleanup = new CleanupStack();
afterEach(() => cleanup.run());

describe("an out-of-process subagent (pi -p) under a parent in Pi's interactive TUI", () => {
	it("shows the child's ask in the parent's dialog, with the scope step of a session approval", async () => {
		const sandbox = sandboxFor(cleanup, ASK_BASH);
		const first = sandbox.writeFile("first.txt");
		const second = sandbox.writeFile("second.txt");
		const parentCommand = piCommand({
			sandbox,
			mode: { kind: "tui" },
			script: [],
			scriptName: "parent-script.json",
			extensions: [piPermissionsExtension()],
		});
		const parent = await TmuxTerminal.start(parentCommand, { columns: 100, rows: 40 });
		cleanup.defer(() => parent.kill());
		const parentSessionId = await waitForServing(sandbox.agentDir);
		// What a spawner the parent runs would pass on with its environment (ADR 0046).
		const parentKey = await tuiParentKey(parent, sandbox);
		const child = startPi(cleanup, {
			sandbox,
			mode: { kind: "print", prompt: "clean up" },
			script: [bashTurn("rm first.txt"), bashTurn("rm second.txt"), { kind: "report" }],
			scriptName: "child-script.json",
			env: {
				PI_SUBAGENT_CHILD: "1",
				PI_SUBAGENT_PARENT_SESSION: parentSessionId,
				PI_PERMISSIONS_PARENT_KEY: parentKey,
			},
		});
		const dialog = await parent.waitForScreen("the forwarded ask in the parent's dialog", findDialog);
		expect(dialog.body[0]).toContain("Permission request: bash command (forwarded from a subagent)");
		expect(dialog.text).toMatch(/agent\s*: main agent · subagent · session /u);
		expect(dialog.text).toMatch(/command\s*: rm first\.txt/u);
		expect(dialog.text).toContain("[s] Yes, for this session (`rm *`; not calls your policy denies)");
		await pressDeliberately(parent, "s", "Enter");
		await parent.waitForText("Apply the session approval to:");
		const scope = findDialog(await parent.screen());
		expect(scope?.text).toContain("This subagent only");
		expect(scope?.text).toContain("The whole serving session");
		await pressDeliberately(parent, "Enter");
		expect(await child.waitForExit(120_000), child.describe()).toEqual({ code: 0, signal: null });
		expect(existsSync(first)).toBe(false);
		expect(existsSync(second)).toBe(false);
		expect(parseReport(child.stdout)).toMatchObject([{ isError: false }]);
		expect(sandbox.decisions()).toMatchObject([
			{ value: "rm first.txt", resolution: "user_approved_for_session", decidedBy: "parent" },
			{ value: "rm second.txt", resolution: "session_approved", decidedBy: "session" },
		]);
		expect(findDialog(await parent.screen())).toBeUndefined();
	});
});
