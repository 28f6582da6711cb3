import { createHash } from "node:crypto";
import { chmodSync, chownSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type ManagedFileSystem, nodeManagedFileSystem } from "@pi-permissions/engine";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigTree, type RunOptions } from "./support/cli-harness";

/**
 * ADR 0060: without `--managed`, the CLI reads the system managed file the host names (Pi's location), under the
 * ownership law; `config show` names it, its sha256 and the keys in force; `config validate` fails on a refused file;
 * `explain` names a managed rule's origin and file. The location is the host's (main.ts reads the platform).
 */
const MANAGED = {
	disableYolo: true,
	permission: { bash: { "curl *": { action: "deny", reason: "no downloads on managed machines" } } },
};

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

describe("the system managed file, read by the CLI without --managed", () => {
	let tree: ConfigTree;
	let managed: string;
	let trusted: RunOptions;
	beforeEach(() => {
		tree = new ConfigTree();
		tree.writeGlobal({ permission: { bash: { "*": "allow", "curl *": "allow" } } });
		const dir = join(tree.root, "etc-pi-permissions");
		mkdirSync(dir, { mode: 0o755 });
		chmodSync(dir, 0o755);
		managed = join(dir, "managed.json");
		writeFileSync(managed, JSON.stringify(MANAGED), { mode: 0o644 });
		chmodSync(managed, 0o644);
		trusted = { managedPolicyFile: managed, managedFileSystem: asRoot(tree.root) };
	});
	afterEach(() => tree.remove());

	it("decides under it: a managed deny holds over a global allow and --yolo", async () => {
		for (const args of [[], ["--yolo"]]) {
			const run = await tree.run(["check", ...args, "bash", "curl https://x", "--json"], trusted);
			expect(JSON.parse(run.stdout)).toMatchObject({ action: "deny", origin: "managed" });
		}
	});

	it("config show names the file, its sha256 and the keys in force", async () => {
		const sha = createHash("sha256").update(readFileSync(managed)).digest("hex");
		const text = await tree.run(["config", "show"], trusted);
		expect(text.stdout).toContain(`managed: ${managed} (in force, sha256 ${sha})`);
		expect(text.stdout).toContain("managed keys in force: permission, disableYolo");
		expect(text.stdout).toContain(`bash "curl *": deny (managed ${managed})`);
		const json = JSON.parse((await tree.run(["config", "show", "--json"], trusted)).stdout);
		expect(json.managed).toEqual({
			file: managed,
			status: "trusted",
			sha256: sha,
			keys: ["permission", "disableYolo"],
			problem: null,
		});
	});

	it("explain names a managed rule's origin `managed` and its file", async () => {
		const run = await tree.run(["explain", "bash", "curl https://x", "--json"], trusted);
		const parsed = JSON.parse(run.stdout);
		expect(parsed).toMatchObject({ action: "deny", origin: "managed" });
		expect(parsed.trace.matchingRules.at(-1)).toMatchObject({
			pattern: "curl *",
			source: "managed",
			file: managed,
			wins: true,
		});
	});

	it("config validate passes a trusted file and names it", async () => {
		const run = await tree.run(["config", "validate"], trusted);
		expect(run.stdout).toContain(`managed        trusted  ${managed}`);
		expect(run.stdout).toContain("config valid");
		expect(run.code).toBe(0);
	});

	it("refuses a file group or others may write (the real file system answers), and asks every call", async () => {
		chmodSync(managed, 0o666);
		const real = { managedPolicyFile: managed };
		const check = await tree.run(["check", "bash", "ls", "--json"], real);
		expect(JSON.parse(check.stdout)).toMatchObject({ action: "ask", origin: "managed" });
		expect(check.stderr).toContain(`managed policy ${managed} refused`);
		expect(check.stderr).toContain(`sudo chmod go-w ${managed}`);
		const validate = await tree.run(["config", "validate"], real);
		expect(validate.stdout).toContain(`managed        refused  ${managed}`);
		expect(validate.stdout).toContain(`error: managed: ${managed} REFUSED`);
		expect(validate.stdout).toContain("the managed policy is not in force: every call is asked");
		expect(validate.code).toBe(1);
		const json = JSON.parse((await tree.run(["config", "validate", "--json"], real)).stdout);
		expect(json).toMatchObject({ valid: false, managed: { file: managed, status: "refused", sha256: null } });
		const show = await tree.run(["config", "show"], real);
		expect(show.stdout).toContain(`managed: ${managed} REFUSED`);
	});

	it("refuses a file not owned by root (the real owner, read from the disk), and asks every call", async () => {
		// The suite may run as root: the file is then given to another user, so the real owner is never root.
		if (process.getuid?.() === 0) chownSync(managed, 65534, 65534);
		const run = await tree.run(["check", "bash", "ls", "--json"], { managedPolicyFile: managed });
		expect(JSON.parse(run.stdout)).toMatchObject({ action: "ask", origin: "managed" });
		expect(run.stderr).toContain(`${managed} is not owned by root`);
		expect(run.stderr).toContain(`sudo chown root ${managed}`);
	});

	it("reads nothing when no file is at the location: the policy is the user's", async () => {
		const run = await tree.run(["check", "bash", "curl https://x", "--json"], {
			managedPolicyFile: join(tree.root, "nowhere", "managed.json"),
		});
		expect(JSON.parse(run.stdout)).toMatchObject({ action: "allow" });
		expect((await tree.run(["config", "show"], { managedPolicyFile: null })).stdout).toContain("managed: none");
	});

	it("--managed FILE wins over the system location", async () => {
		const other = tree.write(join(tree.root, "etc-pi-permissions", "other.json"), { permission: {} });
		chmodSync(other, 0o644);
		const run = await tree.run(["check", "--managed", other, "bash", "curl https://x", "--json"], trusted);
		expect(JSON.parse(run.stdout)).toMatchObject({ action: "allow" });
	});

	it("lint names a global allow the managed deny decides, with both places", async () => {
		const document = JSON.parse((await tree.run(["lint", "--json"], trusted)).stdout);
		const found = document.findings.find((f: { kind: string }) => f.kind === "managed-overrides");
		expect(found).toMatchObject({ scope: "global", pattern: "curl *", related: { scope: "managed", file: managed } });
		expect(found.message).toContain('the managed deny "curl *"');
	});

	it("lint flags every lower allow under allowManagedRulesOnly, and a refused file as an error", async () => {
		writeFileSync(managed, JSON.stringify({ allowManagedRulesOnly: true }));
		const only = JSON.parse((await tree.run(["lint", "--json"], trusted)).stdout);
		const ignored = only.findings.filter((f: { kind: string }) => f.kind === "managed-overrides");
		expect(ignored.map((f: { pattern: string }) => f.pattern)).toEqual(["*", "curl *"]);
		expect(ignored[0].message).toContain("allowManagedRulesOnly");
		chmodSync(managed, 0o666);
		const refused = await tree.run(["lint", "--json"], { managedPolicyFile: managed });
		const error = JSON.parse(refused.stdout).findings.find((f: { kind: string }) => f.kind === "config-issue");
		expect(error).toMatchObject({ severity: "error" });
		expect(error.message).toContain(`the managed policy ${managed} is refused`);
		expect(refused.code).toBe(1);
	});
});
