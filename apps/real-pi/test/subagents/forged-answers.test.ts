import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CleanupStack } from "../support/cleanup-stack";
import { type AttackReport, ForgerProcess } from "../support/forger-process";
import { rpcParentKey } from "../support/parent-key";
import { sandboxFor, startPi, startRpc } from "../support/pi-harness";
import type { PiSandbox, ReviewLogLine } from "../support/pi-sandbox";
import { bashTurn, parseReport } from "../support/scripted-turns";
import { waitForServing } from "../support/serving-heartbeats";

/** How long a child run may take, Pi's start included, before it counts as hung. */
const CHILD_EXIT_BOUND_MS = 30_000;
/** The forger's pre-planted answers before each of the five asks: 5 × 200 = 1,000, plus its live attacks. */
const BURST = 200;

const cleanup = new CleanupStack();
afterEach(() => cleanup.run());

interface Parent {
	readonly sessionId: string;
	readonly key: string;
}

/** A child `pi -p` of `parent`, started as a spawner in the parent would start it, that runs one command. */
function startChild(sandbox: PiSandbox, parent: Parent, command: string, index: number) {
	return startPi(cleanup, {
		sandbox,
		mode: { kind: "print", prompt: "clean up" },
		script: [bashTurn(command), { kind: "report" }],
		scriptName: `child-${index}.json`,
		env: {
			PI_SUBAGENT_CHILD: "1",
			PI_SUBAGENT_PARENT_SESSION: parent.sessionId,
			PI_PERMISSIONS_PARENT_KEY: parent.key,
		},
	});
}

function reviewed(sandbox: PiSandbox, event: string): ReviewLogLine[] {
	return sandbox.reviewLog().filter((line) => line.event === event);
}

