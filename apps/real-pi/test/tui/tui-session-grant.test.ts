/**
 * ADR 0022 acceptance, in Pi's interactive TUI (tmux): a "Yes, for this session" grant never covers a call the policy
 * denies. After granting `git push *` for `git push origin main`, `git push --force origin main` is denied with the
 * policy's reason and no dialog (a stub `git` on PATH records what ran); after granting `rm *` for `rm x.txt` under
 * the recommended `rm -rf *` deny, `rm -rf somedir` is denied and the directory survives.
 * Depends on the grant law in the policy package (session grants answer only asks).
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
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

const SIZE: TerminalSize = { columns: 120, rows: 40 };
const FORCE_REASON = "force pushes rewrite shared history";
const RM_REASON = "recursive forced deletion; run it yourself if you mean it";
const GRANT_LIMIT = "not calls your policy denies";

const PUSH_POLICY = {
	permission: {
		"*": "allow",
		bash: {
			"*": "allow",
			"git push *": "ask",
			"git push --force *": { action: "deny", reason: FORCE_REASON },
		},
	},
};

/**
 * The bash part of the recommended policy (`pi-permissions init`) that this scenario meets, with the `write` tool
 * allowed so the bash grant is the one offered (a bash delete also meets the `write` rule, ADR 0027).
 */
const RECOMMENDED_RM = {
	permission: {
		"*": "ask",
		write: "allow",
		bash: {
			"*": "ask",
			"rm -rf *": { action: "deny", reason: RM_REASON },
			"rm -fr *": { action: "deny", reason: RM_REASON },
		},
	},
};

const cleanup = new CleanupStack();
afterEach(() => cleanup.run());

/** A harmless `git` first on PATH: it only appends its arguments to `git.log` in the sandbox. */
function stubGit(sandbox: PiSandbox): { readonly path: string; readonly log: string } {
	const bin = join(sandbox.root, "stub-bin");
	const log = join(sandbox.root, "git.log");
	mkdirSync(bin, { recursive: true });
	const git = join(bin, "git");
	writeFileSync(git, `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\n`);
	chmodSync(git, 0o755);
	return { path: [bin, `${join(process.execPath, "..")}`, "/usr/local/bin", "/usr/bin", "/bin"].join(":"), log };
}

async function startTui(
	sandbox: PiSandbox,
	script: readonly ScriptedTurn[],
	env: Readonly<Record<string, string>> = {},
): Promise<TmuxTerminal> {
	const command = piCommand({
		sandbox,
		mode: { kind: "tui", prompt: "go" },
		script,
		extensions: [piPermissionsExtension()],
		env,
	});
	const terminal = await TmuxTerminal.start(command, SIZE);
	cleanup.defer(() => terminal.kill());
	return terminal;
}

function squeezed(text: string): string {
	return text.replace(/\s+/gu, "");
}

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

/** Answers the one dialog with "Yes, for this session" and returns what it showed. */
async function grantForSession(terminal: TmuxTerminal, pattern: string): Promise<DialogOnScreen> {
	const dialog = await terminal.waitForScreen("the permission dialog", findDialog);
	expect(dialog.text).toContain(`[s] Yes, for this session (\`${pattern}\`; ${GRANT_LIMIT})`);
	await pressDeliberately(terminal, "s", "Enter");
	return dialog;
}

describe("a session grant in Pi's TUI never covers a call the policy denies", () => {
	it("grants `git push *` for `git push origin main`, then denies `git push --force origin main` with no dialog", async () => {
		const sandbox = sandboxFor(cleanup, PUSH_POLICY);
		const git = stubGit(sandbox);
		const terminal = await startTui(
			sandbox,
			[bashTurn("git push origin main"), bashTurn("git push --force origin main"), { kind: "report" }],
			{ PATH: git.path },
		);
		await grantForSession(terminal, "git push *");
		const report = await waitForReport(terminal);
		// The second call was refused with the operator's reason, and no second dialog was shown.
		expect(report).toContain(squeezed(`"isError":true`));
		expect(report).toContain(squeezed(FORCE_REASON));
		expect(findDialog(await terminal.screen())).toBeUndefined();
		const decisions = await waitForDecisions(sandbox, 2);
		expect(decisions).toMatchObject([
			{ value: "git push origin main", resolution: "user_approved_for_session", sessionPatterns: ["git push *"] },
			{
				value: "git push --force origin main",
				result: "deny",
				resolution: "policy_deny",
				decidedBy: "policy",
				matchedPattern: "git push --force *",
				reason: FORCE_REASON,
			},
		]);
		expect(readFileSync(git.log, "utf8").split("\n").filter(Boolean)).toEqual(["push origin main"]);
	});

	it("grants `rm *` for `rm x.txt` under the recommended policy, then denies `rm -rf somedir`; the directory survives", async () => {
		const sandbox = sandboxFor(cleanup, RECOMMENDED_RM);
		const file = sandbox.writeFile("x.txt");
		const kept = sandbox.writeFile("somedir/keep.txt");
		const terminal = await startTui(sandbox, [bashTurn("rm x.txt"), bashTurn("rm -rf somedir"), { kind: "report" }]);
		await grantForSession(terminal, "rm *");
		const report = await waitForReport(terminal);
		expect(existsSync(file)).toBe(false);
		expect(existsSync(kept)).toBe(true);
		expect(report).toContain(squeezed(RM_REASON));
		expect(findDialog(await terminal.screen())).toBeUndefined();
		expect(await waitForDecisions(sandbox, 2)).toMatchObject([
			{ value: "rm x.txt", resolution: "user_approved_for_session", sessionPatterns: ["rm *"] },
			{ value: "rm -rf somedir", result: "deny", resolution: "policy_deny", matchedPattern: "rm -rf *" },
		]);
	});
});
