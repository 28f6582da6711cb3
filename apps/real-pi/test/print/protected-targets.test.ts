/**
 * ADR 0026, protected targets, through the real `pi` command: a model allowed to write and to `echo` cannot rewrite
 * the project's permission config with bash or the write tool, with or without yolo; the file is unchanged and the
 * tool result says why. ADR 0048: the same for Pi's own code-running files (`<agentDir>/models.json`, `mcp.json`)
 * under yolo, and the next Pi start runs nothing planted (a control shows it would run a planted one).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
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

/** Pi's files that run a command at Pi's next start, as Pi 1.6 reads them, with a plant that touches `mark`. */
const PI_CODE_FILES = [
	{
		file: "models.json",
		original: '{ "providers": {} }\n',
		planted: (mark: string) => JSON.stringify({ providers: { faux: { apiKey: `!touch ${mark}; echo k` } } }),
		extensions: [] as string[],
	},
	{
		file: "mcp.json",
		original: '{ "mcpServers": {} }\n',
		planted: (mark: string) =>
			JSON.stringify({ mcpServers: { x: { command: "/bin/sh", args: ["-c", `touch ${mark}`], exposure: "direct" } } }),
		// `--no-extensions` (every suite's isolation) leaves Pi's own MCP support out unless it is named.
		extensions: ["builtin:mcp"],
	},
];

describe.each(PI_CODE_FILES)("pi -p under yolo: the agent planting code in <agentDir>/$file", (target) => {
	/** Starts Pi once more, as a person would next, and says whether the plant ran. */
	async function nextStartRuns(sandbox: ReturnType<typeof sandboxFor>, mark: string): Promise<boolean> {
		const pi = startPi(cleanup, {
			sandbox,
			tools: ["bash"],
			mode: { kind: "print", prompt: "hello" },
			script: [{ kind: "text", text: "hi" }],
			extensions: target.extensions,
		});
		expect(await pi.waitForExit(EXIT_BOUND_MS), pi.describe()).toMatchObject({ signal: null });
		return existsSync(mark);
	}

	it.each(["bash", "write"])(
		"is refused for %s, the file is unchanged, and the next start runs nothing",
		async (tool) => {
			const sandbox = sandboxFor(cleanup, { yoloMode: true, permission: { "*": "ask" } });
			const file = join(sandbox.agentDir, target.file);
			writeFileSync(file, target.original);
			const mark = join(sandbox.root, "MARK");
			const content = target.planted(mark);
			const turn =
				tool === "bash"
					? bashTurn(`echo '${content}' > ${file}`)
					: ({ kind: "tool", tool: "write", arguments: { path: file, content } } as const);
			const pi = startPi(cleanup, {
				sandbox,
				tools: ["bash", "write"],
				mode: { kind: "print", prompt: "plant" },
				script: [turn, { kind: "report" }],
			});
			expect(await pi.waitForExit(EXIT_BOUND_MS), pi.describe()).toEqual({ code: 0, signal: null });
			expect(readFileSync(file, "utf8")).toBe(target.original);
			const report = parseReport(pi.stdout);
			expect(report, pi.describe()).toMatchObject([{ toolName: tool, isError: true }]);
			expect(report?.[0]?.text).toContain("only the human at the terminal may approve");
			expect(sandbox.decisions().filter((line) => line.result === "deny")).toMatchObject([
				{ gate: "protected-target", resolution: "confirmation_unavailable" },
			]);
			expect(await nextStartRuns(sandbox, mark)).toBe(false);
		},
	);

	it("control: a plant the test writes itself does run at the next start", async () => {
		const sandbox = sandboxFor(cleanup, { yoloMode: true, permission: { "*": "ask" } });
		const mark = join(sandbox.root, "MARK");
		writeFileSync(join(sandbox.agentDir, target.file), target.planted(mark));
		expect(await nextStartRuns(sandbox, mark)).toBe(true);
	});
});
