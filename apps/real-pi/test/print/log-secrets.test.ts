import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CleanupStack } from "../support/cleanup-stack";
import { sandboxFor, startPi } from "../support/pi-harness";
import { bashTurn } from "../support/scripted-turns";

const cleanup = new CleanupStack();
afterEach(() => cleanup.run());

/** The four secret-bearing commands of ADR 0033, with the secret each carries and the command name it runs. */
const COMMANDS = [
	{
		name: "curl",
		secret: "sk-live-123456",
		command: 'curl -H "Authorization: Bearer sk-live-123456" https://api.example.com',
	},
	{
		name: "export",
		secret: "ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5",
		command: "export GITHUB_TOKEN=ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5 && gh auth status",
	},
	{ name: "mysql", secret: "secretpass", command: "mysql -u root -psecretpass shop" },
	{ name: "git", secret: "hunter2pw", command: "git clone https://alice:hunter2pw@example.com/repo.git" },
];

describe("the logs of a real pi -p session (ADR 0033)", () => {
	it("hold none of the secrets of four secret-bearing commands, and still say which command ran", async () => {
		// Every command asks; without a UI each ask is denied as unavailable, so nothing runs and each is recorded.
		const sandbox = sandboxFor(cleanup, { debugLog: true, permission: { "*": "allow", bash: { "*": "ask" } } });
		const pi = startPi(cleanup, {
			sandbox,
			mode: { kind: "print", prompt: "go" },
			script: [...COMMANDS.map((entry) => bashTurn(entry.command)), { kind: "report" }],
		});
		const exit = await pi.waitForExit(120_000);
		expect(exit, pi.describe()).toEqual({ code: 0, signal: null });
		const review = readFileSync(sandbox.reviewLogFile, "utf8");
		const debug = readFileSync(join(sandbox.agentDir, "extensions", "pi-permissions", "logs", "debug.jsonl"), "utf8");
		for (const { secret } of COMMANDS) {
			expect(review, secret).not.toContain(secret);
			expect(debug, secret).not.toContain(secret);
		}
		const decisions = sandbox.decisions();
		expect(decisions).toHaveLength(COMMANDS.length);
		COMMANDS.forEach((entry, index) => {
			const decision = decisions[index];
			expect(decision).toMatchObject({ result: "deny", resolution: "confirmation_unavailable" });
			expect(String(decision?.value).startsWith(entry.name)).toBe(true);
		});
		expect(review).toContain("[redacted]");
	});
});
