import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { judgeConfigFiles, loadJudgeConfig } from "../../src/config/judge-config-loader";
import { nodeReadText } from "../../src/extension/node-read-text";

function places(files: { global?: unknown; project?: unknown }, projectTrusted = true) {
	const root = mkdtempSync(join(tmpdir(), "mj-config-"));
	const at = { agentDir: join(root, "agent"), cwd: join(root, "project"), projectTrusted };
	const paths = judgeConfigFiles(at);
	for (const [scope, content] of Object.entries(files)) {
		const file = scope === "global" ? paths.global : paths.project;
		mkdirSync(dirname(file), { recursive: true });
		writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
	}
	return { at, paths };
}

describe("loadJudgeConfig over real files", () => {
	it("is off (no config) when neither file exists", () => {
		expect(loadJudgeConfig(places({}).at, nodeReadText)).toEqual({ ok: true, value: null });
	});

	it("fills the defaults: typo review on, opaque adjudication off, 5 s timeout", () => {
		const { at, paths } = places({ global: { provider: "anthropic", model: "claude-haiku-4-5" } });
		const loaded = loadJudgeConfig(at, nodeReadText);
		expect(loaded.ok && loaded.value).toMatchObject({
			config: {
				provider: "anthropic",
				model: "claude-haiku-4-5",
				instructions: "",
				timeoutMs: 5000,
				typoPaths: { enabled: true, typoPatterns: [] },
				opaqueCommands: { enabled: false, minConfidence: 0.9, maxCommands: 8 },
			},
			files: [paths.global],
		});
	});

	it("lets a trusted project override key by key, merging capability objects and replacing lists", () => {
		const { at, paths } = places({
			global: { provider: "a", model: "m", timeoutMs: 3000, typoPaths: { typoPatterns: ["x", "y"] } },
			project: { model: "n", typoPaths: { typoPatterns: ["z"] }, opaqueCommands: { enabled: true } },
		});
		const loaded = loadJudgeConfig(at, nodeReadText);
		if (!loaded.ok || loaded.value === null) throw new Error("expected a config");
		expect(loaded.value.config).toMatchObject({
			provider: "a",
			model: "n",
			timeoutMs: 3000,
			typoPaths: { enabled: true, typoPatterns: ["z"] },
			opaqueCommands: { enabled: true },
		});
		expect(loaded.value.typoPatterns.map(String)).toEqual(["/z/"]);
		expect(loaded.value.files).toEqual([paths.global, paths.project]);
	});

	it("never reads the project file of an untrusted project", () => {
		const { at } = places(
			{ global: { provider: "a", model: "m" }, project: { opaqueCommands: { enabled: true } } },
			false,
		);
		const loaded = loadJudgeConfig(at, nodeReadText);
		expect(loaded.ok && loaded.value?.config.opaqueCommands.enabled).toBe(false);
	});

	it.each([
		{ content: "{ not json", keyPath: [], message: "is not valid JSON" },
		{ content: { provider: "a", model: "m", timeout: 5 }, keyPath: [], message: "has unknown key `timeout`" },
		{ content: { provider: "a", model: "m", timeoutMs: 50 }, keyPath: ["timeoutMs"], message: "`timeoutMs`" },
		{ content: { provider: "a", model: "m", timeoutMs: "5s" }, keyPath: ["timeoutMs"], message: "must be a number" },
		{ content: { provider: 3, model: "m" }, keyPath: ["provider"], message: "`provider` must be text" },
		{
			content: { provider: "a", model: "m", typoPaths: { typoPatterns: ["(unclosed"] } },
			keyPath: ["typoPaths", "typoPatterns", 0],
			message: "is not a valid regular expression",
		},
		{
			content: { provider: "a", model: "m", opaqueCommands: { minConfidence: 0.1 } },
			keyPath: ["opaqueCommands", "minConfidence"],
			message: "`opaqueCommands.minConfidence`",
		},
		{
			content: { provider: "a", model: "m", opaqueCommands: { enabled: "yes" } },
			keyPath: ["opaqueCommands", "enabled"],
			message: "must be `true` or `false`",
		},
	])("rejects $content at $keyPath, naming the file and the fix", ({ content, keyPath, message }) => {
		const { at, paths } = places({ global: content });
		const loaded = loadJudgeConfig(at, nodeReadText);
		if (loaded.ok) throw new Error("expected issues");
		const issue = loaded.error[0];
		expect(issue).toMatchObject({ file: paths.global, keyPath });
		expect(issue?.message).toContain(message);
		expect(issue?.hint.length).toBeGreaterThan(0);
		expect(issue?.message).not.toContain("\n");
	});

	it("reports a key no file provides against the merged config, pointing at both files", () => {
		const { at, paths } = places({ global: { provider: "a" } });
		const loaded = loadJudgeConfig(at, nodeReadText);
		if (loaded.ok) throw new Error("expected issues");
		expect(loaded.error[0]).toMatchObject({ file: null, keyPath: ["model"], message: "`model` is required" });
		expect(loaded.error[0]?.hint).toContain(paths.global);
	});

	it("refuses to run when a file exists but cannot be read, rather than running without it", () => {
		const { at, paths } = places({ global: { provider: "a", model: "m" } });
		const loaded = loadJudgeConfig(at, (path) =>
			path === paths.project ? { ok: false, error: "EACCES: permission denied" } : nodeReadText(path),
		);
		if (loaded.ok) throw new Error("expected issues");
		expect(loaded.error[0]).toMatchObject({
			file: paths.project,
			message: "cannot be read (EACCES: permission denied)",
		});
	});

	it("refuses a file larger than 1 MB", () => {
		const { at, paths } = places({ global: `{"provider":"a","model":"m","instructions":"${"x".repeat(1_100_000)}"}` });
		const loaded = loadJudgeConfig(at, nodeReadText);
		if (loaded.ok) throw new Error("expected issues");
		expect(loaded.error[0]?.file).toBe(paths.global);
		expect(loaded.error[0]?.message).toContain("the limit is 1048576");
	});
});
