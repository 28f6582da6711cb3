import { utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createNodeConfigFileSystem } from "../../src/config/config-file-system";
import { ConfigLoader, type ConfigLoadRequest } from "../../src/config/config-loader";
import { DEFAULT_REREAD_DELAYS_MS } from "../../src/config/scope-file-reader";
import { agentMarkdown, type ConfigTree, createConfigTree } from "../support/config-tree";
import { CountingFileSystem } from "../support/counting-file-system";
import { MemoryFileSystem } from "../support/memory-file-system";

let tree: ConfigTree;
let fileSystem: CountingFileSystem;
let loader: ConfigLoader;
beforeEach(() => {
	tree = createConfigTree();
	fileSystem = new CountingFileSystem(createNodeConfigFileSystem());
	loader = new ConfigLoader({ fileSystem, flavor: "posix" });
});
afterEach(() => tree.remove());

const request = (overrides: Partial<ConfigLoadRequest> = {}): ConfigLoadRequest => ({
	cwd: tree.cwd,
	agentDir: tree.agentDir,
	agentName: null,
	isProjectTrusted: () => true,
	...overrides,
});

/** Moves a file's mtime to a fixed instant, as a save a second later would. */
const touch = (path: string, seconds: number) => utimesSync(path, seconds, seconds);

describe("ConfigLoader.load (cache)", () => {
	it("reads an unchanged file once across two loads", async () => {
		tree.writeGlobal('{"permission": {"bash": "deny"}}');
		const first = await loader.load(request());
		const second = await loader.load(request());
		expect(fileSystem.readCount(tree.globalFile)).toBe(1);
		expect(second.scopes).toEqual(first.scopes);
	});

	it("re-reads a file whose mtime changed and uses its new content", async () => {
		tree.writeGlobal('{"permission": {"bash": "deny"}}');
		touch(tree.globalFile, 1_000_000);
		await loader.load(request());
		writeFileSync(tree.globalFile, '{"permission": {"bash": "ask"}}'); // same size
		touch(tree.globalFile, 1_000_001);
		const result = await loader.load(request());
		expect(fileSystem.readCount(tree.globalFile)).toBe(2);
		expect(result.scopes[0]).toMatchObject({ status: "valid", config: { permission: { bash: "ask" } } });
	});

	it("re-reads a file whose size changed under the same mtime", async () => {
		tree.writeGlobal('{"permission": {"bash": "deny"}}');
		touch(tree.globalFile, 1_000_000);
		await loader.load(request());
		writeFileSync(tree.globalFile, '{"permission": {"bash": "allow", "read": "ask"}}');
		touch(tree.globalFile, 1_000_000);
		const result = await loader.load(request());
		expect(fileSystem.readCount(tree.globalFile)).toBe(2);
		expect(result.scopes[0]).toMatchObject({ config: { permission: { read: "ask" } } });
	});

	it("keeps an unchanged invalid file invalid without re-reading it once its re-reads are spent", async () => {
		tree.writeGlobal('{"permission": ');
		await loader.load(request());
		// The first load re-reads a broken file (it may be mid-save): once, plus one per delay (ADR 0022).
		expect(fileSystem.readCount(tree.globalFile)).toBe(1 + DEFAULT_REREAD_DELAYS_MS.length);
		const second = await loader.load(request());
		expect(fileSystem.readCount(tree.globalFile)).toBe(1 + DEFAULT_REREAD_DELAYS_MS.length);
		expect(second.scopes[0]?.status).toBe("invalid");
		expect(second.issues[0]?.kind).toBe("syntax");
	});

	it("caches agent files per agent and re-reads none of them while unchanged", async () => {
		tree.writeAgent("a", agentMarkdown("permission:\n  bash: deny"));
		tree.writeAgent("b", agentMarkdown("permission:\n  bash: ask"));
		await loader.load(request({ agentName: "a" }));
		await loader.load(request({ agentName: "b" }));
		await loader.load(request({ agentName: "a" }));
		expect(fileSystem.readCount(tree.agentFile("a"))).toBe(1);
		expect(fileSystem.readCount(tree.agentFile("b"))).toBe(1);
	});

	it("never caches a read failure, so a fixed file loads on the next call", async () => {
		tree.writeGlobal('{"permission": {"bash": "deny"}}');
		const failing = new CountingFileSystem(createNodeConfigFileSystem());
		const failingLoader = new ConfigLoader({ fileSystem: failing, flavor: "posix" });
		failing.failReads(tree.globalFile, Object.assign(new Error("denied"), { code: "EACCES" }));
		expect((await failingLoader.load(request())).scopes[0]?.status).toBe("invalid");
		const fixed = new ConfigLoader({ fileSystem, flavor: "posix" });
		expect((await fixed.load(request())).scopes[0]?.status).toBe("valid");
		expect(failing.readCount(tree.globalFile)).toBe(1);
	});

	it("stats every file on every load, so a deleted file becomes absent", async () => {
		tree.writeGlobal("{}");
		await loader.load(request());
		tree.remove();
		const result = await loader.load(request());
		expect(result.scopes[0]).toEqual({ scope: "global", status: "absent" });
	});
});

