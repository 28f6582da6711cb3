import { composePolicy, POSIX_FLAVOR } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { ConfigLoader, type ConfigLoadRequest } from "../../src/config/config-loader";
import { DEFAULT_REREAD_DELAYS_MS } from "../../src/config/scope-file-reader";
import { MemoryFileSystem } from "../support/memory-file-system";

const GLOBAL = "/agent/extensions/pi-permissions/config.json";
const request: ConfigLoadRequest = { cwd: "/p", agentDir: "/agent", agentName: null, isProjectTrusted: () => true };
const VALID = '{"permission": {"bash": {"rm *": "deny", "git status": "allow"}}}';

/** A file system whose file moves to its next scripted content at every pause, as an editor's save would. */
class SavingFileSystem extends MemoryFileSystem {
	readonly pauses: number[] = [];
	private step = 0;
	constructor(private readonly states: readonly (string | null)[]) {
		super();
		this.show(0);
	}
	async pause(ms: number): Promise<void> {
		this.pauses.push(ms);
		this.show(Math.min(this.step + 1, this.states.length - 1));
	}
	show(step: number): void {
		this.step = step;
		const content = this.states[step];
		if (content === null || content === undefined) this.remove(GLOBAL);
		else this.file(GLOBAL, content, step + 1);
	}
}

const decide = async (loader: ConfigLoader, command: string, yolo = false) => {
	const loaded = await loader.load(request);
	const composed = composePolicy({ scopes: loaded.scopes, env: { home: "/h", flavor: POSIX_FLAVOR }, yolo });
	return { loaded, state: composed.decision.evaluate("bash", command).state };
};

describe("ConfigLoader: consistent snapshots (ADR 0022)", () => {
	it("re-reads a file caught mid-save and uses the saved content", async () => {
		const fs = new SavingFileSystem(['{"permission": {"bash": {"rm', VALID]);
		const loader = new ConfigLoader({ fileSystem: fs, flavor: "posix" });
		const { loaded, state } = await decide(loader, "git status");
		expect(loaded.scopes[0]?.status).toBe("valid");
		expect(state).toBe("allow");
		expect(fs.pauses).toEqual([DEFAULT_REREAD_DELAYS_MS[0]]);
	});

	it("stops after 3 re-reads within 100 ms and judges the file as broken", async () => {
		const fs = new SavingFileSystem([
			"{",
			'{"per',
			'{"permission": {"bash": {"rm *": "de',
			'{"permission": {"bash": {"rm *": "deny",',
		]);
		const loader = new ConfigLoader({ fileSystem: fs, flavor: "posix" });
		const { loaded, state } = await decide(loader, "rm -rf x", true);
		expect(fs.pauses).toEqual([...DEFAULT_REREAD_DELAYS_MS]);
		expect(fs.pauses.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(100);
		expect(loaded.scopes[0]?.status).toBe("invalid");
		// The last read still holds the deny (recovered from the truncated text): it denies, under yolo too.
		expect(state).toBe("deny");
	});

	it("never waits for a valid file", async () => {
		const fs = new SavingFileSystem([VALID]);
		await decide(new ConfigLoader({ fileSystem: fs, flavor: "posix" }), "ls");
		expect(fs.pauses).toEqual([]);
	});
});

describe("ConfigLoader: last valid content in a long-lived loader (ADR 0022)", () => {
	it("keeps the last valid content while the file is broken, with a notice, and adds the broken text's denies", async () => {
		const fs = new MemoryFileSystem().file(GLOBAL, VALID, 1);
		const loader = new ConfigLoader({ fileSystem: fs, flavor: "posix", rereadDelaysMs: [] });
		expect((await decide(loader, "git status")).state).toBe("allow");
		fs.file(GLOBAL, '{"permission": {"bash": {"git status": "allow", "git push *": "deny", "ls": "alow"}}}', 2);
		const broken = await decide(loader, "git status");
		expect(broken.loaded.scopes[0]?.status).toBe("valid");
		expect(broken.state).toBe("allow");
		expect((await decide(loader, "rm -rf x")).state).toBe("deny");
		expect((await decide(loader, "git push origin")).state).toBe("deny");
		// The broken text's error is still reported, and a notice says what is used instead.
		expect(broken.loaded.issues[0]).toMatchObject({
			severity: "error",
			file: GLOBAL,
			keyPath: ["permission", "bash", "ls"],
		});
		expect(broken.loaded.notices).toEqual([
			{
				kind: "last-valid-content",
				scope: "global",
				file: GLOBAL,
				message:
					"global config is not valid now; its last valid content is used, with any denies the new text adds, until it is fixed",
			},
		]);
		fs.file(GLOBAL, '{"permission": {"bash": {"ls": "allow"}}}', 3);
		expect((await decide(loader, "rm -rf x")).state).toBe("ask");
	});

	it("does not keep content for a file it never saw valid", async () => {
		const fs = new MemoryFileSystem().file(GLOBAL, '{"permission": {"bash": {"rm *": "deny", "ls": "alow"}}}', 1);
		const loader = new ConfigLoader({ fileSystem: fs, flavor: "posix", rereadDelaysMs: [] });
		const { loaded, state } = await decide(loader, "rm -rf x", true);
		expect(loaded.scopes[0]).toMatchObject({
			status: "invalid",
			salvaged: { permission: { bash: { "rm *": "deny" } } },
		});
		expect(state).toBe("deny");
		expect((await decide(loader, "ls", true)).state).toBe("ask");
	});

	it("re-checks a valid file that vanishes, and treats it as absent once it stays gone", async () => {
		const fs = new SavingFileSystem([VALID, VALID, null, VALID]);
		const loader = new ConfigLoader({ fileSystem: fs, flavor: "posix" });
		await decide(loader, "ls");
		fs.show(2);
		expect((await decide(loader, "rm -rf x")).state).toBe("deny");
		const gone = new SavingFileSystem([VALID, null]);
		const other = new ConfigLoader({ fileSystem: gone, flavor: "posix", rereadDelaysMs: [1] });
		await decide(other, "ls");
		gone.show(1);
		expect((await decide(other, "rm -rf x")).loaded.scopes[0]?.status).toBe("absent");
	});
});

describe("ConfigLoader: tools declared in another scope", () => {
	it("silences an agent file's unknown-tool warning for a tool the global file lists in `knownTools`", async () => {
		const agent = "/agent/agents/reviewer.md";
		const fs = new MemoryFileSystem()
			.file(GLOBAL, '{"knownTools": ["subagent"], "permission": {"bash": "ask"}}')
			.file(agent, "---\npermission:\n  subagent: deny\n  web_fetch: ask\n---\nbody\n");
		const loader = new ConfigLoader({ fileSystem: fs, flavor: "posix", rereadDelaysMs: [] });
		const loaded = await loader.load({ ...request, agentName: "reviewer" });
		expect(loaded.issues.map((issue) => issue.keyPath)).toEqual([["permission", "web_fetch"]]);
	});
});
