import { generateKeyPairSync } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CleanupStack } from "../support/cleanup-stack";
import { rpcParentKey } from "../support/parent-key";
import { sandboxFor, startPi, startRpc } from "../support/pi-harness";
import type { PiSandbox } from "../support/pi-sandbox";
import type { RpcSession } from "../support/rpc-session";
import { bashTurn, parseReport } from "../support/scripted-turns";
import { waitForServing } from "../support/serving-heartbeats";

/**
 * How long a child run may take, Pi's start included, before it counts as hung: a liveness margin (ADR 0047), still
 * far under the 600 s forwarding default a child that missed its parent's death would wait.
 */
const CHILD_EXIT_BOUND_MS = 120_000;

const ASK_BASH = { permission: { "*": "allow", bash: { "*": "ask" } } };

const cleanup = new CleanupStack();
afterEach(() => cleanup.run());

/**
 * Starts the parent (`pi --mode rpc`, which has UI and so serves) and returns it with its session id once it serves,
 * and the public answer key it published in its environment (what a spawner it runs passes on to its children).
 * `trusted`: the parent trusts the project (`--approve`), so its project config applies; the child never does.
 */
async function startParent(
	sandbox: PiSandbox,
	trusted = false,
): Promise<{ rpc: RpcSession; sessionId: string; key: string }> {
	const extraArgs = trusted ? ["--approve"] : [];
	const rpc = startRpc(cleanup, { sandbox, script: [], scriptName: "parent-script.json", extraArgs });
	const state = await rpc.command("get_state");
	const sessionId = (state.data as { sessionId?: string } | undefined)?.sessionId;
	if (typeof sessionId !== "string") throw new Error(`get_state has no session id: ${JSON.stringify(state)}`);
	// The parent serves once its heartbeat is on disk; a child started earlier could find nobody serving.
	await waitForServing(sandbox.agentDir, { sessionId, detail: () => rpc.process.describe() });
	return { rpc, sessionId, key: await rpcParentKey(rpc) };
}

/** What a spawner passes a child: the parent session and, with the parent's environment, its public answer key. */
function childEnv(parent: { readonly sessionId: string; readonly key: string }): Record<string, string> {
	return {
		PI_SUBAGENT_CHILD: "1",
		PI_SUBAGENT_PARENT_SESSION: parent.sessionId,
		PI_PERMISSIONS_PARENT_KEY: parent.key,
	};
}

/** A child `pi -p` of `parent` whose model runs each command with bash, then reports what it received. */
function startChild(
	sandbox: PiSandbox,
	parent: { readonly sessionId: string; readonly key: string },
	commands: string[],
) {
	return startPi(cleanup, {
		sandbox,
		mode: { kind: "print", prompt: "clean up" },
		script: [...commands.map((command) => bashTurn(command)), { kind: "report" }],
		scriptName: "child-script.json",
		env: childEnv(parent),
	});
}