describe("ConfigLoader.load (project trust)", () => {
	it("skips present project scopes of an untrusted project and says so", async () => {
		tree.writeProject('{"permission": {"bash": "deny"}}');
		tree.writeProjectAgent("coder", agentMarkdown("permission:\n  bash: deny"));
		const result = await loader.load(request({ agentName: "coder", isProjectTrusted: () => false }));
		expect(result.scopes[1]).toEqual({ scope: "project", status: "absent" });
		expect(result.scopes[3]).toEqual({ scope: "project-agent", status: "absent" });
		expect(result.reports.map((report) => report.status)).toEqual(["absent", "skipped", "absent", "skipped"]);
		expect(result.notices).toEqual([
			expect.objectContaining({ kind: "project-untrusted", scope: "project", file: tree.projectFile }),
			expect.objectContaining({
				kind: "project-untrusted",
				scope: "project-agent",
				file: tree.projectAgentFile("coder"),
			}),
		]);
		expect(fileSystem.readCount(tree.projectFile)).toBe(0);
		expect(fileSystem.readCount(tree.projectAgentFile("coder"))).toBe(0);
	});

	it("skips an untrusted project's invalid file without reading or judging it", async () => {
		tree.writeProject("{ not json");
		const result = await loader.load(request({ isProjectTrusted: () => false }));
		expect(result.reports[1]?.status).toBe("skipped");
		expect(result.issues).toEqual([]);
	});

	it("asks the trust predicate once per load, and only when a project file exists", async () => {
		let asked = 0;
		const isProjectTrusted = () => {
			asked += 1;
			return true;
		};
		await loader.load(request({ agentName: "coder", isProjectTrusted }));
		expect(asked).toBe(0);
		tree.writeProject("{}");
		tree.writeProjectAgent("coder", agentMarkdown("permission:\n  read: allow"));
		const result = await loader.load(request({ agentName: "coder", isProjectTrusted }));
		expect(asked).toBe(1);
		expect(result.reports.map((report) => report.status)).toEqual(["absent", "valid", "absent", "valid"]);
	});

	it("fails both project scopes closed when the trust predicate throws", async () => {
		tree.writeProject('{"permission": {"bash": "allow"}}');
		tree.writeProjectAgent("coder", agentMarkdown("permission:\n  read: allow"));
		const result = await loader.load(
			request({
				agentName: "coder",
				isProjectTrusted: () => {
					throw new Error("trust store unavailable");
				},
			}),
		);
		expect(result.scopes[1]).toMatchObject({ scope: "project", status: "invalid", source: tree.projectFile });
		expect(result.scopes[3]).toMatchObject({ scope: "project-agent", status: "invalid" });
		expect(result.issues.map((issue) => issue.kind)).toEqual(["project-trust", "project-trust"]);
	});

	it("never gates the global and agent scopes on project trust", async () => {
		tree.writeGlobal("{}");
		tree.writeAgent("coder", agentMarkdown("permission:\n  bash: deny"));
		const result = await loader.load(request({ agentName: "coder", isProjectTrusted: () => false }));
		expect(result.reports.map((report) => report.status)).toEqual(["valid", "absent", "valid", "absent"]);
		expect(result.notices).toEqual([]);
	});
});

