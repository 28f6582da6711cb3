import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { CleanupStack } from "../support/cleanup-stack";
import { sandboxFor, startPi } from "../support/pi-harness";
import type { PiSandbox } from "../support/pi-sandbox";
import type { JsonValue, ScriptedTurn } from "../support/scripted-turns";

/** The CLI, run from source (the repo's own `pi-permissions`), in the CLI package so `tsx` resolves. */
const CLI_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "../../../cli");
const EXIT_BOUND_MS = 120_000; // a liveness margin (ADR 0047)

const POLICY = {
	permission: {
		"*": "ask",
		read: "allow",
		ls: "allow",
		write: "ask",
		edit: "ask",
		path: { "*.env": { action: "deny", reason: "secrets" } },
		bash: {
			"*": "ask",
			"echo *": "allow",
			"ls *": "allow",
			"cat *": "allow",
			"rm -rf *": { action: "deny", reason: "no recursive deletes" },
		},
	},
};

/** Stricter: reads are asked and `echo` is no longer allowed; nothing else changes. */
const STRICTER = {
	permission: {
		...POLICY.permission,
		read: "ask",
		bash: Object.fromEntries(Object.entries(POLICY.permission.bash).filter(([pattern]) => pattern !== "echo *")),
	},
};

const tool = (name: string, args: { readonly [key: string]: JsonValue }): ScriptedTurn => ({
	kind: "tool",
	tool: name,
	arguments: args,
});

/** 60 calls of five tools: allowed, asked (unavailable in print mode) and denied ones. */
function script(): ScriptedTurn[] {
	const turns: ScriptedTurn[] = [];
	for (let i = 0; i < 6; i++) {
		turns.push(tool("bash", { command: `echo step ${i}` }));
		turns.push(tool("bash", { command: `cat notes-${i}.txt` }));
		turns.push(tool("bash", { command: `npm install pkg-${i}` }));
		turns.push(tool("bash", { command: `rm -rf build-${i}` }));
		turns.push(tool("read", { path: `notes-${i}.txt` }));
		turns.push(tool("read", { path: i % 2 === 0 ? ".env" : `config-${i}.env` }));
		turns.push(tool("write", { path: `out-${i}.txt`, content: "x" }));
		turns.push(tool("edit", { path: `notes-${i}.txt`, edits: [{ oldText: "x", newText: "y" }] }));
		turns.push(tool("ls", { path: "." }));
		turns.push(tool("bash", { command: `git push origin branch-${i}` }));
	}
	return [...turns, { kind: "text", text: "done" }];
}

interface ReplayReport {
	readonly calls: number;
	readonly totals: Record<string, number>;
	readonly byTool: Record<string, Record<string, number>>;
	readonly compared: number;
	readonly changes: readonly { toolCallId: string; toolName: string; was: string; now: string }[];
	readonly families: readonly { rule: string; count: number }[];
	/** With `--mode` (ADR 0054): the calls the mode decides differently from the config's start mode. */
	readonly mode?: {
		readonly mode: string;
		readonly compared: number;
		readonly changes: readonly {
			toolCallId: string;
			toolName: string;
			without: string;
			within: string;
			origin: string;
		}[];
	};
}

function replay(sandbox: PiSandbox, args: readonly string[]): ReplayReport {
	const result = spawnSync(
		process.execPath,
		["--conditions=@pi-permissions/source", "--import", "tsx", "src/main.ts", "replay", "--json", ...args],
		{
			cwd: CLI_DIR,
			env: { PATH: process.env.PATH ?? "", HOME: sandbox.home, PI_CODING_AGENT_DIR: sandbox.agentDir },
			encoding: "utf8",
			timeout: 120_000,
		},
	);
	expect(result.status, result.stderr).toBe(0);
	return JSON.parse(result.stdout) as ReplayReport;
}

