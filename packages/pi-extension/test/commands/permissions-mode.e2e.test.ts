import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fauxToolCall } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { workspace } from "../support/pi-session-harness";
import { openCommandSession } from "./command-session";

/** ADR 0054 in a real Pi session: `/permissions mode`, the launcher's mode, the status line and the review log. */
/** A bash write the gate sees whole (the harness's Pi has the bash tool): asked by the `write` rule by default. */
const write = (path: string, id: string) => fauxToolCall("bash", { command: `echo x > ${path}` }, { id });
const ASK_WRITES = {
	permissionReviewLog: true,
	permission: { "*": "ask", read: "allow", write: "ask", bash: { "*": "ask", "echo *": "allow", "rm -rf *": "deny" } },
};

function reviewRecords(agentDir: string): Record<string, unknown>[] {
	const file = join(agentDir, "extensions", "pi-permissions", "logs", "review.jsonl");
	return readFileSync(file, "utf8")
		.split("\n")
		.filter((line) => line.length > 0)
		.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("/permissions mode in a real Pi session", () => {
	it("lists the allowed modes, and a write asked in default is allowed in accept-edits and denied in plan", async () => {
		const space = workspace({}, ASK_WRITES);
		const pi = await openCommandSession(space, { answer: "No" });
		try {
			await pi.prompt("/permissions mode");
			const listed = pi.notices.at(-1) ?? "";
			expect(listed).toContain("pi-permissions: mode default");
			for (const mode of ["default", "accept-edits", "plan", "dont-ask", "yolo"]) expect(listed).toContain(`${mode}:`);
			// No authorizer link is named, so `auto` is not offered.
			expect(listed).toContain("not allowed here: auto");

			await pi.prompt("go", [[write("a.txt", "call_1")]]);
			expect(pi.dialogs).toHaveLength(1);

			await pi.prompt("/permissions mode accept-edits");
			expect(pi.notices.at(-1)).toContain("mode accept-edits for this session");
			expect(pi.statuses.at(-1)).toEqual(["pi-permissions", "permissions: accept edits"]);
			await pi.prompt("go", [[write("b.txt", "call_2")]]);
			expect(pi.dialogs).toHaveLength(1);
			expect(existsSync(join(space.cwd, "b.txt"))).toBe(true);

			await pi.prompt("/permissions mode plan");
			expect(pi.statuses.at(-1)).toEqual(["pi-permissions", "permissions: plan (read-only)"]);
			await pi.prompt("go", [[write("c.txt", "call_3")]]);
			expect(pi.dialogs).toHaveLength(1);
			expect(existsSync(join(space.cwd, "c.txt"))).toBe(false);
			expect(pi.ends.map((end) => end.isError)).toEqual([true, false, true]);

			await pi.prompt("/permissions mode auto");
			expect(pi.notices.at(-1)).toContain("`auto` needs an authorizer link");
		} finally {
			await pi.close();
		}
		const records = reviewRecords(space.agentDir);
		const decided = records.filter((record) => record.event === "permission_decision");
		// A call may have a record per gate that spoke; each names the mode the call was decided in.
		expect(new Set(decided.map((record) => `${String(record.toolCallId)} ${String(record.mode)}`))).toEqual(
			new Set(["call_1 default", "call_2 accept-edits", "call_3 plan"]),
		);
		const changes = records.filter((record) => record.event === "permission_mode_changed");
		expect(changes.map((record) => [record.previous, record.requested, record.mode])).toEqual([
			["default", "accept-edits", "accept-edits"],
			["accept-edits", "plan", "plan"],
			["plan", "auto", "plan"],
		]);
	});

	it("starts in the launcher's mode, `--permissions-mode`, within the config's allowedModes", async () => {
		const space = workspace({}, { ...ASK_WRITES, allowedModes: ["default", "plan"] });
		const pi = await openCommandSession(space, { answer: "No", flags: { "permissions-mode": "plan" } });
		try {
			await pi.prompt("go", [[write("a.txt", "call_1")]]);
			expect(pi.dialogs).toEqual([]);
			expect(pi.ends.map((end) => end.isError)).toEqual([true]);
			await pi.prompt("/permissions mode yolo");
			expect(pi.notices.at(-1)).toContain("`yolo` is not in allowedModes (default, plan)");
		} finally {
			await pi.close();
		}
	});

	it("warns at start when `--permissions-mode` names no mode, and starts in the config's start mode", async () => {
		const space = workspace({}, ASK_WRITES);
		const pi = await openCommandSession(space, { answer: "No", flags: { "permissions-mode": "yoloo" } });
		try {
			expect(pi.notices.some((notice) => notice.includes('--permissions-mode names no mode ("yoloo")'))).toBe(true);
			await pi.prompt("go", [[write("a.txt", "call_1")]]);
			// The default mode: the write is asked (and answered No), not allowed as yolo would.
			expect(pi.dialogs).toHaveLength(1);
		} finally {
			await pi.close();
		}
	});

	it("refuses `/permissions yolo on` when a scope sets disableYolo", async () => {
		const space = workspace({}, { ...ASK_WRITES, disableYolo: true });
		const pi = await openCommandSession(space, { answer: "No" });
		try {
			await pi.prompt("/permissions yolo on");
			expect(pi.notices.at(-1)).toContain("yolo is disabled by the global scope");
			await pi.prompt("go", [[write("a.txt", "call_1")]]);
			expect(pi.dialogs).toHaveLength(1);
		} finally {
			await pi.close();
		}
	});
});
