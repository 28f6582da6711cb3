import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type ManagedFileSystem, nodeManagedFileSystem } from "@pi-permissions/engine";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LINT_KINDS } from "../src/lint/lint-kind";
import { ConfigTree, type RunOptions } from "./support/cli-harness";

const FIXTURES = join(import.meta.dirname, "fixtures", "lint");

interface Planted {
	readonly file: string;
	readonly line: number;
	readonly kind: string;
}

/** The `expect: kind` markers of a fixture, each with its 1-based line. */
function planted(file: string, text: string): Planted[] {
	return text.split("\n").flatMap((line, index) => {
		const marker = /expect: ([a-z, -]+)/.exec(line);
		const kinds = marker?.[1]?.split(",").map((kind) => kind.trim()) ?? [];
		return kinds.map((kind) => ({ file, line: index + 1, kind }));
	});
}

function byPlace(a: Planted, b: Planted): number {
	return a.file.localeCompare(b.file) || a.line - b.line || a.kind.localeCompare(b.kind);
}

describe("pi-permissions lint", () => {
	let tree: ConfigTree;
	beforeEach(() => {
		tree = new ConfigTree();
	});
	afterEach(() => tree.remove());

	/** The fixture's managed file (ADR 0060), owned by root as deployed: the lint runs below name it with `--managed`. */
	function plantManaged(): { readonly args: string[]; readonly options: RunOptions } {
		const dir = join(tree.root, "managed");
		mkdirSync(dir, { mode: 0o755 });
		chmodSync(dir, 0o755);
		const file = join(dir, "managed.json");
		writeFileSync(file, readFileSync(join(FIXTURES, "managed.json")), { mode: 0o644 });
		chmodSync(file, 0o644);
		const real = nodeManagedFileSystem();
		const asRoot: ManagedFileSystem = {
			lstat: async (path) => {
				const entry = await real.lstat(path);
				return entry.kind !== "missing" && path.startsWith(dir) ? { ...entry, uid: 0 } : entry;
			},
			readFile: (path) => real.readFile(path),
		};
		return { args: ["--managed", file], options: { managedFileSystem: asRoot } };
	}

	function plantFixture(): Planted[] {
		const files = [
			[tree.globalFile, "global.jsonc"],
			[tree.projectFile, "project.jsonc"],
			[join(tree.project, ".pi", "agents", "ops.md"), "ops.md"],
		] as const;
		return files.flatMap(([target, name]) => {
			const text = readFileSync(join(FIXTURES, name), "utf8");
			tree.write(target, text);
			return planted(target, text);
		});
	}

	it("finds every planted problem at its line, and nothing else", async () => {
		const expected = plantFixture();
		const managed = plantManaged();
		const run = await tree.run(["lint", "--json", "--agent", "ops", ...managed.args], managed.options);
		const document = JSON.parse(run.stdout);
		const found = document.findings.map((f: Planted) => ({ file: f.file, line: f.line, kind: f.kind }));
		expect(found.sort(byPlace)).toEqual([...expected].sort(byPlace));
		expect(run.code).toBe(1);
	});

	it("plants every kind it knows, at least twelve", () => {
		const kinds = new Set(
			["global.jsonc", "project.jsonc", "ops.md"].flatMap((name) =>
				planted(name, readFileSync(join(FIXTURES, name), "utf8")).map((p) => p.kind),
			),
		);
		expect([...kinds].sort()).toEqual(Object.keys(LINT_KINDS).sort());
		expect(kinds.size).toBeGreaterThanOrEqual(12);
	});

	it("gives each finding an explanation, a fix and, for rules, an example call", async () => {
		plantFixture();
		const managed = plantManaged();
		const run = await tree.run(["lint", "--json", "--agent", "ops", ...managed.args], managed.options);
		const document = JSON.parse(run.stdout);
		expect(document.version).toBe(1);
		expect(document.summary.errors).toBeGreaterThan(0);
		for (const found of document.findings) {
			expect(found.message.length).toBeGreaterThan(0);
			expect(found.fix.length).toBeGreaterThan(0);
			expect(["error", "warning", "info"]).toContain(found.severity);
		}
		const lifted = document.findings.find((f: { pattern: string }) => f.pattern === "docker ps");
		expect(lifted).toMatchObject({ kind: "scope-lifts-deny", severity: "error", scope: "project" });
		expect(lifted.example).toEqual({ tool: "bash", input: { command: "docker ps" } });
		const global = readFileSync(join(FIXTURES, "global.jsonc"), "utf8").split("\n");
		const denyLine = global.findIndex((line) => line.includes('"docker *"')) + 1;
		expect(lifted.related).toMatchObject({ scope: "global", pattern: "docker *", action: "deny", line: denyLine });
		const overridden = document.findings.find((f: { pattern: string }) => f.pattern === "npm test *");
		expect(overridden.example).toEqual({ tool: "bash", input: { command: "npm test x" } });
	});

	it("the example of an overriding allow is decided as it says", async () => {
		plantFixture();
		const check = await tree.run(["check", "bash", "npm test x"]);
		expect(check.code).toBe(0);
	});

	it("finds nothing in the recommended policy and exits 0", async () => {
		expect((await tree.run(["init"])).code).toBe(0);
		const run = await tree.run(["lint"]);
		// ADR 0053: after the findings, each deny with the spellings it covers.
		const [findings, coverage] = run.stdout.split("\ndeny rules and the spellings they cover:\n");
		expect(findings).toBe("no findings\n");
		expect(coverage).toContain('bash "rm -rf *": by meaning, as "rm -f -r *"');
		expect(coverage).toContain("    -r: -r, -R, --recursive\n");
		expect(coverage).toContain('bash "git push --force *": by meaning, as "git push -f *"');
		expect(coverage).toContain("    push -f: -f, --force; also meant by --force-with-lease, --mirror, +<ref>\n");
		expect(coverage).toContain('bash "sudo *": matched as written only (no option grammar is known for the program)');
		expect(run.code).toBe(0);
		expect((await tree.run(["lint", "--strict", tree.globalFile])).code).toBe(0);
	});

	it("exits 0 on warnings only, and 2 with --strict", async () => {
		tree.writeGlobal({ permission: { "*": "ask", bash: { "git status": "allow", "git *": "allow" } } });
		const run = await tree.run(["lint"]);
		expect(run.code).toBe(0);
		expect(run.stdout).toContain("warning unreachable-rule");
		expect(run.stdout).toContain("example: pi-permissions explain bash 'git status'");
		expect((await tree.run(["lint", "--strict"])).code).toBe(2);
	});

	it("lints given files each on its own", async () => {
		const file = tree.write(
			join(tree.root, "other.json"),
			'{\n  "permission": {\n    "bash": { "a; b": "deny" }\n  }\n}\n',
		);
		const run = await tree.run(["lint", "--json", file]);
		const document = JSON.parse(run.stdout);
		expect(document.findings).toMatchObject([{ kind: "compound-bash-pattern", file, line: 3 }]);
		expect(run.code).toBe(1);
	});

	it("reports a global deny that a project scope's plain action replaces", async () => {
		tree.writeGlobal('{\n  "permission": {\n    "*": "ask",\n    "bash": { "*": "ask", "rm *": "deny" }\n  }\n}\n');
		tree.writeProject({ permission: { bash: "allow" } });
		const document = JSON.parse((await tree.run(["lint", "--json"])).stdout);
		expect(document.findings).toMatchObject([
			{ kind: "scope-lifts-deny", file: tree.globalFile, line: 4, pattern: "rm *", related: { scope: "project" } },
		]);
	});

	it("places findings of an agent's frontmatter at their lines", async () => {
		tree.writeGlobal({ permission: { "*": "ask" } });
		const agent = tree.write(
			join(tree.agentDir, "agents", "ops.md"),
			'---\nname: ops\npermission:\n  bash:\n    "*": ask\n    "make && make install": deny\n---\nbody\n',
		);
		const document = JSON.parse((await tree.run(["lint", "--json", "--agent", "ops"])).stdout);
		expect(document.findings).toMatchObject([{ kind: "compound-bash-pattern", file: agent, line: 6, scope: "agent" }]);
	});
});
