/**
 * Issue 34: `test` fails on every config of the broken-file table (ADR 0022), as the global and as the project file,
 * with the same issue lines as `config validate` and exit 1; a CI step never goes green on a config Pi runs
 * fail-closed.
 */
import { afterEach, describe, expect, it } from "vitest";
import { BROKEN_FILE_ROWS } from "../../../packages/engine/test/regressions/14-broken-files.cases";
import { ConfigTree } from "./support/cli-harness";

const trees: ConfigTree[] = [];
afterEach(() => {
	for (const tree of trees.splice(0)) tree.remove();
});

const ROWS = BROKEN_FILE_ROWS.flatMap((row) => (["global", "project"] as const).map((scope) => ({ ...row, scope })));

describe("pi-permissions test on a config that does not load", () => {
	it.each(ROWS)("$id $title ($scope) exits 1 with config validate's errors", async ({ content, scope }) => {
		const tree = new ConfigTree();
		trees.push(tree);
		tree.write(scope === "global" ? tree.globalFile : tree.projectFile, content);
		const validated = await tree.run(["config", "validate"]);
		expect(validated.code).toBe(1);
		const run = await tree.run(["test"]);
		expect(run.code).toBe(1);
		// Every issue and the summary, word for word as `config validate` prints them.
		const errorLines = validated.stdout
			.split("\n")
			.filter((line) => line.includes(": error:") || line.includes(": warning:") || /^\d+ error\(s\):/.test(line));
		expect(errorLines.length).toBeGreaterThan(0);
		for (const line of errorLines) expect(run.stdout).toContain(line);
		const json = await tree.run(["test", "--json"]);
		expect(json.code).toBe(1);
		const document = JSON.parse(json.stdout) as { valid: boolean; issues: unknown[] };
		expect(document.valid).toBe(false);
		expect(document.issues).toEqual(
			(JSON.parse((await tree.run(["config", "validate", "--json"])).stdout) as { issues: unknown[] }).issues,
		);
	});

	it("passes the same policy once the typo is fixed", async () => {
		const tree = new ConfigTree();
		trees.push(tree);
		tree.writeGlobal({
			permission: { bash: { "ls *": "allow" } },
			tests: [{ tool: "bash", command: "ls", expect: "allow" }],
		});
		expect((await tree.run(["test"])).code).toBe(0);
		tree.writeGlobal({
			permission: { bash: { "ls *": "alow" } },
			tests: [{ tool: "bash", command: "ls", expect: "allow" }],
		});
		const broken = await tree.run(["test"]);
		expect(broken.code).toBe(1);
		expect(broken.stdout).toMatch(/1 error\(s\): your global config is invalid, so allow rules are asked/);
	});
});
