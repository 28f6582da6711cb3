/**
 * ADR 0032 acceptance, in Pi's interactive TUI (tmux): "Always, in this project" (and "Always, everywhere") answered
 * to `npm test` writes one line into the config file, comments intact; after quitting and starting Pi again the same
 * call runs with no dialog and the review log names the persisted grant and its file; `/permissions forget <id>`
 * removes the line again and the next call asks.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pollUntil } from "../support/bounded-wait";
import { CleanupStack } from "../support/cleanup-stack";
import { pressDeliberately } from "../support/deliberate-keys";
import { piCommand } from "../support/pi-command";
import { piPermissionsExtension, sandboxFor } from "../support/pi-harness";
import type { PiSandbox, ReviewLogLine } from "../support/pi-sandbox";
import { bashTurn, type ScriptedTurn } from "../support/scripted-turns";
import { type TerminalSize, TmuxTerminal } from "../support/tmux-terminal";
import { findDialog } from "../support/tui-dialog-screen";

const SIZE: TerminalSize = { columns: 160, rows: 45 };

/** A hand-written config with comments; the grant must add exactly one line to it. */
const CONFIG_TEXT = `{
	// the team's policy: ask for shell commands, never recursive deletes
	"permission": {
		"*": "allow",
		"bash": {
			"*": "ask", // ask by default
			"rm -rf *": "deny"
		}
	}
}
`;

const cleanup = new CleanupStack();
afterEach(() => cleanup.run());

type Scope = "project" | "global";

interface Scenario {
	readonly scope: Scope;
	readonly key: "a" | "g";
	readonly label: string;
	readonly file: (sandbox: PiSandbox) => string;
	/** The file as the confirmation step names it. */
	readonly shownFile: (sandbox: PiSandbox) => string;
}

const SCENARIOS: readonly Scenario[] = [
	{
		scope: "project",
		key: "a",
		label: 'Always, in this project ("npm test *" → .pi/extensions/pi-permissions/config.json)',
		file: (sandbox) => join(sandbox.cwd, ".pi", "extensions", "pi-permissions", "config.json"),
		shownFile: () => ".pi/extensions/pi-permissions/config.json (this project)",
	},
	{
		scope: "global",
		key: "g",
		label: 'Always, everywhere ("npm test *" → ',
		file: (sandbox) => sandbox.configFile,
		shownFile: (sandbox) => `${sandbox.configFile} (every project)`,
	},
];

async function startTui(
	sandbox: PiSandbox,
	script: readonly ScriptedTurn[],
	scriptName: string,
): Promise<TmuxTerminal> {
	const command = piCommand({
		sandbox,
		mode: { kind: "tui", prompt: "go" },
		script,
		scriptName,
		extensions: [piPermissionsExtension()],
	});
	const terminal = await TmuxTerminal.start(command, SIZE);
	cleanup.defer(() => terminal.kill());
	return terminal;
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

/** The one line the grant added, or a failure naming the difference. */
function addedLine(before: string, after: string): string {
	const old = before.split("\n");
	const next = after.split("\n");
	expect(next).toHaveLength(old.length + 1);
	const at = next.findIndex((line, index) => line !== old[index]);
	expect([...next.slice(0, at), ...next.slice(at + 1)]).toEqual(old);
	return next[at] as string;
}

describe('an "always" grant in Pi\'s TUI outlives the session and is forgotten again (ADR 0032)', () => {
	it.each(SCENARIOS.map((s) => [s.scope, s] as const))("%s", async (_scope, scenario) => {
		const sandbox = sandboxFor(cleanup);
		// The project is trusted (so its config loads and "in this project" is offered); the global file is the test's.
		writeFileSync(join(sandbox.agentDir, "settings.json"), JSON.stringify({ defaultProjectTrust: "always" }));
		const file = scenario.file(sandbox);
		mkdirSync(dirname(file), { recursive: true });
		writeFileSync(file, CONFIG_TEXT);

		// First run: the dialog offers both "always" choices; the chosen one writes the file.
		const first = await startTui(
			sandbox,
			[bashTurn("npm test"), { kind: "text", text: "FIRST-RUN-DONE" }],
			"run-1.json",
		);
		const dialog = await first.waitForScreen("the permission dialog", findDialog);
		expect(dialog.text).toContain(`[${scenario.key}] ${scenario.label}`);
		// ADR 0049: the letter chooses, enter opens the confirmation that shows the rule and the file, enter writes.
		await pressDeliberately(first, scenario.key, "Enter");
		const step = await first.waitForScreen("the confirmation of the write", (rows) => {
			const shown = findDialog(rows);
			return shown?.text.includes("enter to confirm the write") === true ? shown : undefined;
		});
		expect(step.text).toContain('rule: "npm test *": "allow" in permission.bash');
		expect(step.text).toContain(`file: ${scenario.shownFile(sandbox)}`);
		expect(readFileSync(file, "utf8")).toBe(CONFIG_TEXT);
		await pressDeliberately(first, "Enter");
		await first.waitForText("FIRST-RUN-DONE");
		const written = readFileSync(file, "utf8");
		const line = addedLine(CONFIG_TEXT, written);
		expect(line).toMatch(
			/^\t\t\t"npm test \*": "allow", \/\/ pi-permissions grant, added \d{4}-\d{2}-\d{2} from the dialog$/u,
		);
		await first.kill();

		// Second run: the same call runs with no dialog, decided by the persisted grant.
		const second = await startTui(
			sandbox,
			[
				bashTurn("npm test"),
				{ kind: "text", text: "SECOND-RUN-NO-DIALOG" },
				bashTurn("npm test"),
				{ kind: "text", text: "ASKED-AGAIN" },
			],
			"run-2.json",
		);
		await second.waitForText("SECOND-RUN-NO-DIALOG");
		expect(findDialog(await second.screen())).toBeUndefined();
		const decisions = await waitForDecisions(sandbox, 2);
		const allowed = decisions.at(-1);
		expect(allowed).toMatchObject({
			value: "npm test",
			result: "allow",
			resolution: "policy_allow",
			origin: scenario.scope,
		});
		const decidedBy = String(allowed?.decidedBy);
		expect(decidedBy).toMatch(new RegExp(`^persisted-grant:${scenario.scope}-[0-9a-f]{8} ${file}:7$`, "u"));
		const id = decidedBy.split(" ")[0]?.slice("persisted-grant:".length) ?? "";

		// `/permissions forget` removes the line; the next call asks again.
		await second.type(`/permissions forget ${id}`);
		await second.press("Enter");
		await second.waitForText("matching calls ask again");
		expect(readFileSync(file, "utf8")).toBe(CONFIG_TEXT);
		await second.type("again");
		await second.press("Enter");
		const asked = await second.waitForScreen("the permission dialog again", findDialog);
		expect(asked.text).toContain("npm test");
		await pressDeliberately(second, "n", "Enter");
		await second.waitForText("ASKED-AGAIN");
		expect(readFileSync(file, "utf8")).toBe(CONFIG_TEXT);
	});
});
