import type { ExtensionCommandContext } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { runPermissionsCommand } from "../../src/commands/permissions-command";
import { context, stateFor } from "../support/extension-state-fixture";
import { workspace } from "../support/pi-session-harness";

describe("runPermissionsCommand without a UI", () => {
	it("prints the report through the injected output", async () => {
		const space = workspace({}, { permission: { bash: { "rm *": "deny" } } });
		const { state } = stateFor(space);
		const printed: string[] = [];
		// The no-UI context carries only the facts a session reads; the command never touches its UI.
		const ctx = context(space.cwd) as unknown as ExtensionCommandContext;
		await runPermissionsCommand({ state, agentDir: space.agentDir, output: (text) => printed.push(text) }, "", ctx);
		await runPermissionsCommand({ state, agentDir: space.agentDir, output: (text) => printed.push(text) }, "x", ctx);
		expect(printed).toHaveLength(2);
		expect(printed[0]).toContain("  bash  rm *  deny  global");
		expect(printed[1]).toContain("usage: /permissions");
		await state.close();
	});
});
