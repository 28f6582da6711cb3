import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { CleanupStack } from "../support/cleanup-stack";
import { sandboxFor, startPi } from "../support/pi-harness";
import { parseReport } from "../support/scripted-turns";

/**
 * ADR 0036 (seed 000, "External directory detection": Pi infrastructure reads are auto-allowed before the
 * gate; ADR 0036), under the real `pi -p`: Pi's own docs (found through Pi's `getPackageDir()`) and a skill in the
 * agent dir are read with no prompt, where any ask would be refused (print mode has no UI).
 */
const PI_PACKAGE = realpathSync(
	join(dirname(fileURLToPath(import.meta.url)), "../../node_modules/@earendil-works/pi-coding-agent"),
);
const EXIT_BOUND_MS = 120_000; // a liveness margin (ADR 0047)

const cleanup = new CleanupStack();
afterEach(() => cleanup.run());

describe("Pi's own files under pi -p", () => {
	it("reads Pi's docs and an agent-dir skill without a prompt, and still refuses another outside file", async () => {
		const sandbox = sandboxFor(cleanup, { permission: { "*": "allow", external_directory: "ask" } });
		const skill = join(sandbox.agentDir, "skills", "tidy", "SKILL.md");
		mkdirSync(dirname(skill), { recursive: true });
		writeFileSync(skill, "---\nname: tidy\ndescription: Tidies.\n---\nTidy up.\n");
		const notes = join(sandbox.home, "notes.md");
		writeFileSync(notes, "private\n");
		const read = (path: string) => ({ kind: "tool", tool: "read", arguments: { path } }) as const;
		const pi = startPi(cleanup, {
			sandbox,
			mode: { kind: "print", prompt: "read" },
			script: [read(join(PI_PACKAGE, "docs", "mcp.md")), read(skill), read(notes), { kind: "report" }],
			tools: ["read"],
		});
		expect(await pi.waitForExit(EXIT_BOUND_MS), pi.describe()).toEqual({ code: 0, signal: null });
		// The report holds the last result (the outside file, refused); the review log holds all three decisions.
		expect(parseReport(pi.stdout)?.[0]?.isError, pi.describe()).toBe(true);
		const outside = sandbox.decisions().filter((line) => line.gate === "external-directory");
		expect(
			outside.map((line) => line.resolution),
			JSON.stringify(sandbox.reviewLog()),
		).toEqual(["infrastructure_auto_allowed", "infrastructure_auto_allowed", "confirmation_unavailable"]);
	});
});
