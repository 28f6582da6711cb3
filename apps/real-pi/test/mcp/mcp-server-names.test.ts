import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { CleanupStack } from "../support/cleanup-stack";
import { sandboxFor, startPi } from "../support/pi-harness";
import { parseReport } from "../support/scripted-turns";

/**
 * ADR 0036 (seed 000, "MCP target derivation"; Pi 1.6 `docs/mcp.md`, "Configure servers"; ADR 0036): the
 * servers of Pi's `mcp.json` reach the target derivation, so a rule on `exa-web:*` meets Pi's native tool
 * `mcp__exa_web__search` (Pi folds `-` into `_` in tool names; without the server's name the split reads `exa_web`).
 */
const SERVER = join(dirname(fileURLToPath(import.meta.url)), "../support/stdio-mcp-server.mjs");
const TOOL = "mcp__exa_web__search";
const BOUND_MS = 120_000; // a liveness margin (ADR 0047)

const cleanup = new CleanupStack();
afterEach(() => cleanup.run());

describe("Pi's MCP servers and the `mcp` surface (real pi -p)", () => {
	it.each([
		{ rule: "deny", ran: false },
		{ rule: "allow", ran: true },
	])("an `exa-web:*` $rule rule decides Pi's call of `mcp__exa_web__search`", async ({ rule, ran }) => {
		// Everything else asks, so without the rule the call would be refused as unavailable (print mode has no UI).
		const sandbox = sandboxFor(cleanup, { permission: { "*": "allow", mcp: { "*": "ask", "exa-web:*": rule } } });
		const calls = join(sandbox.root, "mcp-calls.txt");
		writeFileSync(
			join(sandbox.agentDir, "mcp.json"),
			JSON.stringify({
				mcpServers: {
					"exa-web": { command: process.execPath, args: [SERVER], env: { MCP_CALLS_FILE: calls }, exposure: "direct" },
				},
			}),
		);
		const pi = startPi(cleanup, {
			sandbox,
			mode: { kind: "print", prompt: "search" },
			script: [{ kind: "tool", tool: TOOL, arguments: { query: "pi permissions" } }, { kind: "report" }],
			tools: ["bash", TOOL],
			// `--no-extensions` (every suite's isolation) leaves Pi's own MCP support out unless it is named.
			extensions: ["builtin:mcp"],
		});
		expect(await pi.waitForExit(BOUND_MS), pi.describe()).toEqual({ code: 0, signal: null });
		const report = parseReport(pi.stdout);
		expect(report?.[0]?.isError, pi.describe()).toBe(!ran);
		expect(existsSync(calls) && readFileSync(calls, "utf8").includes("pi permissions")).toBe(ran);
		const [decision] = sandbox.decisions();
		expect(decision, JSON.stringify(sandbox.reviewLog())).toMatchObject({
			toolName: TOOL,
			value: "exa-web:search",
			matchedPattern: "exa-web:*",
			result: rule,
		});
	});
});
