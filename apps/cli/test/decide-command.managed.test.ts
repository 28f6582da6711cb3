import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type ManagedFileSystem, nodeManagedFileSystem } from "@pi-permissions/engine";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigTree } from "./support/cli-harness";

/**
 * Issue 36's CLI acceptance for the managed scope (ADR 0055): `check --managed M.json --global G.json`: nothing below
 * lifts a managed deny or ask; `disableYolo` keeps `--yolo` from answering; a file that cannot be trusted is refused,
 * named with its fix, and every call is asked. The real file system answers, except that the test's own files read as
 * root's (the suite may run as any user; the owner check itself is the engine's `managed-file.test.ts`).
 */
const MANAGED = {
	disableYolo: true,
	permission: {
		bash: { "curl *": { action: "deny", reason: "no downloads on managed machines" }, "git push *": "ask" },
	},
};
const GLOBAL = { permission: { "*": "allow", bash: { "*": "allow", "curl *": "allow", "git push *": "allow" } } };
/** The real managed edge, with the test tree's files owned by root, as a deployed managed file is. */
function asRoot(root: string): ManagedFileSystem {
	const real = nodeManagedFileSystem();
	return {
		lstat: async (path) => {
			const entry = await real.lstat(path);
			return entry.kind !== "missing" && path.startsWith(root) ? { ...entry, uid: 0 } : entry;
		},
		readFile: (path) => real.readFile(path),
	};
}

describe("pi-permissions check --managed", () => {
	let tree: ConfigTree;
	let managed: string;
	beforeEach(() => {
		tree = new ConfigTree();
		tree.writeGlobal(GLOBAL);
		const dir = join(tree.root, "managed");
		mkdirSync(dir, { mode: 0o755 });
		chmodSync(dir, 0o755);
		managed = join(dir, "managed.json");
		writeFileSync(managed, JSON.stringify(MANAGED), { mode: 0o644 });
		chmodSync(managed, 0o644);
	});
	afterEach(() => tree.remove());

	const check = async (args: readonly string[]) => {
		const run = await tree.run(["check", "--managed", managed, ...args, "--json"], {
			managedFileSystem: asRoot(tree.root),
		});
		return { code: run.code, report: JSON.parse(run.stdout) as Record<string, unknown>, stderr: run.stderr };
	};

	it("keeps a managed deny whatever the global scope, --yolo or a mode say", async () => {
		expect((await check(["bash", "curl https://x"])).report).toMatchObject({ action: "deny", origin: "managed" });
		expect((await check(["--yolo", "bash", "curl https://x"])).report).toMatchObject({ action: "deny" });
		for (const mode of ["default", "accept-edits", "plan", "dont-ask"])
			expect((await check(["--mode", mode, "bash", "curl https://x"])).report).toMatchObject({ action: "deny" });
	});

	it("keeps a managed ask an ask over a global allow and --yolo (disableYolo)", async () => {
		expect((await check(["bash", "git push origin main"])).report).toMatchObject({ action: "ask", origin: "managed" });
		const yolo = await check(["--yolo", "bash", "git push origin main"]);
		expect(yolo.report).toMatchObject({ action: "ask" });
		expect(yolo.stderr).toContain("yolo is disabled by the managed scope");
	});

	it("keeps a managed deny over a persisted grant in the global config", async () => {
		tree.writeGlobal({ permission: { bash: { "curl *": "allow", "curl https://x": "allow" } } });
		expect((await check(["bash", "curl https://x"])).report).toMatchObject({ action: "deny" });
	});

	it("refuses a managed file its owner is not root for, naming the fix", async () => {
		const run = await tree.run(["check", "--managed", managed, "bash", "ls", "--json"], {
			managedFileSystem: {
				lstat: async () => ({ kind: "file", uid: 1000, mode: 0o100644 }),
				readFile: async () => new Uint8Array(),
			},
		});
		expect(JSON.parse(run.stdout)).toMatchObject({ action: "ask", origin: "managed" });
		expect(run.stderr).toContain(`sudo chown root ${managed}`);
	});

	it.each([
		["group", 0o664],
		["others", 0o646],
	])("refuses a managed file writable by %s, naming it and the fix, and asks every call", async (_who, mode) => {
		chmodSync(managed, mode);
		const run = await check(["bash", "ls"]);
		expect(run.report).toMatchObject({ action: "ask", origin: "managed" });
		expect(run.stderr).toContain(`managed policy ${managed} refused`);
		expect(run.stderr).toContain(`sudo chmod go-w ${managed}`);
	});
});
