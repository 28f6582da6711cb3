/**
 * `/permissions` in a real in-process Pi session shows the sandbox: its mode, whether it runs, and the plan.
 */
import { describe, expect, it } from "vitest";
import { openCommandSession } from "../commands/command-session";
import { workspace } from "../support/pi-session-harness";

describe("/permissions with the sandbox on", () => {
	it("shows the mode, the state and what a sandboxed command may read, write and reach", async () => {
		const space = workspace(
			{},
			{ permission: { bash: { "*": "allow" }, path: { "*.env": "deny" } }, sandbox: { mode: "required" } },
		);
		const pi = await openCommandSession(space, { answer: "No" });
		try {
			await pi.prompt("/permissions");
			const report = pi.notices.at(-1) ?? "";
			expect(report).toContain("sandbox: mode required, active");
			expect(report).toContain("**.env  <- path rule `*.env`: deny");
			expect(report).toContain("reachable: no network (loopback included)");
			expect(pi.statuses).toContainEqual(["pi-permissions-sandbox", "sandbox: on"]);
		} finally {
			await pi.close();
		}
	}, 60_000);

	it("says the sandbox is off while it is off", async () => {
		const pi = await openCommandSession(workspace({}, { permission: { bash: "allow" } }), { answer: "No" });
		try {
			await pi.prompt("/permissions");
			expect(pi.notices.at(-1)).toContain(
				"sandbox: off (set `sandbox.mode` to `auto` or `required` to run bash in it)",
			);
		} finally {
			await pi.close();
		}
	}, 60_000);
});
