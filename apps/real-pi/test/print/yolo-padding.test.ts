/**
 * ADR 0020 in real Pi: with `PI_PERMISSIONS_YOLO=1` and `rm *: deny`, a `rm -rf victim` padded past a parse
 * budget (5,000 commands, 130 nested substitutions, 600 KiB) is denied with the reason, and the directory survives;
 * an ordinary ask still runs (yolo is on).
 */
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CleanupStack } from "../support/cleanup-stack";
import { sandboxFor, startPi } from "../support/pi-harness";
import { bashTurn, parseReport } from "../support/scripted-turns";

/** How long the run may take before it counts as hung (four tool calls, one of them 600 KiB). */
const EXIT_BOUND_MS = 120_000; // a liveness margin (ADR 0047)

const POLICY = { permission: { "*": "ask", bash: { "*": "ask", "rm *": "deny" } } };

/** Each with the words its denial names; the last one's tool result is what the model reports. */
const PADDED = [
	{ id: "pad-size", command: `echo ${"a".repeat(600 * 1024)}; rm -rf victim`, limit: "over 512 KiB" },
	{
		id: "pad-nest",
		command: `echo ${"$(".repeat(130)}rm -rf victim${")".repeat(130)}`,
		limit: "nested too deeply to check (128 levels)",
	},
	{ id: "pad-5000", command: `${"true; ".repeat(5000)}rm -rf victim`, limit: "more than 5,000 commands" },
];

const YOLO_REASON = "yolo does not approve a command that could not be checked while the policy denies some commands";

const cleanup = new CleanupStack();
afterEach(() => cleanup.run());

describe("pi -p with PI_PERMISSIONS_YOLO=1 and padded commands", () => {
	it("denies each padded rm with the reason, keeps the victim directory, and still runs an ordinary ask", async () => {
		const sandbox = sandboxFor(cleanup, POLICY);
		const victim = sandbox.writeFile("victim/keep.txt");
		// A 600 KiB tool call would make Pi compact the context, and a compaction consumes a scripted turn.
		writeFileSync(join(sandbox.agentDir, "settings.json"), JSON.stringify({ compaction: { enabled: false } }));
		const pi = startPi(cleanup, {
			sandbox,
			mode: { kind: "print", prompt: "clean up" },
			env: { PI_PERMISSIONS_YOLO: "1" },
			script: [bashTurn("touch made.txt"), ...PADDED.map((row) => bashTurn(row.command)), { kind: "report" }],
		});
		expect(await pi.waitForExit(EXIT_BOUND_MS), pi.describe()).toEqual({ code: 0, signal: null });
		expect(existsSync(victim)).toBe(true);
		expect(existsSync(sandbox.file("made.txt")), "yolo ran the ordinary ask").toBe(true);
		// The model saw the last padded call's result: refused, with why.
		const report = parseReport(pi.stdout);
		expect(report, pi.describe()).toHaveLength(1);
		expect(report?.[0]).toMatchObject({ toolName: "bash", isError: true });
		expect(report?.[0]?.text).toContain(YOLO_REASON);
		expect(report?.[0]?.text).toContain("more than 5,000 commands");
		expect(report?.[0]?.text).not.toContain("rm -rf victim");
		const decisions = sandbox.decisions();
		expect(decisions[0]).toMatchObject({ result: "allow", resolution: "auto_approved", decidedBy: "yolo" });
		const denials = decisions.slice(1);
		expect(denials).toHaveLength(PADDED.length);
		for (const [index, row] of PADDED.entries()) {
			expect(denials[index], row.id).toMatchObject({ result: "deny", resolution: "policy_deny", decidedBy: "yolo" });
			expect(denials[index]?.reason, row.id).toContain(YOLO_REASON);
			expect(denials[index]?.reason, row.id).toContain(row.limit);
		}
	});
});