/** The review log's decision per call, folded as the replay folds it (deny > ask > allow). */
function recordedTotals(sandbox: PiSandbox): Map<string, string> {
	const rank: Record<string, number> = { allow: 0, ask: 1, deny: 2 };
	const byCall = new Map<string, string>();
	for (const line of sandbox.decisions()) {
		const resolution = String(line.resolution);
		const action = resolution === "policy_deny" ? "deny" : resolution === "confirmation_unavailable" ? "ask" : "allow";
		const id = String(line.toolCallId);
		const before = byCall.get(id);
		if (before === undefined || (rank[action] ?? 0) > (rank[before] ?? 0)) byCall.set(id, action);
	}
	return byCall;
}

const cleanup = new CleanupStack();
afterEach(() => cleanup.run());

describe("pi-permissions replay over sessions recorded by real Pi", () => {
	it("re-decides every recorded call as the review log recorded it, and a stricter policy changes exactly the expected calls", async () => {
		const sandbox = sandboxFor(cleanup, POLICY);
		for (let i = 0; i < 6; i++) sandbox.writeFile(`notes-${i}.txt`, "x\n");
		const turns = script();
		const pi = startPi(cleanup, {
			sandbox,
			mode: { kind: "print", prompt: "work" },
			script: turns,
			tools: ["bash", "read", "write", "edit", "ls"],
			session: true,
		});
		expect(await pi.waitForExit(EXIT_BOUND_MS), pi.describe()).toEqual({ code: 0, signal: null });

		const recorded = recordedTotals(sandbox);
		const calls = turns.length - 1;
		expect(calls).toBeGreaterThanOrEqual(50);
		expect(recorded.size).toBe(calls);

		const same = replay(sandbox, []);
		expect(same.calls).toBe(calls);
		expect(same.compared).toBe(calls);
		expect(same.changes).toEqual([]);
		const counted = { allow: 0, ask: 0, deny: 0 } as Record<string, number>;
		for (const action of recorded.values()) counted[action] = (counted[action] ?? 0) + 1;
		expect(same.totals).toEqual(counted);
		expect(counted).toEqual({ allow: 24, ask: 24, deny: 12 });
		expect(Object.keys(same.byTool).sort()).toEqual(["bash", "edit", "ls", "read", "write"]);
		expect(same.families.map((family) => family.rule)).toContain('"bash": { "npm install *": "allow" }');

		const stricterFile = join(sandbox.root, "stricter.json");
		writeFileSync(stricterFile, JSON.stringify(STRICTER));
		const stricter = replay(sandbox, ["--policy", stricterFile]);
		const expected = turns.flatMap((turn, index) => {
			if (turn.kind !== "tool") return [];
			const id = `call_${index + 1}`;
			const readAllowed = turn.tool === "read" && !String(turn.arguments.path).endsWith(".env");
			const echo = turn.tool === "bash" && String(turn.arguments.command).startsWith("echo ");
			return readAllowed || echo ? [{ toolCallId: id, was: "allow", now: "ask" }] : [];
		});
		expect(expected.length).toBe(12);
		expect(stricter.changes.map(({ toolCallId, was, now }) => ({ toolCallId, was, now }))).toEqual(expected);

		// Issue 35: `replay --mode plan` reports the calls plan mode would have changed: every write, edit, unknown
		// program and writing git subcommand the session asked about is denied; reads and denies stay as they were.
		const plan = replay(sandbox, ["--mode", "plan"]);
		const planned = turns.flatMap((turn, index) => {
			if (turn.kind !== "tool") return [];
			const command = String(turn.arguments.command ?? "");
			const changed =
				turn.tool === "write" ||
				turn.tool === "edit" ||
				command.startsWith("npm install") ||
				command.startsWith("git push");
			return changed ? [{ toolCallId: `call_${index + 1}`, without: "ask", within: "deny", origin: "mode:plan" }] : [];
		});
		expect(planned.length).toBe(24);
		expect(plan.mode?.compared).toBe(calls);
		expect(
			plan.mode?.changes.map(({ toolCallId, without, within, origin }) => ({ toolCallId, without, within, origin })),
		).toEqual(planned);
	});
});
