import { type ChildProcess, spawn } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigTree } from "../support/cli-harness";

/**
 * ADR 0022 through the CLI: a writer process saves a `rm *: deny` policy in place, alternating the whole file with
 * each of its prefixes (every byte length), while `check bash 'rm -rf x' --yolo` runs in a loop. No run may allow.
 * (The engine's real-fs test makes 2,000 decisions; each `check` here may wait up to 100 ms of re-reads.)
 */
const POLICY = '{\n  "permission": {\n    "bash": {\n      "rm *": "deny"\n    }\n  }\n}\n';
const WRITER = `
const { writeFileSync } = require("node:fs");
const [file, text] = process.argv.slice(1);
for (;;) {
	for (let length = 0; length < text.length; length++) {
		writeFileSync(file, text);
		writeFileSync(file, text.slice(0, length));
	}
}
`;

let tree: ConfigTree;
let writer: ChildProcess | null = null;
beforeEach(() => {
	tree = new ConfigTree();
	tree.writeGlobal(POLICY);
});
afterEach(() => {
	writer?.kill("SIGKILL");
	writer = null;
	tree.remove();
});

describe("ADR 0022: check --yolo during a concurrent in-place rewrite", () => {
	it("never allows `rm -rf x` across 150 runs", async () => {
		writer = spawn(process.execPath, ["-e", WRITER, tree.globalFile, POLICY], { stdio: "ignore" });
		await new Promise((resolve) => setTimeout(resolve, 50));
		const actions: Record<string, number> = {};
		for (let i = 0; i < 150; i++) {
			const run = await tree.run(["check", "bash", "rm -rf x", "--yolo", "--json"]);
			const action = String(JSON.parse(run.stdout).action);
			actions[action] = (actions[action] ?? 0) + 1;
		}
		expect(actions.allow ?? 0).toBe(0);
		expect((actions.deny ?? 0) + (actions.ask ?? 0)).toBe(150);
	}, 600_000);
});
