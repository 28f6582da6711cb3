import { existsSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { GRANT_TABLE, type GrantTableRow, PROJECT_CONFIG } from "./grants-table.cases";
import { ConfigTree } from "./support/cli-harness";

const trees: ConfigTree[] = [];
afterEach(() => {
	for (const tree of trees.splice(0)) tree.remove();
});

const MARKER = "// pi-permissions grant, added 2026-12-01 with the CLI";

async function setUp(row: GrantTableRow): Promise<ConfigTree> {
	const tree = new ConfigTree();
	trees.push(tree);
	expect((await tree.run(["init"])).code).toBe(0);
	if (row.setup === "recommended+project") tree.writeProject(PROJECT_CONFIG);
	return tree;
}

const fill = (text: string, tree: ConfigTree) => text.replaceAll("{project}", tree.project);
const read = (path: string) => (existsSync(path) ? readFileSync(path, "utf8") : null);

/** The lines of `after` that `before` lacks, when `after` is `before` with lines inserted (else `null`). */
function insertedLines(before: string, after: string): string[] | null {
	const old = before.split("\n");
	const added: string[] = [];
	let i = 0;
	for (const line of after.split("\n")) {
		if (i < old.length && line === old[i]) i++;
		else added.push(line);
	}
	return i === old.length ? added : null;
}

describe("grants add over the recommended policy and a project config (the grant table, ADR 0050)", () => {
	it.each(GRANT_TABLE)(
		"$setup: --$scope $surface $pattern -> $expect.kind",
		async (row) => {
			const tree = await setUp(row);
			const target = row.scope === "project" ? tree.projectFile : tree.globalFile;
			const pattern = fill(row.pattern, tree);
			const before = read(target);
			const [tool, input] = row.call;
			for (const [deniedTool, deniedInput] of row.denied) {
				expect((await tree.run(["check", deniedTool, fill(deniedInput, tree)])).code).toBe(3);
			}
			const added = await tree.run(["grants", "add", row.surface, pattern, `--${row.scope}`]);
			if (row.expect.kind === "refused") {
				expect(added.code).toBe(1);
				expect(added.stderr).toMatch(row.expect.names);
				expect(read(target)).toBe(before);
				return;
			}
			expect(added, added.stderr).toMatchObject({ code: 0, stderr: "" });
			const after = read(target) ?? "";
			// One rule line, with its marker; every byte of the file that was there stays, comments included.
			const grantLine = `${JSON.stringify(pattern)}: "allow"`;
			expect(after.split("\n").filter((line) => line.includes(grantLine))).toHaveLength(1);
			expect(after).toContain(`${grantLine}${after.includes(`${grantLine},`) ? "," : ""} ${MARKER}`);
			const inserted = insertedLines(before ?? "", after);
			const surfaceWasObject = before !== null && new RegExp(`"${row.surface}": \\{`).test(before);
			if (surfaceWasObject) {
				expect(inserted?.length, `${before}\n=>\n${after}`).toBe(1);
			} else if (before !== null) {
				// A plain action (`"edit": "ask"`) or a missing surface becomes an object: only that line changes.
				const beforeLines = before.split("\n");
				const kept = beforeLines.filter((line) => !line.includes(`"${row.surface}": "`));
				expect(insertedLines(kept.join("\n"), after)).not.toBeNull();
				for (const comment of beforeLines.filter((line) => /\/\/|\/\*/.test(line))) expect(after).toContain(comment);
			}
			expect((await tree.run(["check", tool, fill(input, tree)])).code).toBe(0);
			for (const [deniedTool, deniedInput] of row.denied) {
				expect((await tree.run(["check", deniedTool, fill(deniedInput, tree)])).code).toBe(3);
			}
		},
		30_000,
	);
});
