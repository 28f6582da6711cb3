/**
 * ADR 0026, "writes are writes": under a read-only policy every bash write form asks, and running for real only what
 * the gate allowed leaves the tree byte-identical; the recommended policy still allows daily reads and output to
 * `/dev/null` without a prompt.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recommendedPolicyText } from "../../src/recommended-policy";
import { ConfigTree, jsonLines } from "../support/cli-harness";

/** The recommended policy as a config object, read from the text `init` writes. */
const RECOMMENDED_POLICY: unknown = JSON.parse(recommendedPolicyText(null));

/** The read-only policy: the file tools ask, a bash allowlist of reading commands. */
const READ_ONLY = {
	permission: {
		"*": "ask",
		read: "allow",
		grep: "allow",
		find: "allow",
		ls: "allow",
		write: "ask",
		edit: "ask",
		bash: {
			"*": "ask",
			ls: "allow",
			"ls *": "allow",
			"cat *": "allow",
			"sort *": "allow",
			"sed -n *": "allow",
			"find *": "allow",
			"git diff *": "allow",
			"git log *": "allow",
			"echo *": "allow",
			"head *": "allow",
			"tail *": "allow",
			"grep *": "allow",
			"wc *": "allow",
			"tee *": "allow",
			"cd *": "allow",
		},
	},
};

const WRITE_FORMS: readonly string[] = [
	"echo x > src/a.ts",
	"echo x >> notes.txt",
	"cat > src/a.ts <<'EOF'\nx\nEOF",
	"ls > notes.txt",
	"sort -o notes.txt notes.txt",
	"sed -n 'w out.txt' notes.txt",
	"sed -n 's/n/x/w out.txt' notes.txt",
	"sed -n -i p notes.txt",
	"git diff --output=out.patch",
	"git log -1 --format=x --output=notes.txt",
	"find src -delete",
	"find . -maxdepth 0 -fprint out.txt",
	"find . -maxdepth 0 -fprint0 notes.txt",
	"find . -maxdepth 0 -fprintf notes.txt '%p'",
	"find . -maxdepth 0 -fls out.txt",
	"tail -n 0 notes.txt > notes.txt",
	"cat notes.txt | sort > sorted.txt",
	"head -c 0 notes.txt > notes.txt",
	"grep n notes.txt > out.txt",
	"wc -l notes.txt >| count.txt",
	"echo x &> out.txt",
	"ls 2> err.txt",
	"{ cat notes.txt; } > out.txt",
	"cd src && echo x > a.ts",
	"echo x | tee -a notes.txt",
	"echo x > .pi/settings.json",
	"git diff --output .git/config",
];

function snapshot(root: string): Map<string, string> {
	const files = new Map<string, string>();
	const walk = (dir: string) => {
		for (const name of readdirSync(dir)) {
			const path = join(dir, name);
			if (statSync(path).isDirectory()) walk(path);
			else files.set(relative(root, path), createHash("sha256").update(readFileSync(path)).digest("hex"));
		}
	};
	walk(root);
	return files;
}

async function evaluate(tree: ConfigTree, commands: readonly string[]): Promise<string[]> {
	const stdin = commands.map(
		(command, id) => `${JSON.stringify({ id: String(id), tool: "bash", input: { command } })}\n`,
	);
	const run = await tree.run(["eval"], { stdin, env: { HOME: tree.home } });
	return jsonLines(run.stdout).map((answer) => String(answer.action));
}

describe("ADR 0026: bash writes under a read-only policy (real tree)", () => {
	const tree = new ConfigTree();
	let before: Map<string, string>;
	beforeAll(() => {
		mkdirSync(join(tree.project, "src"), { recursive: true });
		mkdirSync(join(tree.project, ".git"), { recursive: true });
		mkdirSync(join(tree.project, ".pi"), { recursive: true });
		writeFileSync(join(tree.project, "src", "a.ts"), "export const a = 1;\n");
		writeFileSync(join(tree.project, "notes.txt"), "notes\n");
		writeFileSync(join(tree.project, ".git", "config"), "[core]\n");
		tree.writeGlobal(READ_ONLY);
		before = snapshot(tree.project);
	});
	afterAll(() => tree.remove());

	it(`asks for each of the ${WRITE_FORMS.length} write forms, and running what was allowed changes nothing`, async () => {
		expect(WRITE_FORMS.length).toBeGreaterThanOrEqual(25);
		const actions = await evaluate(tree, WRITE_FORMS);
		expect(actions).toEqual(WRITE_FORMS.map(() => "ask"));
		for (const [index, command] of WRITE_FORMS.entries()) {
			// The gate is the only thing between the model and bash: run a command only when it said allow.
			if (actions[index] !== "allow") continue;
			spawnSync("bash", ["-c", command], { cwd: tree.project, env: { HOME: tree.home, PATH: process.env.PATH } });
		}
		expect(snapshot(tree.project)).toEqual(before);
	});

	it("allows the same commands' reads without a prompt", async () => {
		const reads = [
			"ls",
			"cat notes.txt",
			"sort notes.txt",
			"sed -n 1p notes.txt",
			"ls > /dev/null",
			"cat <<EOF\nx\nEOF",
		];
		expect(await evaluate(tree, reads)).toEqual(reads.map(() => "allow"));
	});
});

describe("ADR 0026: the recommended policy of `pi-permissions init`", () => {
	const tree = new ConfigTree();
	beforeAll(() => {
		writeFileSync(join(tree.project, "notes.txt"), "notes\n");
		tree.writeGlobal(RECOMMENDED_POLICY);
	});
	afterAll(() => tree.remove());

	it("still allows plain daily commands and output to /dev/null without a prompt", async () => {
		const daily = [
			"ls",
			"ls -la",
			"cat notes.txt",
			"git status",
			"git diff",
			"git log --oneline -5",
			"ls > /dev/null",
			"git diff 2>/dev/null",
			"cat notes.txt 2>&1",
			"ls | grep notes > /dev/null",
			"cat <<EOF\nhello\nEOF",
			"echo hi >&2",
		];
		expect(await evaluate(tree, daily)).toEqual(daily.map(() => "allow"));
	});

	it("now asks for a bash write, as its write tool does", async () => {
		expect(await evaluate(tree, ["ls > notes.txt", "echo x >> notes.txt"])).toEqual(["ask", "ask"]);
	});
});
