import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import piPermissions from "@pi-permissions/pi-extension";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { demoEnvironment } from "../src/demo-environment";
import { runDemo } from "../src/demo-runner";
import { DEMO_STEPS, type DemoStep } from "../src/demo-steps";
import { DemoWorkspace } from "../src/demo-workspace";
import { painter } from "../src/terminal-style";

/** Step 1 (an allowed `ls` chain, harmless to run) with its expectation turned around. */
function misCaptioned(): DemoStep {
	const step = DEMO_STEPS[0];
	if (step === undefined) throw new Error("the demo has no steps");
	const [call] = step.calls;
	if (call === undefined) throw new Error("step 1 makes no call");
	return { ...step, calls: [{ ...call, expect: { result: "deny", decidedBy: "policy", dialog: false } }] };
}

describe("runDemo", () => {
	const parent = mkdtempSync(join(tmpdir(), "pp-demo-runner-"));
	const lines: string[] = [];
	let code: number;

	beforeAll(async () => {
		const space = await DemoWorkspace.create(parent);
		// The same environment the demo's main applies: pi-permissions and the bash tool stay inside the sandbox.
		for (const [key, value] of Object.entries(demoEnvironment(space))) vi.stubEnv(key, value);
		try {
			code = await runDemo({
				space,
				extension: piPermissions,
				paint: painter(false),
				write: (line) => lines.push(line),
				globalHost: globalThis,
				steps: [misCaptioned()],
			});
		} finally {
			vi.unstubAllEnvs();
			await space.remove();
		}
	}, 60_000);

	afterAll(() => {
		rmSync(parent, { recursive: true, force: true });
	});

	it("returns 1 when a step does not behave as its row says", () => {
		expect(code).toBe(1);
	});

	it("names the difference between the expected and the published decision", () => {
		expect(lines).toContain("  ✘ not as captioned: call_1: expected deny by policy, observed allow by policy");
		expect(lines).toContain("1 step(s) did not behave as captioned");
	});
});
