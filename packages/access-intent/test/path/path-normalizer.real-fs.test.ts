import { POSIX_FLAVOR } from "@pi-permissions/policy";
import { afterAll, describe, expect, it } from "vitest";
import { createNodeFileSystemProbe } from "../../src/path/file-system-probe";
import { PathNormalizer } from "../../src/path/path-normalizer";
import { createTmpTree } from "../support/tmp-tree";

// A real tree: <root>/project is the cwd, <root>/home the home, <root>/outside a sibling.
const tree = createTmpTree({
	files: ["project/src/a.ts", "project/.env", "outside/secret.txt", "home/.ssh/config"],
	directories: ["project/nested"],
	symlinks: {
		"project/escape": "../outside",
		"project/env-alias": ".env",
		"project/abs-escape": "/etc",
		"outside/into-project": "../project/src",
	},
});
afterAll(() => tree.remove());

const normalizer = PathNormalizer.create({
	cwd: tree.path("project"),
	home: tree.path("home"),
	flavor: POSIX_FLAVOR,
	probe: createNodeFileSystemProbe(),
});
const cwd = tree.path("project");

describe("PathNormalizer against a real directory tree", () => {
	it("gives a cwd-relative token its absolute form and cwd alias", () => {
		const path = normalizer.forPath("src/a.ts");
		expect(path.matchValues).toEqual([`${cwd}/src/a.ts`, "src/a.ts"]);
		expect(path.external).toBe(false);
	});

	it("folds `..` that stays inside and flags `..` that leaves", () => {
		expect(normalizer.forPath("nested/../src/a.ts").external).toBe(false);
		const out = normalizer.forPath("../outside/secret.txt");
		expect(out.external).toBe(true);
		expect(out.matchValues).toEqual([tree.path("outside/secret.txt")]);
	});

	it("expands `~` to the home directory, which is outside cwd", () => {
		const path = normalizer.forPath("~/.ssh/config");
		expect(path.matchValues).toEqual([tree.path("home/.ssh/config")]);
		expect(path.external).toBe(true);
	});

	it("sees a symlink to `.env` as `.env` too", () => {
		const path = normalizer.forPath("env-alias");
		expect(path.matchValues).toContain(".env");
		expect(path.matchValues).toContain(`${cwd}/.env`);
		expect(path.external).toBe(false);
	});

	it("flags a symlinked directory escaping cwd as external, also for entries that do not exist yet", () => {
		const existing = normalizer.forPath("escape/secret.txt");
		expect(existing.external).toBe(true);
		expect(existing.kind === "resolved" && existing.canonical).toBe(tree.path("outside/secret.txt"));
		const missing = normalizer.forPath("escape/new/file.txt");
		expect(missing.external).toBe(true);
		expect(missing.kind === "resolved" && missing.canonical).toBe(tree.path("outside/new/file.txt"));
		expect(normalizer.forPath("abs-escape/hosts").external).toBe(true);
	});

	it("treats a path outside that links back into cwd as inside", () => {
		const path = normalizer.forPath("../outside/into-project/a.ts");
		expect(path.external).toBe(false);
		expect(path.matchValues).toContain("src/a.ts");
	});

	it("resolves `escape/..` physically for bash: the parent of the link's target", () => {
		const path = normalizer.forPath("escape/../project/.env", { dotDot: "physical" });
		expect(path.kind === "resolved" && path.canonical).toBe(`${cwd}/.env`);
		const sibling = normalizer.forPath("escape/../outside/secret.txt", { dotDot: "physical" });
		expect(sibling.external).toBe(true);
	});

	it("probes existence with lstat (a dangling symlink exists)", () => {
		expect(normalizer.entryExists(`${cwd}/.env`)).toBe(true);
		expect(normalizer.entryExists(`${cwd}/nope`)).toBe(false);
		expect(normalizer.isDirectory(`${cwd}/escape`)).toBe(true);
	});
});