describe("an out-of-process subagent (pi -p) under a parent pi --mode rpc", () => {
	it("puts the child's ask to the parent's UI and runs the child's command when the parent allows it", async () => {
		const sandbox = sandboxFor(cleanup, ASK_BASH);
		const victim = sandbox.writeFile("victim.txt");
		const parent = await startParent(sandbox);
		const child = startChild(sandbox, parent, ["rm victim.txt"]);
		const dialog = await parent.rpc.waitForDialog(0, CHILD_EXIT_BOUND_MS);
		expect(dialog.method).toBe("select");
		expect(dialog.title).toContain("forwarded from a subagent");
		expect(dialog.title).toContain("rm victim.txt");
		parent.rpc.answer(dialog, "Yes");
		expect(await child.waitForExit(CHILD_EXIT_BOUND_MS), child.describe()).toEqual({ code: 0, signal: null });
		expect(existsSync(victim)).toBe(false);
		expect(parseReport(child.stdout), child.describe()).toMatchObject([{ toolName: "bash", isError: false }]);
		// The child logs the parent's answer as its decision, and the dialog named the child's session.
		const [childDecision] = sandbox.decisions();
		expect(childDecision, JSON.stringify(sandbox.reviewLog())).toMatchObject({
			value: "rm victim.txt",
			result: "allow",
			resolution: "user_approved",
			decidedBy: "parent",
			request: { subagent: true },
		});
		const childSessionId = childDecision?.request?.sessionId;
		expect(childSessionId).not.toBe(parent.sessionId);
		expect(dialog.title).toContain(`subagent · session ${childSessionId}`);
	});

	it("blocks the child's command when the parent denies it, and the child's model gets the parent's reason", async () => {
		const sandbox = sandboxFor(cleanup, ASK_BASH);
		const victim = sandbox.writeFile("victim.txt");
		const parent = await startParent(sandbox);
		const child = startChild(sandbox, parent, ["rm victim.txt"]);
		parent.rpc.answer(await parent.rpc.waitForDialog(0, CHILD_EXIT_BOUND_MS), "No, provide reason");
		const reasonDialog = await parent.rpc.waitForDialog(parent.rpc.records.length);
		parent.rpc.answer(reasonDialog, "the subagent must not delete");
		expect(await child.waitForExit(CHILD_EXIT_BOUND_MS), child.describe()).toEqual({ code: 0, signal: null });
		expect(existsSync(victim)).toBe(true);
		const report = parseReport(child.stdout);
		expect(report?.[0]?.isError, child.describe()).toBe(true);
		expect(report?.[0]?.text).toContain("the subagent must not delete");
	});

	it("does not forward the child's next command of a family the parent allowed for the subagent's session", async () => {
		const sandbox = sandboxFor(cleanup, ASK_BASH);
		const first = sandbox.writeFile("first.txt");
		const second = sandbox.writeFile("second.txt");
		const parent = await startParent(sandbox);
		const child = startChild(sandbox, parent, ["rm first.txt", "rm second.txt"]);
		const dialog = await parent.rpc.waitForDialog(0, CHILD_EXIT_BOUND_MS);
		const sessionOption = dialog.options?.find((option) => option.startsWith("Yes, for this session"));
		expect(sessionOption).toBe("Yes, for this session (`rm *`; not calls your policy denies)");
		parent.rpc.answer(dialog, sessionOption ?? "");
		const scope = await parent.rpc.waitForDialog(parent.rpc.records.length);
		expect(scope.title).toBe("Apply the session approval to");
		expect(scope.options).toEqual(["This subagent only", "The whole serving session"]);
		parent.rpc.answer(scope, "This subagent only");
		expect(await child.waitForExit(CHILD_EXIT_BOUND_MS), child.describe()).toEqual({ code: 0, signal: null });
		expect(existsSync(first)).toBe(false);
		expect(existsSync(second)).toBe(false);
		// The permission dialog and its scope step: the second command never reached the parent.
		expect(parent.rpc.dialogs()).toHaveLength(2);
		expect(sandbox.decisions()).toMatchObject([
			{
				value: "rm first.txt",
				resolution: "user_approved_for_session",
				decidedBy: "parent",
				sessionPatterns: ["rm *"],
			},
			{ value: "rm second.txt", result: "allow", resolution: "session_approved", decidedBy: "session" },
		]);
	});

	// ADR 0036 (seed 000, "Subagent permission forwarding": the response names what decided in the parent).
	it("tells the child's model that the parent session's policy refused, naming its rule and scope, with no dialog", async () => {
		const sandbox = sandboxFor(cleanup, ASK_BASH);
		// The project's own rule: only the parent trusts the project, so only the parent's policy holds it.
		const projectConfig = join(sandbox.cwd, ".pi", "extensions", "pi-permissions", "config.json");
		mkdirSync(dirname(projectConfig), { recursive: true });
		writeFileSync(projectConfig, JSON.stringify({ permission: { bash: { "git push *": "deny" } } }));
		const parent = await startParent(sandbox, true);
		const child = startChild(sandbox, parent, ["git push origin main"]);
		expect(await child.waitForExit(CHILD_EXIT_BOUND_MS), child.describe()).toEqual({ code: 0, signal: null });
		const report = parseReport(child.stdout);
		expect(report?.[0]?.isError, child.describe()).toBe(true);
		expect(report?.[0]?.text).toContain("Denied by the parent session's policy");
		expect(report?.[0]?.text).toContain("the parent's rule `git push *` (project) denies it");
		expect(report?.[0]?.text).not.toContain("Denied by the user");
		expect(parent.rpc.dialogs()).toHaveLength(0);
	});

	it.each([
		{ parent: "was killed", kill: true },
		{ parent: "never existed", kill: false },
	])("reports unavailable within seconds when the parent $parent", async ({ kill }) => {
		const sandbox = sandboxFor(cleanup, { ...ASK_BASH, forwardingTimeoutMs: 3_000 });
		const victim = sandbox.writeFile("victim.txt");
		// A parent that never existed still comes with a well-formed key (a spawner always has one).
		const spare = generateKeyPairSync("ed25519").publicKey.export({ format: "der", type: "spki" }).toString("base64");
		let parent = { sessionId: "01a00000-0000-7000-8000-000000000000", key: spare };
		if (kill) {
			const started = await startParent(sandbox);
			await started.rpc.process.kill();
			parent = started;
		}
		const child = startChild(sandbox, parent, ["rm victim.txt"]);
		expect(await child.waitForExit(CHILD_EXIT_BOUND_MS), child.describe()).toEqual({ code: 0, signal: null });
		expect(existsSync(victim)).toBe(true);
		const report = parseReport(child.stdout);
		expect(report?.[0]?.isError, child.describe()).toBe(true);
		expect(report?.[0]?.text).toContain("no interactive UI or authority could answer");
		expect(sandbox.decisions()).toMatchObject([
			{ value: "rm victim.txt", result: "deny", resolution: "confirmation_unavailable", decidedBy: "unavailable" },
		]);
	});

	// ADR 0046: a spawner that does not pass the parent's environment on leaves the child unable to verify any answer.
	it("fails a child started without the parent's key closed at once, asks nobody, and says why in the review log", async () => {
		const sandbox = sandboxFor(cleanup, ASK_BASH);
		const victim = sandbox.writeFile("victim.txt");
		const parent = await startParent(sandbox);
		const child = startPi(cleanup, {
			sandbox,
			mode: { kind: "print", prompt: "clean up" },
			script: [bashTurn("rm victim.txt"), { kind: "report" }],
			scriptName: "child-script.json",
			env: { PI_SUBAGENT_CHILD: "1", PI_SUBAGENT_PARENT_SESSION: parent.sessionId },
		});
		expect(await child.waitForExit(CHILD_EXIT_BOUND_MS), child.describe()).toEqual({ code: 0, signal: null });
		expect(existsSync(victim)).toBe(true);
		expect(parseReport(child.stdout)?.[0]?.text).toContain(
			"the parent session's answers cannot be verified: PI_PERMISSIONS_PARENT_KEY is not set",
		);
		expect(parent.rpc.dialogs()).toHaveLength(0);
		expect(
			sandbox.reviewLog().filter((line) => line.event === "forwarded_permission.parent_key_missing"),
		).toMatchObject([{ targetSessionId: parent.sessionId }]);
		expect(sandbox.decisions()).toMatchObject([
			{ value: "rm victim.txt", result: "deny", resolution: "confirmation_unavailable", decidedBy: "unavailable" },
		]);
	});
});
