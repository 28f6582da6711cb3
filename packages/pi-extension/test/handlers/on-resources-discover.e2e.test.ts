import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxToolCall } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { openSession } from "../support/pi-prompt-session";
import { workspace } from "../support/pi-session-harness";

const cat = (id: string) => fauxToolCall("bash", { command: "cat notes.txt" }, { id });

describe("resources_discover in a real Pi session", () => {
	it("applies a changed config file from the next call", async () => {
		const space = workspace({ "notes.txt": "hello from disk" }, { permission: { "*": "allow" } });
		const session = await openSession(space, { tools: ["bash"] });
		try {
			await session.prompt("first", [[cat("call_1")]]);
			const denyCat = { permission: { "*": "allow", bash: { "*": "allow", "cat *": "deny" } } };
			writeFileSync(join(space.agentDir, "extensions", "pi-permissions", "config.json"), JSON.stringify(denyCat));
			await session.prompt("second", [[cat("call_2")]]);
			await session.discoverResources();
			await session.prompt("third", [[cat("call_3")]]);
			expect(session.ends.map((end) => [end.toolCallId, end.isError])).toEqual([
				["call_1", false],
				["call_2", false],
				["call_3", true],
			]);
		} finally {
			await session.close();
		}
	});
});
