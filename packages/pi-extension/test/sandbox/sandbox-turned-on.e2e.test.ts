/**
 * A sandbox switched on mid-session (the config reloaded with `sandbox.mode: required`) in a real in-process Pi
 * session: the first bash call after it is refused while bash is routed through the sandbox, and every later call
 * runs inside it. No call runs bare once the policy requires the sandbox.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxToolCall } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { openSession } from "../support/pi-prompt-session";
import { workspace } from "../support/pi-session-harness";

const SECRET = "hunter2-mid";
const cat = (id: string) => fauxToolCall("bash", { command: "grep -r SECRET ." }, { id });
const POLICY = { "*": "ask", bash: { "*": "allow" }, path: { "*.env": "deny" } };

describe("a sandbox turned on mid-session", () => {
	it("refuses the first call after it, then runs every bash call inside it", async () => {
		const space = workspace({ ".env": `SECRET=${SECRET}\n` }, { permission: POLICY });
		const session = await openSession(space, { tools: ["bash"] });
		try {
			await session.prompt("first", [[cat("call_1")]]);
			const config = join(space.agentDir, "extensions", "pi-permissions", "config.json");
			writeFileSync(config, JSON.stringify({ permission: POLICY, sandbox: { mode: "required" } }));
			await session.discoverResources();
			await session.prompt("second", [[cat("call_2")], [cat("call_3")]]);
			const text = (index: number) =>
				JSON.stringify((session.ends[index]?.result as { content?: unknown } | undefined)?.content ?? "");
			// Off: the gate alone, which asks about a recursive read of a tree holding the denied `.env` (ADR 0050);
			// with no UI nobody can approve it, so the secret is not shown.
			expect(session.ends[0]?.isError).toBe(true);
			expect(text(0)).toContain("<recursive-read>");
			expect(text(0)).not.toContain(SECRET);
			expect(session.ends[1]?.isError).toBe(true);
			expect(text(1)).toContain("the sandbox was just turned on");
			expect(text(2)).not.toContain(SECRET);
			expect(text(2)).toContain("blocked by the sandbox: read of `./.env` is denied by rule `*.env`");
		} finally {
			await session.close();
		}
	}, 60_000);
});
