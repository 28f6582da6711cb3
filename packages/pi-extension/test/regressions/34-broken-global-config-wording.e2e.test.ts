import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxToolCall } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { openCommandSession } from "../commands/command-session";
import { choose, runPi, workspace } from "../support/pi-session-harness";

/** A global config with one typo: its deny rules are salvaged, its allows are not applied (ADR 0021). */
const BROKEN_GLOBAL = `{
	"permission": {
		"*": "allow",
		"bash": { "*": "ask", "ls *": "alow", "rm -rf *": "deny" },
		"path": { "*.env": { "action": "deny", "reason": "environment files hold secrets" } }
	}
}
`;

function brokenGlobalSpace() {
	const space = workspace({});
	const file = join(space.agentDir, "extensions", "pi-permissions", "config.json");
	mkdirSync(join(space.agentDir, "extensions", "pi-permissions"), { recursive: true });
	writeFileSync(file, BROKEN_GLOBAL);
	return { space, file };
}

describe("issue 34: what the start and a broken global config show", () => {
	it("tells the person and the agent that the global config is invalid, naming the file, not 'no matching rule'", async () => {
		const { space, file } = brokenGlobalSpace();
		const run = await runPi(space, {
			turns: [[fauxToolCall("bash", { command: "git status" }, { id: "call_1" })]],
			tools: ["bash"],
			human: { selects: [choose("No")] },
		});
		expect(run.dialogs).toHaveLength(1);
		const dialog = JSON.stringify(run.dialogs[0]);
		expect(dialog).toContain("your global config is invalid, so allow rules are asked");
		expect(dialog).toContain(`invalid config: ${file}`);
		expect(dialog).not.toContain("no matching rule");
		expect(run.resultText(0)).toBe(
			`[pi-permissions] Denied by the user: bash command, your global config is invalid, so allow rules are asked: ${file}.`,
		);
	});

	it("lists the salvaged denies in /permissions, marked as kept from the invalid file", async () => {
		const { space, file } = brokenGlobalSpace();
		const pi = await openCommandSession(space, { answer: "No" });
		try {
			await pi.prompt("/permissions");
			const report = pi.notices.at(-1)?.split("\n") ?? [];
			expect(report).toContain(
				`scope global: invalid (${file}): its denies still apply, its other rules do not; every allow is asked`,
			);
			expect(report).toContain(`  bash  rm -rf *  deny  global  ${file}  (kept from the invalid file)`);
			expect(report).toContain(`  path  *.env  deny  global  ${file}  (kept from the invalid file)`);
			expect(report.filter((line) => line.includes("allow  global"))).toEqual([]);
		} finally {
			await pi.close();
		}
	});

	it("starts with a one-line notice that pi-permissions is active, suggesting `pi-permissions init` without a config", async () => {
		const none = await openCommandSession(workspace({}), { answer: "No" });
		try {
			expect(none.notices[0]).toBe(
				"pi-permissions: active with no config file, so every tool call is asked; run `pi-permissions init` to write the recommended policy",
			);
		} finally {
			await none.close();
		}
		const { space, file } = brokenGlobalSpace();
		const broken = await openCommandSession(space, { answer: "No" });
		try {
			expect(broken.notices[0]).toBe(`pi-permissions: active, policy from global ${file}`);
		} finally {
			await broken.close();
		}
	});
});
