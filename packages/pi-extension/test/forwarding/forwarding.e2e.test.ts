import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ToolCall } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { workspace } from "../support/pi-session-harness";
import { choose, openParent, resultText, runChild } from "./forwarding-sessions";

/**
 * Every bash command asks. The child waits for the parent's answer, which comes through the forwarding mailbox in well
 * under a second, at most this liveness margin (ADR 0047): a bound a busy machine's round trip cannot reach.
 */
const FORWARDING_MARGIN_MS = 60_000;
const ASK_BASH = { permission: { "*": "allow", bash: { "*": "ask" } }, forwardingTimeoutMs: FORWARDING_MARGIN_MS };
/** The same policy with a short wait, for the case that waits for the wait to end: no answer can come. */
const ASK_BASH_SHORT_WAIT = { ...ASK_BASH, forwardingTimeoutMs: 1500 };

function bash(command: string, id: string): ToolCall {
	return { type: "toolCall", id, name: "bash", arguments: { command } };
}

function isForwardedFrom(prompt: unknown, childSessionId: string): boolean {
	const forwarding = (prompt as { forwarding?: { requesterSessionId?: unknown } }).forwarding;
	return forwarding?.requesterSessionId === childSessionId;
}

describe("forwarding a subagent's ask to its serving parent (real Pi sessions)", () => {
	it("shows the child's ask in the parent's prompt as a subagent's and runs it in the child once approved", async () => {
		const space = workspace({}, ASK_BASH);
		const parent = await openParent(space);
		try {
			parent.answer(choose("Yes"));
			const child = await runChild(space, parent.bus, parent.sessionId, [[bash("touch once.txt", "c1")]]);
			expect(parent.dialogs).toHaveLength(1);
			expect(parent.dialogs[0]?.title).toContain("forwarded from a subagent");
			expect(parent.dialogs[0]?.title).toContain("touch once.txt");
			expect(parent.uiPrompts).toHaveLength(1);
			expect(isForwardedFrom(parent.uiPrompts[0], child.sessionId)).toBe(true);
			expect(child.ends[0]?.isError).toBe(false);
			expect(existsSync(join(space.cwd, "once.txt"))).toBe(true);
		} finally {
			await parent.close();
		}
	});

	// ADR 0046: what a spawner's child processes inherit; only the public half of the parent's key is published.
	it("publishes the serving process's public answer key in its environment once the parent serves", async () => {
		const space = workspace({}, ASK_BASH);
		const published: Record<string, string> = {};
		const parent = await openParent(space, { setEnv: (name, value) => (published[name] = value) });
		try {
			expect(Object.keys(published)).toEqual(["PI_PERMISSIONS_PARENT_KEY"]);
			expect(published.PI_PERMISSIONS_PARENT_KEY).toMatch(/^[A-Za-z0-9+/]{59}=$/);
			parent.answer(choose("Yes"));
			const child = await runChild(space, parent.bus, parent.sessionId, [[bash("touch signed.txt", "c1")]]);
			expect(child.ends[0]?.isError).toBe(false);
		} finally {
			await parent.close();
		}
	});

	it("blocks the child's call when the parent denies it", async () => {
		const space = workspace({}, ASK_BASH);
		const parent = await openParent(space);
		try {
			parent.answer(choose("No"));
			const child = await runChild(space, parent.bus, parent.sessionId, [[bash("touch denied.txt", "c1")]]);
			expect(parent.dialogs).toHaveLength(1);
			expect(child.ends[0]?.isError).toBe(true);
			expect(existsSync(join(space.cwd, "denied.txt"))).toBe(false);
		} finally {
			await parent.close();
		}
	});

	it("records a whole-serving-session approval in the parent, so neither the child nor the parent asks again", async () => {
		const space = workspace({}, ASK_BASH);
		const parent = await openParent(space);
		try {
			parent.answer(choose("Yes, for this session"), choose("The whole serving session"));
			const child = await runChild(space, parent.bus, parent.sessionId, [
				[bash("touch first.txt", "c1")],
				[bash("touch second.txt", "c2")],
			]);
			expect(parent.dialogs.map((dialog) => dialog.options)).toEqual([
				[
					"Yes",
					"Yes, for this session (`touch *`; not calls your policy denies)",
					'Always, in this project ("touch *" → .pi/extensions/pi-permissions/config.json)',
					expect.stringMatching(/^Always, everywhere \("touch \*" → .*config\.json\)$/u),
					"No",
					"No, provide reason",
				],
				["This subagent only", "The whole serving session"],
			]);
			expect(child.ends.map((end) => end.isError)).toEqual([false, false]);
			expect(existsSync(join(space.cwd, "first.txt"))).toBe(true);
			expect(existsSync(join(space.cwd, "second.txt"))).toBe(true);
			// The parent's own call of the same family runs under the recorded grant, without a prompt.
			const own = await parent.prompt([[bash("touch third.txt", "p1")]]);
			expect(own[0]?.isError).toBe(false);
			expect(parent.dialogs).toHaveLength(2);
			expect(existsSync(join(space.cwd, "third.txt"))).toBe(true);
		} finally {
			await parent.close();
		}
	});

	it("writes a forwarded ask's always grant into the parent's project file; the child stops asking (ADR 0032)", async () => {
		const space = workspace({}, ASK_BASH);
		const parent = await openParent(space);
		try {
			parent.answer(choose("Always, in this project"));
			const child = await runChild(space, parent.bus, parent.sessionId, [
				[bash("touch first.txt", "c1")],
				[bash("touch second.txt", "c2")],
			]);
			expect(parent.dialogs).toHaveLength(1);
			expect(child.ends.map((end) => end.isError)).toEqual([false, false]);
			const file = join(space.cwd, ".pi", "extensions", "pi-permissions", "config.json");
			expect(readFileSync(file, "utf8")).toContain('"touch *": "allow" // pi-permissions grant, added');
			// The parent's own call of the family runs under the persisted rule, without a prompt.
			const own = await parent.prompt([[bash("touch third.txt", "p1")]]);
			expect(own[0]?.isError).toBe(false);
			expect(parent.dialogs).toHaveLength(1);
		} finally {
			await parent.close();
		}
	});

	it("keeps a this-subagent-only approval in the child: the child stops asking, the parent still asks", async () => {
		const space = workspace({}, ASK_BASH);
		const parent = await openParent(space);
		try {
			parent.answer(choose("Yes, for this session"), choose("This subagent only"));
			const child = await runChild(space, parent.bus, parent.sessionId, [
				[bash("touch first.txt", "c1")],
				[bash("touch second.txt", "c2")],
			]);
			expect(parent.dialogs).toHaveLength(2);
			expect(child.ends.map((end) => end.isError)).toEqual([false, false]);
			parent.answer(choose("No"));
			const own = await parent.prompt([[bash("touch third.txt", "p1")]]);
			expect(parent.dialogs).toHaveLength(3);
			expect(parent.dialogs[2]?.title).not.toContain("forwarded");
			expect(own[0]?.isError).toBe(true);
		} finally {
			await parent.close();
		}
	});

	it("carries the child's agent to the parent, which judges its asks under that agent's policy", async () => {
		const space = workspace({}, ASK_BASH);
		mkdirSync(join(space.agentDir, "agents"), { recursive: true });
		const reviewer = '---\nname: reviewer\npermission:\n  bash:\n    "*": ask\n    "rm *": deny\n---\n';
		writeFileSync(join(space.agentDir, "agents", "reviewer.md"), reviewer);
		const parent = await openParent(space);
		try {
			parent.answer(choose("Yes, for this session"), choose("The whole serving session"));
			const turns = [[bash("touch first.txt", "c1")], [bash("touch second.txt", "c2")]];
			const child = await runChild(space, parent.bus, parent.sessionId, turns, "reviewer");
			const forwarded = parent.uiPrompts[0] as { forwarding?: { requesterAgentName?: unknown } };
			expect(forwarded.forwarding?.requesterAgentName).toBe("reviewer");
			expect(parent.dialogs[0]?.title).toContain("reviewer");
			// The second ask is resolved under the reviewer's policy (loaded by then) plus the recorded grant.
			expect(parent.dialogs).toHaveLength(2);
			expect(child.ends.map((end) => end.isError)).toEqual([false, false]);
			expect(existsSync(join(space.cwd, "second.txt"))).toBe(true);
		} finally {
			await parent.close();
		}
	});

	// The test's own bound is the liveness property: far under the 600 s default wait, which would fail it.
	it("reports an ask as unavailable within seconds when the child's parent is gone", async () => {
		const space = workspace({}, ASK_BASH_SHORT_WAIT);
		// The live session only relays the announcement; the child names a parent session nobody serves any more.
		const relay = await openParent(space);
		try {
			const child = await runChild(space, relay.bus, "departed-parent", [[bash("touch orphan.txt", "c1")]]);
			expect(child.ends[0]?.isError).toBe(true);
			// Whichever bound passes first (the 1.5 s timeout or the 2 s serving grace) is named, but no internal path.
			expect(resultText(child.ends[0])).toMatch(/no answer within 1500 ms|no session is serving/);
			expect(resultText(child.ends[0])).not.toContain("permission-forwarding");
			expect(existsSync(join(space.cwd, "orphan.txt"))).toBe(false);
			expect(relay.dialogs).toHaveLength(0);
		} finally {
			await relay.close();
		}
	}, 120_000);
});
