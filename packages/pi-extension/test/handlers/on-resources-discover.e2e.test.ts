import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxToolCall } from "@earendil-works/pi-ai";
import type { ExtensionAPI, ExtensionFactory } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { STATUS_KEY } from "../../src/status-indicator";
import { openSession } from "../support/pi-prompt-session";
import { runPi, type Workspace, workspace } from "../support/pi-session-harness";

const cat = (id: string) => fauxToolCall("bash", { command: "cat notes.txt" }, { id });

function globalConfig(space: Workspace): string {
	return join(space.agentDir, "extensions", "pi-permissions", "config.json");
}

/** An extension loaded before pi-permissions that rewrites the global config when Pi discovers resources. */
function editsConfigOnDiscover(space: Workspace, config: unknown): ExtensionFactory {
	return (pi: ExtensionAPI): void => {
		pi.on("resources_discover", () => {
			writeFileSync(globalConfig(space), typeof config === "string" ? config : JSON.stringify(config));
		});
	};
}

const PERMISSIVE = "permissive top-level";

describe("resources_discover in a real Pi session", () => {
	it("applies a changed config file from the next turn (the config check at agent start, ADR 0032) and after a reload", async () => {
		const space = workspace({ "notes.txt": "hello from disk" }, { permission: { "*": "allow" } });
		const session = await openSession(space, { tools: ["bash"] });
		try {
			await session.prompt("first", [[cat("call_1")]]);
			const denyCat = { permission: { "*": "allow", bash: { "*": "allow", "cat *": "deny" } } };
			writeFileSync(globalConfig(space), JSON.stringify(denyCat));
			await session.prompt("second", [[cat("call_2")]]);
			await session.discoverResources();
			await session.prompt("third", [[cat("call_3")]]);
			expect(session.ends.map((end) => [end.toolCallId, end.isError])).toEqual([
				["call_1", false],
				["call_2", true],
				["call_3", true],
			]);
		} finally {
			await session.close();
		}
	});

	it("offers a tool it hid again once a reloaded config lifts its deny, and hides it again when denied anew", async () => {
		const space = workspace({}, { permission: { "*": "allow", read: "deny" } });
		const session = await openSession(space, { tools: ["bash", "read"] });
		try {
			await session.prompt("first");
			writeFileSync(globalConfig(space), JSON.stringify({ permission: { "*": "allow" } }));
			await session.discoverResources();
			await session.prompt("second");
			writeFileSync(globalConfig(space), JSON.stringify({ permission: { "*": "allow", read: "deny" } }));
			await session.discoverResources();
			await session.prompt("third");
			expect(session.requests.map((request) => request.tools)).toEqual([["bash"], ["bash", "read"], ["bash"]]);
		} finally {
			await session.close();
		}
	});

	it("shows a warning the reloaded config raises once, and never repeats one this session has shown", async () => {
		const space = workspace({}, { permission: { "*": "ask" } });
		const session = await openSession(space, { tools: ["bash"], answer: "No" });
		try {
			const startNotices = session.notices.length;
			writeFileSync(globalConfig(space), JSON.stringify({ permission: { "*": "allow" } }));
			await session.discoverResources();
			await session.discoverResources();
			writeFileSync(globalConfig(space), JSON.stringify({ permission: { "*": "ask" } }));
			await session.discoverResources();
			writeFileSync(globalConfig(space), JSON.stringify({ permission: { "*": "allow" } }));
			await session.discoverResources();
			const added = session.notices.slice(startNotices);
			expect(added).toHaveLength(1);
			expect(added[0]).toContain(PERMISSIVE);
		} finally {
			await session.close();
		}
	});

	it("sets the status line from the reloaded policy and shows only the warnings not shown at start", async () => {
		const space = workspace({}, { permission: { "*": "allow" } });
		const run = await runPi(space, {
			turns: [],
			tools: ["bash"],
			before: [editsConfigOnDiscover(space, { yoloMode: true, permission: { "*": "allow" } })],
			human: { selects: [] },
		});
		expect(run.notices.filter((notice) => notice.includes(PERMISSIVE))).toHaveLength(1);
		// The status line always names the mode (ADR 0054): `default` at start, yolo after the reload.
		expect(run.statuses).toEqual([
			[STATUS_KEY, "permissions: default"],
			[STATUS_KEY, "permissions: YOLO (asks auto-approved)"],
		]);
	});

	it("keeps the last valid policy of a config that broke mid-session, and says so (ADR 0022, ADR 0021)", async () => {
		// Changed by ADR 0022: a broken save used to drop the global scope (and the status its policy had set); a
		// session now keeps the file's last valid content until it is valid again, and shows why with the error.
		const space = workspace({}, { yoloMode: true, permission: { bash: "ask" } });
		const run = await runPi(space, {
			turns: [],
			tools: ["bash"],
			before: [editsConfigOnDiscover(space, '{ "yoloMode": true, "permission": { "bash": "ask" ')],
			human: { selects: [] },
		});
		expect(run.notices).toEqual([
			`pi-permissions: active, policy from global ${globalConfig(space)}`,
			`pi-permissions: global config is not valid now; its last valid content is used, with any denies the new text adds, until it is fixed (${globalConfig(space)})`,
			expect.stringContaining(`${globalConfig(space)}:1:`),
		]);
		// The status is set again on reload, and stays what the kept policy says.
		expect(run.statuses).toEqual([
			[STATUS_KEY, "permissions: YOLO (asks auto-approved)"],
			[STATUS_KEY, "permissions: YOLO (asks auto-approved)"],
		]);
	});
});
