/**
 * Issue 40 item 3, through the real `pi` command: an allowed chained command whose first unit is 3 KB long is recorded
 * in the review log with every program it runs and with its tail, not only the unit that decided.
 */
import { afterEach, describe, expect, it } from "vitest";
import { CleanupStack } from "../support/cleanup-stack";
import { sandboxFor, startPi } from "../support/pi-harness";
import { bashTurn } from "../support/scripted-turns";

const EXIT_BOUND_MS = 120_000; // a liveness margin (ADR 0047)
const cleanup = new CleanupStack();
afterEach(() => cleanup.run());

describe("pi -p: the review log record of a long chained bash command", () => {
	it(
		"names ls and echo and keeps TAIL-MARKER",
		async () => {
			const sandbox = sandboxFor(cleanup, { permission: { "*": "allow", bash: { "*": "allow" } } });
			const command = `ls ${"a".repeat(3 * 1024)} ; echo TAIL-MARKER`;
			const pi = startPi(cleanup, {
				sandbox,
				tools: ["bash"],
				mode: { kind: "print", prompt: "list" },
				script: [bashTurn(command), { kind: "report" }],
			});
			expect(await pi.waitForExit(EXIT_BOUND_MS), pi.describe()).toEqual({ code: 0, signal: null });
			const records = sandbox.decisions().filter((line) => line.toolName === "bash");
			expect(records).toMatchObject([{ result: "allow", bash: { commands: ["ls", "echo"], commandsOmitted: 0 } }]);
			const bash = records[0]?.bash as { command: string };
			expect(bash.command.startsWith("ls aaaa")).toBe(true);
			expect(bash.command.endsWith("; echo TAIL-MARKER")).toBe(true);
			expect(bash.command.length).toBeLessThan(command.length);
		},
		2 * EXIT_BOUND_MS,
	);
});
