import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { PatternValue, PermissionConfig } from "@pi-permissions/policy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TerminalDecision } from "../../src/chain/authorizer";
import { inheritedParentKey } from "../../src/forwarding/parent-answer-keys";
import { processIsAlive } from "../../src/liveness/pid-probe";
import { askDetails } from "../support/ask-details";
import { HARNESS_PARENT_KEY, makeChild, makeParent, scriptedTerminal } from "../support/forwarding-harness";
import { policyQuery } from "../support/policy-query";
import { filesUnder, makeTmpDir, removeTmpDir } from "../support/tmp-dir";
import {
	type ChildOutcome,
	expectedOutcome,
	policyFor,
	requestIdOf,
	userAnswerFor,
} from "./fixtures/cross-process-script";

const PACKAGE_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CHILD_SCRIPT = fileURLToPath(new URL("./fixtures/forwarding-child.ts", import.meta.url));
const PARENT_SCRIPT = fileURLToPath(new URL("./fixtures/forwarding-parent.ts", import.meta.url));
const PARENT = "parent-session";

function runTs(script: string, args: readonly string[], env: Record<string, string>): ChildProcess {
	const {
		PI_AGENT_ROUTER_PARENT_SESSION_ID: _router,
		PI_SUBAGENT_PARENT_SESSION: _parent,
		PI_PERMISSIONS_PARENT_KEY: _key,
		...inherited
	} = process.env;
	return spawn(process.execPath, ["--conditions=@pi-permissions/source", "--import", "tsx", script, ...args], {
		cwd: PACKAGE_ROOT,
		env: { ...inherited, ...env },
		stdio: ["ignore", "pipe", "pipe"],
	});
}

function outputOf(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
	let stdout = "";
	let stderr = "";
	child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
	child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
	return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

/** One explicit bash rule per ask the script says the parent's policy settles; the rest fall to the built-in ask. */
function recordedPolicy(children: number, asks: number): PermissionConfig {
	const bash: Record<string, PatternValue> = {};
	for (let child = 0; child < children; child++) {
		for (let ask = 0; ask < asks; ask++) {
			const value = `run ${requestIdOf(child, ask)}`;
			const check = policyFor(value);
			if (check.state === "allow") bash[value] = "allow";
			else if (check.state === "deny") bash[value] = { action: "deny", reason: check.reason ?? "denied" };
		}
	}
	return { permission: { bash } };
}

let dir = "";
beforeEach(async () => {
	dir = await makeTmpDir();
});
afterEach(async () => {
	await removeTmpDir(dir);
});

describe("forwarding across real processes", () => {
	it.each([
		{ children: 3, asks: 5 },
		// The issue asks for 200 asks over 20 children; this runs 200 per child (4000), which took 28 s on 2 CPUs.
		{ children: 20, asks: 200 },
	])(
		"answers each of $children child processes × $asks concurrent asks with exactly its own answer, leaving no file",
		async ({ children, asks }) => {
			const { terminal, asked } = scriptedTerminal((details) => userAnswerFor(details.payload.request.value));
			const parent = makeParent({
				agentDir: dir,
				sessionId: PARENT,
				terminal,
				// The parent's recorded authority is a real composed ruleset (the policy core), written from the script.
				query: policyQuery(recordedPolicy(children, asks)),
				isPidAlive: processIsAlive,
			});
			parent.loop.start();
			await parent.loop.tick();
			const runs = Array.from({ length: children }, (_, child) =>
				outputOf(
					runTs(CHILD_SCRIPT, [dir, String(child), String(asks), "25", "2000", "600000"], {
						PI_SUBAGENT_PARENT_SESSION: PARENT,
						PI_PERMISSIONS_PARENT_KEY: HARNESS_PARENT_KEY.publicKeyText,
					}),
				),
			);
			const results = await Promise.all(runs);
			await parent.loop.stop();
			results.forEach((result, child) => {
				expect(result.stderr).toBe("");
				expect(result.code).toBe(0);
				const outcomes = result.stdout
					.trim()
					.split("\n")
					.map((line) => JSON.parse(line) as ChildOutcome);
				expect(outcomes).toEqual(Array.from({ length: asks }, (_, ask) => expectedOutcome(child, ask)));
			});
			const escalated = asked.map((details) => details.requestId);
			expect(new Set(escalated).size).toBe(escalated.length);
			expect(escalated.length).toBe(
				children * asks - children * Math.ceil(asks / 6) - children * Math.ceil((asks - 1) / 6),
			);
			expect(await filesUnder(dir)).toEqual([]);
		},
		600_000,
	);

	it("closes the parent's open prompt and leaves no file when the asking child process is killed", async () => {
		let signal: AbortSignal | undefined;
		const { terminal, asked } = scriptedTerminal((details) => {
			signal = details.signal;
			return new Promise<TerminalDecision>(() => undefined);
		});
		const parent = makeParent({ agentDir: dir, sessionId: PARENT, terminal, isPidAlive: processIsAlive });
		parent.loop.start();
		await parent.loop.tick();
		// Ask 2 is an `ask` under the scripted policy, so it reaches the terminal and stays open there.
		const child = runTs(CHILD_SCRIPT, [dir, "7", "3", "10", "2000", "600000"], {
			PI_SUBAGENT_PARENT_SESSION: PARENT,
			PI_PERMISSIONS_PARENT_KEY: HARNESS_PARENT_KEY.publicKeyText,
		});
		const exited = outputOf(child);
		await expect.poll(() => asked.length, { timeout: 60_000 }).toBe(1);
		child.kill("SIGKILL");
		await exited;
		await expect.poll(() => signal?.aborted, { timeout: 60_000 }).toBe(true);
		await parent.loop.stop();
		expect(await filesUnder(dir)).toEqual([]);
	});

	it("reports unavailable within the grace when the serving parent process is killed mid-ask", async () => {
		const parentProcess = runTs(PARENT_SCRIPT, [dir, PARENT], {});
		const output = outputOf(parentProcess);
		let seen = "";
		parentProcess.stdout?.on("data", (chunk: Buffer) => (seen += chunk.toString("utf8")));
		await expect.poll(() => /serving \S+\n/.test(seen), { timeout: 60_000 }).toBe(true);
		const inheritedKey = inheritedParentKey({ PI_PERMISSIONS_PARENT_KEY: /serving (\S+)\n/.exec(seen)?.[1] });
		expect(inheritedKey.kind).toBe("present");
		const child = makeChild({
			agentDir: dir,
			sessionId: "child-k",
			target: { sessionId: PARENT, source: "env" },
			isPidAlive: processIsAlive,
			graceMs: 300,
			timeoutMs: 600_000,
			inheritedKey,
		});
		const pending = child.authorizer.authorize(askDetails({ requestId: "kill-me" }));
		await expect.poll(() => seen.includes("asked perm-"), { timeout: 60_000 }).toBe(true);
		parentProcess.kill("SIGKILL");
		await output;
		const decision = await pending;
		expect(decision).toMatchObject({ verdict: "deny", unavailable: true, decidedBy: { kind: "unavailable" } });
		expect(decision.verdict === "deny" && decision.reason).toMatch(/heartbeat dead_pid/);
	});
});
