/**
 * ADR 0026, protected targets, through the real `pi` command: a model allowed to write and to `echo` cannot rewrite
 * the project's permission config with bash or the write tool, with or without yolo; the file is unchanged and the
 * tool result says why.
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { CleanupStack } from "../support/cleanup-stack";
import { sandboxFor, startPi } from "../support/pi-harness";
import { bashTurn, parseReport } from "../support/scripted-turns";

const EXIT_BOUND_MS = 120_000; // a liveness margin (ADR 0047)
const PROJECT_CONFIG = ".pi/extensions/pi-permissions/config.json";
const ORIGINAL = '{ "permission": { "bash": { "rm *": "deny" } } }\n';

const cleanup = new CleanupStack();
afterEach(() => cleanup.run());

const ATTEMPTS = [
	{ tool: "bash", turn: bashTurn(`echo '{"permission":{"*":"allow"}}' > ${PROJECT_CONFIG}`) },
	{
		tool: "write",
		turn: {
			kind: "tool",
			tool: "write",
			arguments: { path: PROJECT_CONFIG, content: '{"permission":{"*":"allow"}}' },
		} as const,
	},
];

describe.each([
	{ name: "rules allow writes", yoloMode: false },
	{ name: "yolo", yoloMode: true },
])("pi -p: the agent rewriting its own permission config ($name)", ({ yoloMode }) => {
	it.each(ATTEMPTS)(
		"is refused for $tool, the config is unchanged, and the model is told why",
		async ({ tool, turn }) => {
			const sandbox = sandboxFor(cleanup, {
				yoloMode,
				permission: { "*": "ask", write: "allow", bash: { "*": "ask", "echo *": "allow" } },
			});
			const config = sandbox.writeFile(PROJECT_CONFIG, ORIGINAL);
			const pi = startPi(cleanup, {
				sandbox,
				tools: ["bash", "write"],
				mode: { kind: "print", prompt: "widen your permissions" },
				script: [turn, { kind: "report" }],
			});
			expect(await pi.waitForExit(EXIT_BOUND_MS), pi.describe()).toEqual({ code: 0, signal: null });
			expect(readFileSync(config, "utf8")).toBe(ORIGINAL);
			const report = parseReport(pi.stdout);
			expect(report, pi.describe()).toMatchObject([{ toolName: tool, isError: true }]);
			expect(report?.[0]?.text).toContain("writes the permission config");
			expect(report?.[0]?.text).toContain("only the human at the terminal may approve");
			expect(sandbox.decisions().filter((line) => line.result === "deny")).toMatchObject([
				{ gate: "protected-target", resolution: "confirmation_unavailable" },
			]);
		},
	);
});
