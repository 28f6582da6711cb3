import { existsSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { jsonLines, lastAssistantText } from "../support/agent-events";
import { CleanupStack } from "../support/cleanup-stack";
import { sandboxFor, startPi } from "../support/pi-harness";
import { bashTurn, parseReport } from "../support/scripted-turns";

/**
 * How long a headless run may take before it counts as hung: a liveness margin (ADR 0047); Pi starts in about 2 s on a
 * loaded machine, many times that when the machine is very busy.
 */
const EXIT_BOUND_MS = 120_000;

const POLICY = {
	permission: {
		"*": "allow",
		bash: {
			"*": "ask",
			"touch *": "allow",
			"rm -rf *": { action: "deny", reason: "recursive deletes are off limits" },
		},
	},
};

const cleanup = new CleanupStack();
afterEach(() => cleanup.run());

const headlessModes = [
	{
		name: "pi -p",
		mode: (prompt: string) => ({ kind: "print", prompt }) as const,
		reply: (stdout: string) => stdout,
	},
	{
		name: "pi --mode json",
		mode: (prompt: string) => ({ kind: "json", prompt }) as const,
		reply: (stdout: string) => lastAssistantText(jsonLines(stdout)),
	},
];

describe.each(headlessModes)("$name with pi-permissions (no UI)", ({ mode, reply }) => {
	it("denies an ask as unavailable, tells the model so, and exits", async () => {
		const sandbox = sandboxFor(cleanup, POLICY);
		const victim = sandbox.writeFile("victim.txt");
		const pi = startPi(cleanup, {
			sandbox,
			mode: mode("clean up"),
			script: [bashTurn("rm victim.txt"), { kind: "report" }],
		});
		const exit = await pi.waitForExit(EXIT_BOUND_MS);
		expect(exit, pi.describe()).toEqual({ code: 0, signal: null });
		expect(existsSync(victim)).toBe(true);
		const report = parseReport(reply(pi.stdout));
		expect(report, pi.describe()).toHaveLength(1);
		expect(report?.[0]).toMatchObject({ toolName: "bash", isError: true });
		expect(report?.[0]?.text).toContain("no interactive UI");
		expect(report?.[0]?.text).toContain("The call was not run");
		expect(sandbox.decisions()).toMatchObject([
			{ value: "rm victim.txt", result: "deny", resolution: "confirmation_unavailable", decidedBy: "unavailable" },
		]);
	});

	it("runs a command the policy allows", async () => {
		const sandbox = sandboxFor(cleanup, POLICY);
		const pi = startPi(cleanup, {
			sandbox,
			mode: mode("make it"),
			script: [bashTurn("touch made.txt"), { kind: "report" }],
		});
		expect(await pi.waitForExit(EXIT_BOUND_MS), pi.describe()).toEqual({ code: 0, signal: null });
		expect(existsSync(sandbox.file("made.txt"))).toBe(true);
		expect(parseReport(reply(pi.stdout))).toMatchObject([{ toolName: "bash", isError: false }]);
		expect(sandbox.decisions()).toMatchObject([
			{ value: "touch made.txt", result: "allow", resolution: "policy_allow" },
		]);
	});

	it("blocks a command the policy denies and gives the model the operator's reason", async () => {
		const sandbox = sandboxFor(cleanup, POLICY);
		const victim = sandbox.writeFile("tree/victim.txt");
		const pi = startPi(cleanup, {
			sandbox,
			mode: mode("clean up"),
			script: [bashTurn("rm -rf tree"), { kind: "report" }],
		});
		expect(await pi.waitForExit(EXIT_BOUND_MS), pi.describe()).toEqual({ code: 0, signal: null });
		expect(existsSync(victim)).toBe(true);
		const report = parseReport(reply(pi.stdout));
		expect(report?.[0]?.isError).toBe(true);
		expect(report?.[0]?.text).toContain("recursive deletes are off limits");
		expect(sandbox.decisions()).toMatchObject([
			{ result: "deny", resolution: "policy_deny", matchedPattern: "rm -rf *" },
		]);
	});
});

describe("pi --mode json event stream with pi-permissions", () => {
	it("reports the unavailable ask as a failed tool execution", async () => {
		const sandbox = sandboxFor(cleanup, POLICY);
		sandbox.writeFile("victim.txt");
		const pi = startPi(cleanup, {
			sandbox,
			mode: { kind: "json", prompt: "clean up" },
			script: [bashTurn("rm victim.txt"), { kind: "text", text: "ok" }],
		});
		expect(await pi.waitForExit(EXIT_BOUND_MS), pi.describe()).toEqual({ code: 0, signal: null });
		const events = jsonLines(pi.stdout);
		const ends = events.filter((event) => event.type === "tool_execution_end");
		expect(ends).toMatchObject([{ toolName: "bash", isError: true }]);
		expect(events.some((event) => event.type === "extension_ui_request")).toBe(false);
		expect(events.at(-1)?.type).toBe("agent_settled");
	});
});