describe("a forger racing a real serving parent and its real subagent (issue 32)", () => {
	it("accepts none of over 1,000 forged and replayed answers, records each one the child read as a forgery, and the parent's answers still settle allow, deny, its rule's denial, a killed and a dead parent", async () => {
		const sandbox = sandboxFor(cleanup, {
			permission: { "*": "allow", bash: { "*": "ask" } },
			forwardingTimeoutMs: 30_000,
		});
		// The project's rule, which only the (trusted) parent holds: its denial is the parent's policy's.
		const projectConfig = join(sandbox.cwd, ".pi", "extensions", "pi-permissions", "config.json");
		mkdirSync(dirname(projectConfig), { recursive: true });
		writeFileSync(projectConfig, JSON.stringify({ permission: { bash: { "git push *": "deny" } } }));
		const allowed = sandbox.writeFile("allowed.txt");
		const denied = sandbox.writeFile("denied.txt");
		const killed = sandbox.writeFile("killed.txt");
		const dead = sandbox.writeFile("dead.txt");

		const rpc = startRpc(cleanup, { sandbox, script: [], scriptName: "parent.json", extraArgs: ["--approve"] });
		const state = await rpc.command("get_state");
		const sessionId = (state.data as { sessionId?: string } | undefined)?.sessionId ?? "";
		await waitForServing(sandbox.agentDir, { sessionId, detail: () => rpc.process.describe() });
		const parent: Parent = { sessionId, key: await rpcParentKey(rpc) };
		const forger = ForgerProcess.start(cleanup, sandbox.agentDir, sessionId);
		const attacks: AttackReport[] = [];
		let planted = 0;

		// 1. The parent's user allows: the forger attacks the live ask while the dialog is open.
		planted += await forger.burst(BURST);
		const first = startChild(sandbox, parent, "rm allowed.txt", 1);
		const allowDialog = await rpc.waitForDialog(0, CHILD_EXIT_BOUND_MS);
		attacks.push(await forger.attack());
		rpc.answer(allowDialog, "Yes");
		expect(await first.waitForExit(CHILD_EXIT_BOUND_MS), first.describe()).toEqual({ code: 0, signal: null });
		expect(existsSync(allowed)).toBe(false);

		// 2. The parent's user denies: the forger now also replays the genuine approval it saw.
		planted += await forger.burst(BURST);
		const second = startChild(sandbox, parent, "rm denied.txt", 2);
		const denyDialog = await rpc.waitForDialog(rpc.records.length, CHILD_EXIT_BOUND_MS);
		attacks.push(await forger.attack());
		rpc.answer(denyDialog, "No");
		expect(await second.waitForExit(CHILD_EXIT_BOUND_MS), second.describe()).toEqual({ code: 0, signal: null });
		expect(existsSync(denied)).toBe(true);

		// 3. The parent's rule denies at once (no dialog, nothing to race): only the pre-planted answers stand by.
		planted += await forger.burst(BURST);
		const third = startChild(sandbox, parent, "git push origin main", 3);
		expect(await third.waitForExit(CHILD_EXIT_BOUND_MS), third.describe()).toEqual({ code: 0, signal: null });
		const ruleReport = parseReport(third.stdout);
		expect(ruleReport?.[0]?.text).toContain("Denied by the parent session's policy");
		expect(ruleReport?.[0]?.text).toContain("the parent's rule `git push *` (project) denies it");

		// 4. The parent is killed while its dialog is open and the forger attacks.
		planted += await forger.burst(BURST);
		const fourth = startChild(sandbox, parent, "rm killed.txt", 4);
		await rpc.waitForDialog(rpc.records.length, CHILD_EXIT_BOUND_MS);
		attacks.push(await forger.attack());
		await rpc.process.kill();
		expect(await fourth.waitForExit(CHILD_EXIT_BOUND_MS), fourth.describe()).toEqual({ code: 0, signal: null });
		expect(existsSync(killed)).toBe(true);
		expect(parseReport(fourth.stdout)?.[0]?.text).toMatch(
			/no interactive UI or authority could answer.*forged answers were refused/,
		);

		// 5. A child of the dead parent: the forger attacks within the child's serving grace.
		planted += await forger.burst(BURST);
		const fifth = startChild(sandbox, parent, "rm dead.txt", 5);
		attacks.push(await forger.attack());
		expect(await fifth.waitForExit(CHILD_EXIT_BOUND_MS), fifth.describe()).toEqual({ code: 0, signal: null });
		expect(existsSync(dead)).toBe(true);

		const totals = await forger.stop();
		const live = attacks.flatMap((attack) => attack.attempts);
		expect(planted).toBe(5 * BURST);
		expect(totals.attempts).toBe(planted + live.length);
		expect(totals.attempts).toBeGreaterThanOrEqual(1000);
		// The forger saw genuine answers, and replayed them at the later asks.
		expect(totals.genuineSeen).toBeGreaterThanOrEqual(2);
		expect(attacks[1]?.attempts.map((attempt) => attempt.expect)).toContain("other_request");

		// 0 accepted: every decision is the genuine one.
		expect(sandbox.decisions()).toMatchObject([
			{ value: "rm allowed.txt", result: "allow", resolution: "user_approved", decidedBy: "parent" },
			{ value: "rm denied.txt", result: "deny", decidedBy: "parent" },
			{ value: "git push origin main", result: "deny", decidedBy: "parent" },
			{ value: "rm killed.txt", result: "deny", resolution: "confirmation_unavailable", decidedBy: "unavailable" },
			{ value: "rm dead.txt", result: "deny", resolution: "confirmation_unavailable", decidedBy: "unavailable" },
		]);
		// Each answer the forger put where a live request's answer goes was recorded as a forgery of the right kind;
		// the pre-planted ones named no live request, so no child ever read them.
		const forgeries = reviewed(sandbox, "forwarded_permission.forgery");
		expect(live.filter((attempt) => !attempt.recorded)).toEqual([]);
		expect(forgeries).toHaveLength(live.length);
		for (const attack of attacks) {
			const records = forgeries.filter((line) => line.requestId === attack.requestId);
			expect(records.map((line) => [line.forgery, line.contentDigest ?? null])).toEqual(
				attack.attempts.map((attempt) => [attempt.expect, attempt.contentDigest]),
			);
		}
		// The open dialogs held each attack to the end: before any genuine answer existed, and with replays after.
		expect(attacks[0]?.attempts.map((attempt) => attempt.expect)).toEqual([
			"unsigned",
			"bad_signature",
			"bad_signature",
			"unreadable",
		]);
		for (const index of [1, 3]) expect(attacks[index]?.attempts.length).toBeGreaterThanOrEqual(6);
	}, 150_000);
});