describe("ConfigLoader.load (agent names)", () => {
	it.each(["../../etc/passwd", "a/b", "..", "a\\b", "c:x", "", "bad\nname"])(
		"fails both agent scopes closed for the name %j without reading a file",
		async (agentName) => {
			tree.write(join(tree.root, "etc", "passwd.md"), agentMarkdown("permission:\n  bash: allow"));
			const result = await loader.load(request({ agentName }));
			expect(result.scopes[2]).toMatchObject({ scope: "agent", status: "invalid" });
			expect(result.scopes[3]).toMatchObject({ scope: "project-agent", status: "invalid" });
			expect(result.issues.map((issue) => issue.kind)).toEqual(["agent-name", "agent-name"]);
			expect(result.issues[0]?.file).toBe(join(tree.agentDir, "agents"));
			expect(fileSystem.reads.size).toBe(0);
		},
	);

	it("loads an agent whose name has dots, dashes and underscores", async () => {
		tree.writeAgent("code-review_v2.1", agentMarkdown("permission:\n  bash: deny"));
		const result = await loader.load(request({ agentName: "code-review_v2.1" }));
		expect(result.scopes[2]).toMatchObject({ status: "valid", source: tree.agentFile("code-review_v2.1") });
	});
});

describe("ConfigLoader.load (options)", () => {
	it("reads explicit global and project files instead of the standard ones", async () => {
		const global = tree.write(join(tree.root, "ci", "global.jsonc"), '{"permission": {"bash": "deny"}}');
		const project = tree.write(join(tree.root, "ci", "project.jsonc"), '{"permission": {"read": "allow"}}');
		tree.writeGlobal('{"permission": {"bash": "allow"}}');
		const result = await loader.load(request({ files: { global, project } }));
		expect(result.scopes[0]).toMatchObject({
			status: "valid",
			source: global,
			config: { permission: { bash: "deny" } },
		});
		expect(result.scopes[1]).toMatchObject({ status: "valid", source: project });
		expect(fileSystem.readCount(tree.globalFile)).toBe(0);
	});

	it("applies a smaller size cap without reading the file", async () => {
		tree.writeGlobal(`{"$schema": "${"x".repeat(200)}"}`);
		const small = new ConfigLoader({ fileSystem, flavor: "posix", maxFileBytes: 100 });
		const result = await small.load(request());
		expect(result.issues[0]?.message).toBe("the config file is 215 bytes; at most 100 bytes are read");
		expect(fileSystem.readCount(tree.globalFile)).toBe(0);
	});

	it("collects warnings of valid scopes in the issues", async () => {
		tree.writeGlobal('{"toolInputPreviewMaxLength": 10}');
		const result = await loader.load(request());
		expect(result.scopes[0]?.status).toBe("valid");
		expect(result.issues).toEqual([
			expect.objectContaining({
				kind: "schema",
				severity: "warning",
				keyPath: ["toolInputPreviewMaxLength"],
				line: 1,
				column: 2,
			}),
		]);
	});
});

describe("ConfigLoader.load (any content)", () => {
	it("loads any present file as valid or invalid, never absent, and never rejects", async () => {
		const content = fc.oneof(
			fc.uint8Array({ maxLength: 64 }),
			fc.string({ unit: fc.constantFrom("{", "}", "[", "]", '"', ":", ",", "-", "\n", " ", "a", "0", "*", "/") }),
			fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
		);
		await fc.assert(
			fc.asyncProperty(content, content, async (config, agent) => {
				const memory = new MemoryFileSystem().file("/a/extensions/pi-permissions/config.json", config);
				memory.file("/a/agents/x.md", typeof agent === "string" ? `---\n${agent}\n---\n` : agent);
				const memoryLoader = new ConfigLoader({ fileSystem: memory, flavor: "posix" });
				const result = await memoryLoader.load({
					cwd: "/p",
					agentDir: "/a",
					agentName: "x",
					isProjectTrusted: () => true,
				});
				expect(result.reports[0]?.status).not.toBe("absent");
				for (const issue of result.issues) expect(issue.message).not.toMatch(/[\r\n]/);
			}),
			{ numRuns: 200 },
		);
	});
});
