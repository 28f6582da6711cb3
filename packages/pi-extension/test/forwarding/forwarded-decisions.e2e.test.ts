import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ToolCall } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { type Workspace, workspace } from "../support/pi-session-harness";
import { choose, openParent, resultText, runChild } from "./forwarding-sessions";

/**
 * ADR 0036 items 5–8, in real in-process Pi sessions (seed 000, "Subagent permission forwarding" and
 * "Cross-extension API"; ADR 0036): a forwarded ask is judged under the requester agent's policy from its first ask,
 * the serving parent publishes one decision per forwarded prompt, the child's agent is told who really refused, and
 * the parent's yolo applies to forwarded asks as to its own.
 */
/**
 * Every bash command asks. The child waits for the parent's answer, which comes through the forwarding mailbox in well
 * under a second, at most this liveness margin (ADR 0047): a bound a busy machine's round trip cannot reach.
 */
const FORWARDING_MARGIN_MS = 60_000;
const ASK_BASH = { permission: { "*": "allow", bash: { "*": "ask" } }, forwardingTimeoutMs: FORWARDING_MARGIN_MS };

function bash(command: string, id: string): ToolCall {
	return { type: "toolCall", id, name: "bash", arguments: { command } };
}

/** The same agent dir and home, another project: the child does not see the parent project's agent files. */
function elsewhere(space: Workspace): Workspace {
	const cwd = join(space.cwd, "..", "worktree");
	mkdirSync(cwd, { recursive: true });
	return { ...space, cwd };
}

/** A project agent `reviewer` of the parent's project whose frontmatter denies `rm *`. */
function writeReviewer(space: Workspace): void {
	mkdirSync(join(space.cwd, ".pi", "agents"), { recursive: true });
	const reviewer = '---\nname: reviewer\npermission:\n  bash:\n    "rm *": deny\n---\n';
	writeFileSync(join(space.cwd, ".pi", "agents", "reviewer.md"), reviewer);
}

describe("forwarded decisions (real Pi sessions, ADR 0036)", () => {
	it("decides a named agent's first forwarded ask by its frontmatter, and tells the child the parent's policy refused", async () => {
		const space = workspace({}, ASK_BASH);
		writeReviewer(space);
		const child = elsewhere(space);
		writeFileSync(join(child.cwd, "victim.txt"), "x\n");
		const parent = await openParent(space);
		try {
			const run = await runChild(child, parent.bus, parent.sessionId, [[bash("rm victim.txt", "c1")]], "reviewer");
			// Item 5: the reviewer's `rm *` deny applied to its very first ask: no dialog in the parent.
			expect(parent.dialogs).toHaveLength(0);
			expect(existsSync(join(child.cwd, "victim.txt"))).toBe(true);
			expect(run.ends[0]?.isError).toBe(true);
			// Item 7: worded as the parent session's policy, with its rule and scope; never "Denied by the user".
			const text = resultText(run.ends[0]);
			expect(text).toContain("Denied by the parent session's policy");
			expect(text).toContain("the parent's rule `rm *` (project-agent) denies it");
			expect(text).not.toContain("Denied by the user");
			// Item 6: no prompt was shown, so the parent publishes no decision of its own.
			expect(parent.uiPrompts).toHaveLength(0);
			expect(parent.decisions).toHaveLength(0);
		} finally {
			await parent.close();
		}
	});

	it("publishes one `permissions:decision` on the parent's bus per forwarded prompt, paired by request id", async () => {
		const space = workspace({}, ASK_BASH);
		const parent = await openParent(space);
		try {
			parent.answer(choose("Yes"), choose("No"));
			const run = await runChild(space, parent.bus, parent.sessionId, [
				[bash("touch one.txt", "c1")],
				[bash("touch two.txt", "c2")],
			]);
			expect(run.ends.map((end) => end.isError)).toEqual([false, true]);
			expect(parent.uiPrompts).toHaveLength(2);
			const promptIds = parent.uiPrompts.map((prompt) => (prompt as { requestId: string }).requestId);
			expect(parent.decisions.map((fact) => fact.requestId)).toEqual(promptIds);
			expect(parent.decisions).toMatchObject([
				{ value: "touch one.txt", result: "allow", resolution: "user_approved", decidedBy: "user" },
				{ value: "touch two.txt", result: "deny", resolution: "user_denied", decidedBy: "user" },
			]);
			expect(parent.decisions[0]?.payload).toMatchObject({ kind: "forwarded" });
			// Item 7: the refusal is the parent's user's.
			expect(resultText(run.ends[1])).toContain("Denied by the user of the parent session");
		} finally {
			await parent.close();
		}
	});

	it("applies the parent's session yolo to a forwarded ask as to its own, and never past the parent's deny", async () => {
		const config = {
			permission: { "*": "allow", bash: { "*": "ask", "rm *": "deny" } },
			forwardingTimeoutMs: FORWARDING_MARGIN_MS,
		};
		const space = workspace({}, config);
		const parent = await openParent(space);
		try {
			await parent.command("/permissions yolo on");
			const child = elsewhere(space);
			writeFileSync(join(child.cwd, "victim.txt"), "x\n");
			// The child's own config is the same file: `touch` asks there and is forwarded; `rm` is denied there already.
			const run = await runChild(child, parent.bus, parent.sessionId, [
				[bash("touch yolo.txt", "c1")],
				[bash("rm victim.txt", "c2")],
			]);
			expect(parent.dialogs).toHaveLength(0);
			expect(run.ends.map((end) => end.isError)).toEqual([false, true]);
			expect(existsSync(join(child.cwd, "yolo.txt"))).toBe(true);
			expect(existsSync(join(child.cwd, "victim.txt"))).toBe(true);
		} finally {
			await parent.close();
		}
	});

	it("settles a forwarded floor by the parent's yolo table (ADR 0023): code in another language runs, a computed name is refused while `rm *` is denied", async () => {
		// Bash is allowed, so the child's asks are floors it raised (the sentinel on its payload), not a rule's ask.
		const config = {
			permission: { "*": "allow", bash: { "*": "allow", "rm *": "deny" } },
			forwardingTimeoutMs: FORWARDING_MARGIN_MS,
		};
		const space = workspace({}, config);
		const parent = await openParent(space);
		try {
			await parent.command("/permissions yolo on");
			const child = elsewhere(space);
			const run = await runChild(child, parent.bus, parent.sessionId, [
				[bash("node -e \"require('fs').writeFileSync('opaque.txt', 'x')\"", "c1")],
				[bash("$CMD victim.txt", "c2")],
			]);
			expect(parent.dialogs).toHaveLength(0);
			expect(run.ends.map((end) => end.isError)).toEqual([false, true]);
			expect(existsSync(join(child.cwd, "opaque.txt"))).toBe(true);
			const text = resultText(run.ends[1]);
			expect(text).toContain("Denied by the parent session's policy");
			expect(text).toContain("yolo does not approve a command whose name is only known when it runs");
		} finally {
			await parent.close();
		}
	});
});
