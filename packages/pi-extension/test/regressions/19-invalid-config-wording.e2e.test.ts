import { join } from "node:path";
import { fauxToolCall } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { choose, runPi, workspace } from "../support/pi-session-harness";

const PROJECT_FILE = join(".pi", "extensions", "pi-permissions", "config.json");

describe("ADR 0033: an ask a broken project file forced", () => {
	it("tells the person and the agent that the project config is invalid, naming the file", async () => {
		const space = workspace({ [PROJECT_FILE]: "{ broken" }, { permission: { "*": "allow" } });
		const run = await runPi(space, {
			turns: [[fauxToolCall("bash", { command: "ls" }, { id: "call_1" })]],
			tools: ["bash"],
			human: { selects: [choose("No")] },
		});
		const file = join(space.cwd, PROJECT_FILE);
		const note = `your project config is invalid, so allow rules are asked: ${file}`;
		expect(run.dialogs).toHaveLength(1);
		const dialog = JSON.stringify(run.dialogs[0]);
		expect(dialog).toContain("rule    : your project config is invalid, so allow rules are asked\\n");
		expect(dialog).toContain(`invalid config: ${file}`);
		expect(dialog).not.toContain("no matching rule");
		expect(run.resultText(0)).toBe(`[pi-permissions] Denied by the user: bash command, ${note}.`);
	});
});
