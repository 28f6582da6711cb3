/**
 * A real in-process Pi session where bubblewrap cannot be found (simulated by a `PATH` that holds only `bash`):
 * `required` denies every bash call with the install hint; `auto` warns once and gates bash as before.
 */
import { mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fauxToolCall } from "@earendil-works/pi-ai";
import { afterEach, describe, expect, it } from "vitest";
import { reviewLogFile } from "../../src/logs/review-log-sink";
import { readJsonl } from "../support/jsonl-records";
import { runPi, workspace } from "../support/pi-session-harness";

const bash = (command: string, id: string) => fauxToolCall("bash", { command }, { id });
const savedPath = process.env.PATH;

/** A directory with `bash` and nothing else, so sandbox-runtime finds no `bwrap`, `socat` or `rg`. */
function pathWithoutBubblewrap(): string {
	const bin = mkdtempSync(join(tmpdir(), "pp-bin-"));
	symlinkSync("/bin/bash", join(bin, "bash"));
	return bin;
}

const config = (mode: "auto" | "required") => ({
	permission: { "*": "ask", bash: { "*": "allow", "rm *": "deny" }, path: { "*.env": "deny" } },
	sandbox: { mode },
});

afterEach(() => {
	process.env.PATH = savedPath;
});

describe("a sandbox that cannot start", () => {
	it("in `required` mode denies every bash call with the install hint, and logs it", async () => {
		const space = workspace({ "a.txt": "hello\n" }, config("required"));
		process.env.PATH = pathWithoutBubblewrap();
		const run = await runPi(space, {
			turns: [[bash("echo one", "call_1")], [bash("echo two", "call_2")]],
			tools: ["bash"],
			human: { selects: [] },
		});
		for (const index of [0, 1]) {
			expect(run.resultText(index)).toContain("`sandbox.mode` is `required` and the sandbox cannot start");
			expect(run.resultText(index)).toContain("apt-get install -y bubblewrap socat`");
			expect(run.ends[index]?.isError).toBe(true);
		}
		expect(run.statuses).toContainEqual(["pi-permissions-sandbox", "sandbox: unavailable (bash denied)"]);
		const unavailable = readJsonl(reviewLogFile(space.agentDir)).filter((r) => r.event === "sandbox_unavailable");
		expect(unavailable.map((record) => record.toolCallId)).toEqual(["call_1", "call_2"]);
	}, 60_000);

	it("in `auto` mode warns once and gates bash as before", async () => {
		const space = workspace({ "a.txt": "hello\n" }, config("auto"));
		process.env.PATH = pathWithoutBubblewrap();
		const run = await runPi(space, {
			turns: [[bash("echo one", "call_1")], [bash("echo two", "call_2")], [bash("rm -rf x", "call_3")]],
			tools: ["bash"],
			human: { selects: [] },
		});
		expect(run.resultText(0)).toContain("one");
		expect(run.resultText(1)).toContain("two");
		expect(run.ends[2]?.isError).toBe(true);
		const warnings = run.notices.filter((notice) => notice.includes("the sandbox cannot start"));
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toContain("bash runs unsandboxed, gated as before");
		expect(run.statuses).toContainEqual(["pi-permissions-sandbox", "sandbox: unavailable (bash unsandboxed)"]);
		const unavailable = readJsonl(reviewLogFile(space.agentDir)).filter((r) => r.event === "sandbox_unavailable");
		expect(unavailable).toMatchObject([{ mode: "auto" }]);
	}, 60_000);
});
