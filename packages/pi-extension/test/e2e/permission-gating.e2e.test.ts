import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { fauxToolCall } from "@earendil-works/pi-ai";
import { createCodemodeExtension, type ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { readJsonl } from "../support/jsonl-records";
import { choose, runPi, workspace } from "../support/pi-session-harness";

const bash = (command: string, id: string) => fauxToolCall("bash", { command }, { id });
const read = (path: string, id: string) => fauxToolCall("read", { path }, { id });

const RM_DENIED = { permission: { bash: { "*": "allow", "rm *": "deny" } } };

describe("a real Pi session with pi-permissions", () => {
	it("blocks a denied `rm -rf`, leaves its target in place and tells the model why", async () => {
		const space = workspace({ "victim/keep.txt": "precious" }, RM_DENIED);
		const run = await runPi(space, { turns: [[bash("rm -rf victim", "call_1")]], human: null });
		expect(run.ends[0]?.isError).toBe(true);
		expect(run.resultText(0)).toContain("Denied by policy");
		expect(run.resultText(0)).toContain("rm *");
		expect(run.resultText(0)).not.toContain("rm -rf victim");
		expect(existsSync(join(space.cwd, "victim", "keep.txt"))).toBe(true);
	});

	it("runs an allowed command and returns its output", async () => {
		const space = workspace({ "notes.txt": "hello from disk" }, RM_DENIED);
		const run = await runPi(space, { turns: [[bash("cat notes.txt", "call_1")]], human: null });
		expect(run.ends[0]?.isError).toBe(false);
		expect(run.resultText(0)).toContain("hello from disk");
	});

	it("denies `.env` reads through the read tool and through bash", async () => {
		const config = { permission: { "*": "allow", path: { "*.env": "deny" } } };
		const space = workspace({ ".env": "SECRET=1" }, config);
		const run = await runPi(space, {
			turns: [[read(".env", "call_1")], [bash("cat .env", "call_2")]],
			human: null,
		});
		expect(run.ends.map((end) => end.isError)).toEqual([true, true]);
		for (const index of [0, 1]) {
			expect(run.resultText(index)).toContain("Denied by policy");
			expect(run.resultText(index)).not.toContain("SECRET");
		}
	});

	it("gates a codemode script's nested bash call like any other call", async () => {
		const space = workspace(
			{ "victim/keep.txt": "precious" },
			{ permission: { "*": "allow", bash: { "*": "allow", "rm *": "deny" } } },
		);
		const script = 'await tools.bash({ command: "rm -rf victim" });\nreturn "done";';
		const run = await runPi(space, {
			turns: [[fauxToolCall("codemode", { code: script }, { id: "call_1" })]],
			tools: ["bash", "codemode"],
			before: [createCodemodeExtension({ models: false })],
			human: null,
		});
		expect(run.ends.map((end) => [end.toolCallId, end.isError])).toEqual([
			["call_1/1", true],
			["call_1", true],
		]);
		expect(run.resultText(1)).toContain("Denied by policy: bash command");
		expect(run.decisions.map((fact) => [fact.toolCallId, fact.resolution])).toEqual([
			["call_1", "policy_allow"],
			["call_1/1", "policy_deny"],
		]);
		expect(existsSync(join(space.cwd, "victim", "keep.txt"))).toBe(true);
	});

	it("does not offer the model a tool denied outright, and never activates an inactive tool", async () => {
		const config = { permission: { "*": "allow", read: "deny" } };
		const space = workspace({}, config);
		const run = await runPi(space, { turns: [], tools: ["bash", "read"], human: null });
		expect(run.offered[0]).toEqual(["bash"]);
	});

	it("keeps the active set when nothing is denied outright (no inactive tool appears)", async () => {
		const space = workspace({}, { permission: { "*": "allow" } });
		const run = await runPi(space, { turns: [], tools: ["bash"], human: null });
		expect(run.offered[0]).toEqual(["bash"]);
	});

	it("denies an ask with `confirmation_unavailable` when there is no UI and no parent session", async () => {
		const space = workspace({ "victim/keep.txt": "x" }, { permission: { bash: "ask" } });
		const run = await runPi(space, { turns: [[bash("rm -rf victim", "call_1")]], human: null });
		expect(run.ends[0]?.isError).toBe(true);
		expect(run.resultText(0)).toContain("no interactive UI or authority could answer");
		expect(run.decisions.map((fact) => fact.resolution)).toEqual(["confirmation_unavailable"]);
		expect(existsSync(join(space.cwd, "victim", "keep.txt"))).toBe(true);
	});

	it("blocks with a gate error when deciding the call throws", async () => {
		// An earlier extension corrupts the (mutable, never re-validated) input: the bash gate cannot judge it.
		const corrupt = (pi: ExtensionAPI) => {
			pi.on("tool_call", (event) => {
				(event.input as { command: unknown }).command = 42;
			});
		};
		const space = workspace({ "victim/keep.txt": "x" }, { permission: { "*": "allow" } });
		const run = await runPi(space, { turns: [[bash("echo hi", "call_1")]], before: [corrupt], human: null });
		expect(run.ends[0]?.isError).toBe(true);
		expect(run.resultText(0)).toContain("the permission check failed");
		expect(run.decisions.map((fact) => fact.resolution)).toEqual(["gate_error"]);
	});
});

describe("asks answered through a UI context", () => {
	const ASK_ECHO = { permission: { bash: { "*": "ask", "rm *": "deny" } } };

	it("approves once: the call runs, and the next identical call asks again", async () => {
		const space = workspace({}, ASK_ECHO);
		const run = await runPi(space, {
			turns: [[bash("echo first", "call_1")], [bash("echo first", "call_2")]],
			human: { selects: [choose("Yes"), choose("No")] },
		});
		expect(run.dialogs).toHaveLength(2);
		expect(run.dialogs[0]?.title).toContain("echo first");
		expect(run.resultText(0)).toContain("first");
		expect(run.ends[0]?.isError).toBe(false);
		expect(run.ends[1]?.isError).toBe(true);
		expect(run.resultText(1)).toContain("Denied by the user");
	});

	it("approves for the session: the second identical call runs without a prompt", async () => {
		const space = workspace({}, ASK_ECHO);
		const run = await runPi(space, {
			turns: [[bash("echo again", "call_1")], [bash("echo again", "call_2")]],
			human: { selects: [choose("Yes, for this session")] },
		});
		expect(run.dialogs).toHaveLength(1);
		expect(run.dialogs[0]?.options).toContain("Yes, for this session (`echo *`; not calls your policy denies)");
		expect(run.decisions[0]?.sessionPatterns).toEqual(["echo *"]);
		expect(run.ends.map((end) => end.isError)).toEqual([false, false]);
		expect(run.resultText(1)).toContain("again");
		expect(run.decisions.map((fact) => fact.resolution)).toEqual(["user_approved_for_session", "session_approved"]);
	});

	it("announces `permissions:ui_prompt` once per real ask, with the request id of its decision", async () => {
		const space = workspace({ "a.txt": "x" }, { permission: { bash: { "*": "ask", "ls *": "allow" } } });
		const prompts: { requestId?: unknown }[] = [];
		const listen = (pi: ExtensionAPI) => {
			pi.events.on("permissions:ui_prompt", (event) => prompts.push(event as { requestId?: unknown }));
		};
		const run = await runPi(space, {
			turns: [[bash("ls", "call_1")], [bash("cat a.txt", "call_2")], [bash("cat a.txt", "call_3")]],
			human: { selects: [choose("Yes, for this session")] },
			before: [listen],
		});
		expect(run.decisions.map((fact) => fact.resolution)).toEqual([
			"policy_allow",
			"user_approved_for_session",
			"session_approved",
		]);
		expect(prompts).toHaveLength(1);
		expect(prompts[0]?.requestId).toBe(run.decisions[1]?.requestId);
	});

	it("carries the human's typed reason to the model", async () => {
		const space = workspace({}, ASK_ECHO);
		const run = await runPi(space, {
			turns: [[bash("echo nope", "call_1")]],
			human: { selects: [choose("No, provide reason")], inputs: ["use printf instead"] },
		});
		expect(run.ends[0]?.isError).toBe(true);
		expect(run.resultText(0)).toContain("use printf instead");
	});
});

describe("decisions and the review log", () => {
	it("publishes one `permissions:decision` per call, joined to Pi's tool call id", async () => {
		const space = workspace({ "victim/keep.txt": "x" }, RM_DENIED);
		const run = await runPi(space, {
			turns: [[bash("echo ok", "call_1")], [bash("rm -rf victim", "call_2")]],
			human: null,
		});
		expect(run.decisions.map((fact) => [fact.toolCallId, fact.result, fact.resolution])).toEqual([
			["call_1", "allow", "policy_allow"],
			["call_2", "deny", "policy_deny"],
		]);
		expect(new Set(run.decisions.map((fact) => fact.requestId)).size).toBe(2);
	});

	it("writes every decision to the owner-only review log under the agent dir", async () => {
		const space = workspace({ "victim/keep.txt": "x" }, RM_DENIED);
		const run = await runPi(space, { turns: [[bash("rm -rf victim", "call_1")]], human: null });
		const file = join(space.agentDir, "extensions", "pi-permissions", "logs", "review.jsonl");
		const records = readJsonl(file).filter((record) => record.event === "permission_decision");
		expect(records).toHaveLength(1);
		expect(records[0]).toMatchObject({
			event: "permission_decision",
			requestId: run.decisions[0]?.requestId,
			toolCallId: "call_1",
			resolution: "policy_deny",
			matchedPattern: "rm *",
		});
		expect(statSync(file).mode & 0o777).toBe(0o600);
	});

	it("writes no review log when the operator turns it off", async () => {
		const space = workspace({}, { permissionReviewLog: false, permission: { "*": "allow" } });
		await runPi(space, { turns: [[bash("echo ok", "call_1")]], human: null });
		expect(existsSync(join(space.agentDir, "extensions", "pi-permissions", "logs", "review.jsonl"))).toBe(false);
	});
});

describe("session start", () => {
	it("announces `permissions:ready` with the session id", async () => {
		const space = workspace({}, { permission: { "*": "allow" } });
		const run = await runPi(space, { turns: [], human: null });
		expect(run.ready).toEqual([{ sessionId: run.sessionId }]);
	});

	it("warns through the UI about an invalid project config and its fail-closed consequence", async () => {
		const space = workspace(
			{ ".pi/extensions/pi-permissions/config.json": "{ not json" },
			{ permission: { "*": "allow" } },
		);
		const run = await runPi(space, { turns: [[bash("echo hi", "call_1")]], human: { selects: [choose("No")] } });
		expect(run.notices.some((line) => line.includes("config.json:1") && line.includes("error"))).toBe(true);
		expect(run.notices).toContain("pi-permissions: project scope invalid, allow clamped to ask");
		// Fail closed: the global allow is clamped, so the call asks (and the human refused).
		expect(run.dialogs).toHaveLength(1);
		expect(run.ends[0]?.isError).toBe(true);
	});
});

describe("yolo", () => {
	const ASK_BASH = { permission: { bash: { "*": "ask", "rm *": "deny" } } };

	it("auto-approves asks under `PI_PERMISSIONS_YOLO=1`, but never a deny", async () => {
		const space = workspace({ "victim/keep.txt": "x" }, ASK_BASH);
		const run = await runPi(space, {
			turns: [[bash("echo yolo", "call_1")], [bash("rm -rf victim", "call_2")]],
			env: { PI_PERMISSIONS_YOLO: "1" },
			human: { selects: [] },
		});
		expect(run.dialogs).toEqual([]);
		expect(run.ends.map((end) => end.isError)).toEqual([false, true]);
		expect(run.resultText(0)).toContain("yolo");
		expect(run.decisions.map((fact) => fact.resolution)).toEqual(["auto_approved", "policy_deny"]);
		expect(existsSync(join(space.cwd, "victim", "keep.txt"))).toBe(true);
		expect(run.statuses).toContainEqual(["pi-permissions", "permissions: YOLO (asks auto-approved)"]);
	});

	it("leaves yolo to the config for any other value", async () => {
		const space = workspace({}, ASK_BASH);
		const run = await runPi(space, {
			turns: [[bash("echo hi", "call_1")]],
			env: { PI_PERMISSIONS_YOLO: "true" },
			human: null,
		});
		expect(run.decisions.map((fact) => fact.resolution)).toEqual(["confirmation_unavailable"]);
	});
});
