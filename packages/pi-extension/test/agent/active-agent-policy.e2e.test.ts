import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ToolCall } from "@earendil-works/pi-ai";
import type { ExtensionFactory } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { runPi, type Workspace, workspace } from "../support/pi-session-harness";

const ALLOW_ALL = { permission: { "*": "allow" } };

/** The reviewer may run bash, but never `touch`; the locked agent may not run bash at all. */
const AGENTS: Readonly<Record<string, string>> = {
	reviewer: '---\nname: reviewer\npermission:\n  bash:\n    "*": allow\n    "touch *": deny\n---\nReview only.\n',
	locked: "---\nname: locked\npermission:\n  bash: deny\n---\nNo shell.\n",
};

function agentSpace(): Workspace {
	const space = workspace({}, ALLOW_ALL);
	mkdirSync(join(space.agentDir, "agents"), { recursive: true });
	for (const [name, text] of Object.entries(AGENTS)) writeFileSync(join(space.agentDir, "agents", `${name}.md`), text);
	return space;
}

function touch(file: string): ToolCall {
	return { type: "toolCall", id: "call_1", name: "bash", arguments: { command: `touch ${file}` } };
}

/** A multi-agent extension that names the agent in the system prompt. */
function promptTag(name: string): ExtensionFactory {
	return (pi) => {
		pi.on("before_agent_start", (event) => ({ systemPrompt: `${event.systemPrompt}\n<active_agent name="${name}">` }));
	};
}

/** A multi-agent extension that records the agent as a session entry when the session starts. */
function sessionEntry(name: string): ExtensionFactory {
	return (pi) => {
		pi.on("session_start", () => {
			pi.appendEntry("active_agent", { name });
		});
	};
}

describe("per-agent policy from the active-agent signal (real Pi sessions)", () => {
	it("runs a call the main policy allows when no agent is signalled", async () => {
		const space = agentSpace();
		const run = await runPi(space, { turns: [[touch("main.txt")]] });
		expect(run.decisions.map((fact) => [fact.agentName, fact.result])).toEqual([[null, "allow"]]);
		expect(existsSync(join(space.cwd, "main.txt"))).toBe(true);
	});

	it.each([
		{ signal: "a system-prompt tag", before: promptTag("reviewer") },
		{ signal: "an active_agent session entry", before: sessionEntry("reviewer") },
	])("decides under the agent's frontmatter when $signal names it", async ({ before }) => {
		const space = agentSpace();
		const run = await runPi(space, { turns: [[touch("agent.txt")]], before: [before] });
		expect(run.decisions.map((fact) => [fact.agentName, fact.result, fact.matchedPattern])).toEqual([
			["reviewer", "deny", "touch *"],
		]);
		expect(run.ends[0]?.isError).toBe(true);
		expect(existsSync(join(space.cwd, "agent.txt"))).toBe(false);
	});

	it("hides a tool the agent denies outright from the model", async () => {
		const space = agentSpace();
		const run = await runPi(space, { turns: [], before: [promptTag("locked")] });
		expect(run.offered[0]).not.toContain("bash");
		expect(run.offered[0]).toContain("read");
	});

	it("ignores a signal whose name cannot name an agent file, keeping the main policy", async () => {
		const space = agentSpace();
		writeFileSync(join(space.agentDir, "evil.md"), AGENTS.locked ?? "");
		const run = await runPi(space, { turns: [[touch("main.txt")]], before: [promptTag("../evil")] });
		expect(run.decisions.map((fact) => [fact.agentName, fact.result])).toEqual([[null, "allow"]]);
		expect(existsSync(join(space.cwd, "main.txt"))).toBe(true);
	});
});
