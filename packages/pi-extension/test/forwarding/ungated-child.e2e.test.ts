import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ToolCall } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { workspace } from "../support/pi-session-harness";
import { openParent, runChild, runUngatedChild } from "./forwarding-sessions";

/**
 * ADR 0036 (seed 002, "child-lifecycle": a consumer audits each child for a permission node of its own on
 * `bound`; ADR 0036): a child that binds without pi-permissions ready in it runs ungated, so the parent warns its user
 * once, naming the child, and records it in the review log. A child with pi-permissions is never warned about.
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

function reviewLog(agentDir: string): Record<string, unknown>[] {
	const file = join(agentDir, "extensions", "pi-permissions", "logs", "review.jsonl");
	if (!existsSync(file)) return [];
	return readFileSync(file, "utf8")
		.split("\n")
		.filter((line) => line.trim() !== "")
		.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("a bound child without pi-permissions (real Pi sessions, ADR 0036)", () => {
	it("is warned about once, by name, and recorded in the parent's review log", async () => {
		const space = workspace({}, ASK_BASH);
		const parent = await openParent(space);
		let childSessionId = "";
		try {
			const child = await runUngatedChild(
				space,
				parent.bus,
				parent.sessionId,
				[[bash("touch ungated.txt", "c1")]],
				"scout",
			);
			childSessionId = child.sessionId;
			// The child really ran ungated: the call the policy asks about ran with no one asked.
			expect(child.ends[0]?.isError).toBe(false);
			expect(parent.dialogs).toHaveLength(0);
			const warnings = parent.notices.filter((notice) => notice.includes(child.sessionId));
			expect(warnings).toHaveLength(1);
			expect(warnings[0]).toContain("Subagent `scout`");
			expect(warnings[0]).toContain("its tool calls are not checked");
			// A second `bound` of the same child (a spawner re-announcing) is not warned about again.
			parent.bus.emit("subagents:child:bound", { sessionId: child.sessionId, agentName: "scout" });
			expect(parent.notices.filter((notice) => notice.includes(child.sessionId))).toHaveLength(1);
		} finally {
			await parent.close();
		}
		const records = reviewLog(space.agentDir).filter((line) => line.event === "subagent_ungated");
		expect(records).toMatchObject([{ childSessionId, agentName: "scout" }]);
	});

	it("is not warned about when pi-permissions is loaded in the child", async () => {
		const space = workspace({}, ASK_BASH);
		const parent = await openParent(space);
		try {
			parent.answer(() => "Yes");
			await runChild(space, parent.bus, parent.sessionId, [[bash("touch gated.txt", "c1")]]);
			expect(parent.dialogs).toHaveLength(1);
			expect(parent.notices.filter((notice) => notice.includes("without pi-permissions"))).toEqual([]);
		} finally {
			await parent.close();
		}
		expect(reviewLog(space.agentDir).filter((line) => line.event === "subagent_ungated")).toEqual([]);
	});
});
