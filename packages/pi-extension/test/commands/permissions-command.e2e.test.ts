import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxToolCall } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { workspace } from "../support/pi-session-harness";
import { openCommandSession } from "./command-session";

const bash = (command: string, id: string) => fauxToolCall("bash", { command }, { id });
const ASK_BASH = { permission: { bash: { "*": "ask", "rm *": "deny" } } };

describe("/permissions in a real Pi session", () => {
	it("revokes a session grant, so the next matching call asks again", async () => {
		const pi = await openCommandSession(workspace({}, ASK_BASH), { answer: "Yes, for this session" });
		try {
			await pi.prompt("go", [[bash("echo one", "call_1")], [bash("echo two", "call_2")]]);
			expect(pi.dialogs).toHaveLength(1);
			await pi.prompt("/permissions grants");
			expect(pi.notices.at(-1)).toContain("session-1  bash  echo *  allow");
			await pi.prompt("/permissions revoke session-1");
			expect(pi.notices.at(-1)).toContain("revoked session-1");
			await pi.prompt("go", [[bash("echo three", "call_3")]]);
			expect(pi.dialogs).toHaveLength(2);
			expect(pi.ends.map((end) => end.isError)).toEqual([false, false, false]);
		} finally {
			await pi.close();
		}
	});

	it("turns yolo on for the session: an ask passes unasked, a deny still blocks, the status line says so", async () => {
		const space = workspace({ "victim/keep.txt": "x" }, ASK_BASH);
		const pi = await openCommandSession(space, { answer: "No" });
		try {
			await pi.prompt("/permissions yolo on");
			expect(pi.notices.at(-1)).toContain("yolo on for this session");
			expect(pi.statuses).toContainEqual(["pi-permissions", "permissions: YOLO (asks auto-approved)"]);
			await pi.prompt("go", [[bash("echo yolo", "call_1")], [bash("rm -rf victim", "call_2")]]);
			expect(pi.dialogs).toEqual([]);
			expect(pi.ends.map((end) => end.isError)).toEqual([false, true]);
			expect(existsSync(join(space.cwd, "victim", "keep.txt"))).toBe(true);
			await pi.prompt("/permissions yolo off");
			await pi.prompt("go", [[bash("echo asked", "call_3")]]);
			expect(pi.dialogs).toHaveLength(1);
		} finally {
			await pi.close();
		}
	});

	it("auto-approves asks under the `--permissions-yolo` flag, which the session toggle cannot turn off", async () => {
		const pi = await openCommandSession(workspace({}, ASK_BASH), {
			answer: "No",
			flags: { "permissions-yolo": true },
		});
		try {
			await pi.prompt("/permissions yolo off");
			expect(pi.notices.at(-1)).toContain("yolo stays on");
			await pi.prompt("go", [[bash("echo flagged", "call_1")]]);
			expect(pi.dialogs).toEqual([]);
			expect(pi.ends.map((end) => end.isError)).toEqual([false]);
		} finally {
			await pi.close();
		}
	});

	it("shows the effective policy with origins and scope files, and the log paths", async () => {
		const space = workspace({}, ASK_BASH);
		const pi = await openCommandSession(space, { answer: "No" });
		try {
			await pi.prompt("/permissions");
			const global = join(space.agentDir, "extensions", "pi-permissions", "config.json");
			expect(pi.notices.at(-1)).toContain(`  bash  rm *  deny  global  ${global}`);
			await pi.prompt("/permissions logs");
			expect(pi.notices.at(-1)).toContain(join(space.agentDir, "extensions", "pi-permissions", "logs", "review.jsonl"));
			await pi.prompt("/permissions bogus");
			expect(pi.notices.at(-1)).toContain("usage: /permissions");
		} finally {
			await pi.close();
		}
	});

	it("persists yolo to the global config file, keeping its other keys, and applies it at once", async () => {
		const space = workspace({}, { ...ASK_BASH, permissionReviewLog: false });
		const pi = await openCommandSession(space, { answer: "No" });
		const file = join(space.agentDir, "extensions", "pi-permissions", "config.json");
		try {
			await pi.prompt("/permissions yolo persist on");
			expect(pi.notices.at(-1)).toContain(`yoloMode on written to ${file}`);
			expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
				...ASK_BASH,
				permissionReviewLog: false,
				yoloMode: true,
			});
			await pi.prompt("go", [[bash("echo persisted", "call_1")]]);
			expect(pi.dialogs).toEqual([]);
			expect(pi.ends.map((end) => end.isError)).toEqual([false]);
		} finally {
			await pi.close();
		}
	});

	it("refuses to persist over a global config that is not plain JSON, and leaves it as it was", async () => {
		const space = workspace({}, ASK_BASH);
		const file = join(space.agentDir, "extensions", "pi-permissions", "config.json");
		const text = '// my notes\n{ "permission": { "bash": "ask" } }\n';
		writeFileSync(file, text);
		const pi = await openCommandSession(space, { answer: "No" });
		try {
			await pi.prompt("/permissions yolo persist on");
			expect(pi.notices.at(-1)).toContain("not changed");
			expect(readFileSync(file, "utf8")).toBe(text);
		} finally {
			await pi.close();
		}
	});
});
