import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigTree } from "./support/cli-harness";

const POLICY = {
	permission: {
		"*": "ask",
		read: "allow",
		bash: { "*": "ask", "git status": "allow", "rm -rf *": "deny" },
	},
};

interface Call {
	readonly id: string;
	readonly tool: string;
	readonly input: Record<string, unknown>;
	readonly time?: string;
}

/** A session file as Pi writes it (docs/session-format.md): a header, then messages with `toolCall` blocks. */
function sessionText(cwd: string, calls: readonly Call[]): string {
	const lines: unknown[] = [
		{ type: "session", version: 3, id: "s-1", timestamp: "2026-01-01T00:00:00.000Z", cwd },
		{
			type: "message",
			id: "u1",
			parentId: null,
			timestamp: "2026-01-01T00:00:01.000Z",
			message: { role: "user", content: "go" },
		},
	];
	calls.forEach((call, index) => {
		lines.push({
			type: "message",
			id: `a${index}`,
			parentId: "u1",
			timestamp: call.time ?? "2026-01-02T00:00:00.000Z",
			message: {
				role: "assistant",
				content: [{ type: "toolCall", id: call.id, name: call.tool, arguments: call.input }],
				stopReason: "toolUse",
			},
		});
		lines.push({
			type: "message",
			id: `r${index}`,
			parentId: `a${index}`,
			timestamp: call.time ?? "2026-01-02T00:00:00.000Z",
			message: { role: "toolResult", toolCallId: call.id, toolName: call.tool, content: [], isError: false },
		});
	});
	return `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`;
}

const CALLS: readonly Call[] = [
	{ id: "c1", tool: "bash", input: { command: "git status" } },
	{ id: "c2", tool: "bash", input: { command: "git push origin main" } },
	{ id: "c3", tool: "bash", input: { command: "git push origin dev" } },
	{ id: "c4", tool: "bash", input: { command: "rm -rf build" } },
	{ id: "c5", tool: "read", input: { path: "a.txt" } },
	{ id: "c6", tool: "write", input: { path: "b.txt", content: "x" }, time: "2025-06-01T00:00:00.000Z" },
];

describe("pi-permissions replay", () => {
	let tree: ConfigTree;
	beforeEach(() => {
		tree = new ConfigTree();
		tree.writeGlobal(POLICY);
		tree.write(join(tree.agentDir, "sessions", "--project--", "2026_s-1.jsonl"), sessionText(tree.project, CALLS));
	});
	afterEach(() => tree.remove());

	async function replay(args: readonly string[] = []) {
		const run = await tree.run(["replay", "--json", ...args]);
		expect(run.code, run.stderr).toBe(0);
		return JSON.parse(run.stdout);
	}

	it("re-decides every recorded call of the agent directory's sessions and counts per tool and surface", async () => {
		const report = await replay();
		expect(report.calls).toBe(6);
		expect(report.totals).toEqual({ allow: 2, ask: 3, deny: 1 });
		expect(report.byTool).toEqual({
			bash: { allow: 1, ask: 2, deny: 1 },
			read: { allow: 1, ask: 0, deny: 0 },
			write: { allow: 0, ask: 1, deny: 0 },
		});
		expect(report.bySurface.bash).toEqual({ allow: 1, ask: 2, deny: 1 });
	});

	it("ranks the most asked families with the rule the dialog would offer", async () => {
		const report = await replay();
		expect(report.families[0]).toMatchObject({
			surface: "bash",
			patterns: ["git push *"],
			rule: '"bash": { "git push *": "allow" }',
			count: 2,
		});
	});

	it("drops calls before --since and rejects a date it cannot read", async () => {
		expect((await replay(["--since", "2026-01-01"])).calls).toBe(5);
		const bad = await tree.run(["replay", "--since", "yesterday-ish"]);
		expect(bad.code).toBe(1);
	});

	it("lists exactly the calls whose decision differs from the review log", async () => {
		const log = [
			{ event: "permission_decision", toolCallId: "c1", result: "allow", resolution: "policy_allow" },
			{ event: "permission_decision", toolCallId: "c2", result: "deny", resolution: "user_denied" },
			{ event: "permission_decision", toolCallId: "c3", result: "allow", resolution: "policy_allow" },
			{ event: "permission_decision", toolCallId: "c4", result: "deny", resolution: "policy_deny" },
			{ event: "session_summary" },
		];
		tree.write(
			join(tree.agentDir, "extensions", "pi-permissions", "logs", "review.jsonl"),
			`${log.map((line) => JSON.stringify(line)).join("\n")}\n`,
		);
		const report = await replay();
		expect(report.compared).toBe(4);
		expect(report.changes).toMatchObject([{ toolCallId: "c3", was: "allow", now: "ask" }]);
	});

	it("does not compare calls whose id appears in more than one session", async () => {
		tree.write(
			join(tree.agentDir, "sessions", "--project--", "2026_s-3.jsonl"),
			sessionText(tree.project, [{ id: "c1", tool: "bash", input: { command: "git push x" } }]),
		);
		tree.write(
			join(tree.agentDir, "extensions", "pi-permissions", "logs", "review.jsonl"),
			`${JSON.stringify({ event: "permission_decision", toolCallId: "c1", result: "allow", resolution: "policy_allow" })}\n`,
		);
		const report = await replay();
		expect(report.calls).toBe(7);
		expect(report.compared).toBe(0);
		expect(report.changes).toEqual([]);
	});

	it("decides with --policy as the global scope (what if)", async () => {
		const stricter = tree.write(join(tree.root, "strict.json"), {
			permission: { ...POLICY.permission, read: "ask" },
		});
		const report = await replay(["--policy", stricter]);
		expect(report.byTool.read).toEqual({ allow: 0, ask: 1, deny: 0 });
	});

	it("reads given files and prints a text report", async () => {
		const file = join(tree.agentDir, "sessions", "--project--", "2026_s-1.jsonl");
		const run = await tree.run(["replay", file]);
		expect(run.code).toBe(0);
		expect(run.stdout).toContain("replayed 6 call(s) from 1 session file(s)");
		expect(run.stdout).toContain('2x  "bash": { "git push *": "allow" }');
	});

	it("draws a progress bar on a terminal for many calls, and none otherwise", async () => {
		const many = Array.from({ length: 2100 }, (_, index) => ({
			id: `m${index}`,
			tool: "read",
			input: { path: `f${index}.txt` },
		}));
		tree.write(join(tree.agentDir, "sessions", "--project--", "2026_s-2.jsonl"), sessionText(tree.project, many));
		const onTerminal = await tree.run(["replay", "--json"], { stderrIsTerminal: true });
		expect(onTerminal.stderr).toContain("replaying 2000/2106");
		const piped = await tree.run(["replay", "--json"]);
		expect(piped.stderr).toBe("");
	});
});
