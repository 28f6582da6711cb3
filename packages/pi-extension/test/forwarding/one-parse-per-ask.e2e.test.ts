import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { ToolCall } from "@earendil-works/pi-ai";
import { BashProgram } from "@pi-permissions/access-intent";
import { afterEach, describe, expect, it, vi } from "vitest";
import { choose as chooseLocal, runPi, type Workspace, workspace } from "../support/pi-session-harness";
import { choose, openParent, runChild } from "./forwarding-sessions";

/**
 * ADR 0041, in real in-process Pi sessions: the call's one `BashProgram.parse` is the only parse of its command, also
 * for an ask that is forwarded to a serving parent and for one that reaches this session's own dialog; the facts a
 * forwarding hop needs are read off the deciding gate's outcome, never parsed again.
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

/** Counts the parses of `command` through the one parse entry point, every other text passing through unseen. */
function countParses(command: string): () => number {
	const parse = BashProgram.parse.bind(BashProgram);
	const spy = vi.spyOn(BashProgram, "parse").mockImplementation((text, deps) => parse(text, deps));
	return () => spy.mock.calls.filter(([text]) => text === command).length;
}

function elsewhere(space: Workspace): Workspace {
	const cwd = join(space.cwd, "..", "worktree");
	mkdirSync(cwd, { recursive: true });
	return { ...space, cwd };
}

afterEach(() => {
	vi.restoreAllMocks();
});

describe("one parse per call (real Pi sessions, ADR 0041)", () => {
	it("parses a forwarded ask's command once, in the child, and the parent resolves it from the child's facts", async () => {
		const space = workspace({}, ASK_BASH);
		const parent = await openParent(space);
		try {
			parent.answer(choose("Yes"));
			const child = elsewhere(space);
			const parses = countParses("touch forwarded.txt");
			const run = await runChild(child, parent.bus, parent.sessionId, [[bash("touch forwarded.txt", "c1")]]);
			expect(run.ends.map((end) => end.isError)).toEqual([false]);
			expect(existsSync(join(child.cwd, "forwarded.txt"))).toBe(true);
			// The parent was asked (the ask was forwarded), and the command was parsed exactly once end to end.
			expect(parent.uiPrompts).toHaveLength(1);
			expect(parses()).toBe(1);
		} finally {
			await parent.close();
		}
	});

	it("parses an ask that reaches this session's own dialog once", async () => {
		const space = workspace({}, ASK_BASH);
		const parses = countParses("touch local.txt");
		const run = await runPi(space, {
			turns: [[bash("touch local.txt", "c1")]],
			human: { selects: [chooseLocal("Yes")] },
		});
		expect(run.dialogs).toHaveLength(1);
		expect(run.ends.map((end) => end.isError)).toEqual([false]);
		expect(parses()).toBe(1);
	});
});
