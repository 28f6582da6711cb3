import { POSIX_FLAVOR } from "@pi-permissions/policy";
import { afterEach, describe, expect, it } from "vitest";
import { createNodeFileSystemProbe } from "../../src/path/file-system-probe";
import { PathNormalizer } from "../../src/path/path-normalizer";
import { walkTree } from "../../src/path/tree-walk";
import { createTmpTree, type TmpTree } from "../support/tmp-tree";

const trees: TmpTree[] = [];
afterEach(() => {
	for (const tree of trees.splice(0)) tree.remove();
});

function normalizerOver(spec: Parameters<typeof createTmpTree>[0]): { tree: TmpTree; normalizer: PathNormalizer } {
	const tree = createTmpTree(spec);
	trees.push(tree);
	const normalizer = PathNormalizer.create({
		cwd: tree.root,
		home: "/home/u",
		flavor: POSIX_FLAVOR,
		probe: createNodeFileSystemProbe(),
	});
	return { tree, normalizer };
}

const named = (name: string) => (_path: string, entry: string) => entry === name;

describe("walkTree (real tree)", () => {
	it("finds a file deep in the tree", () => {
		const { tree, normalizer } = normalizerOver({ files: ["a/b/c/.env", "a/x.ts"] });
		expect(walkTree(normalizer, tree.root, { maxEntries: 100, hidden: true }, named(".env"))).toEqual({
			kind: "matched",
			path: tree.path("a/b/c/.env"),
		});
	});

	it("skips hidden entries below the root when asked to, and only below it", () => {
		const { tree, normalizer } = normalizerOver({ files: [".hidden/.env", "b.txt"] });
		expect(walkTree(normalizer, tree.root, { maxEntries: 100, hidden: false }, named(".env"))).toEqual({
			kind: "complete",
			entries: 2,
		});
		expect(walkTree(normalizer, tree.path(".hidden"), { maxEntries: 100, hidden: true }, named(".env")).kind).toBe(
			"matched",
		);
	});

	it("follows a symbolic link and tests its target under the link's name", () => {
		const { tree, normalizer } = normalizerOver({
			files: ["secret/key.pem", "src/a.ts"],
			symlinks: { "src/ok.ts": "../secret/key.pem" },
		});
		const seen: string[] = [];
		walkTree(normalizer, tree.path("src"), { maxEntries: 100, hidden: true }, (path, name) => {
			seen.push(`${path.slice(tree.root.length)} ${name}`);
			return false;
		});
		expect(seen).toContain("/secret/key.pem ok.ts");
	});

	it("walks a directory reached twice (a link back up) once", () => {
		const { tree, normalizer } = normalizerOver({ files: ["d/f.txt"], symlinks: { "d/up": ".." } });
		const result = walkTree(normalizer, tree.root, { maxEntries: 100, hidden: true }, () => false);
		expect(result).toEqual({ kind: "complete", entries: 4 });
	});

	it("stops over its budget", () => {
		const { tree, normalizer } = normalizerOver({ files: Array.from({ length: 30 }, (_, i) => `d/f${i}.txt`) });
		expect(walkTree(normalizer, tree.root, { maxEntries: 10, hidden: true }, () => false)).toEqual({
			kind: "over-budget",
			entries: 10,
		});
	});

	it("tests a root that is a file alone, and finds nothing under a root that does not exist", () => {
		const { tree, normalizer } = normalizerOver({ files: [".env"] });
		expect(walkTree(normalizer, tree.path(".env"), { maxEntries: 10, hidden: false }, named(".env")).kind).toBe(
			"matched",
		);
		expect(walkTree(normalizer, tree.path("missing"), { maxEntries: 10, hidden: true }, () => true)).toEqual({
			kind: "complete",
			entries: 0,
		});
	});
});

describe("walkTree with and without a listing that carries kinds", () => {
	/** The node probe, with `lstat` counted; `kinds: false` hides its listing with kinds (a probe without one). */
	function countingNormalizer(root: string, kinds: boolean) {
		const node = createNodeFileSystemProbe();
		let lstats = 0;
		const probe = {
			realpath: (path: string) => node.realpath(path),
			lstat: (path: string) => {
				lstats++;
				return node.lstat(path);
			},
			readdir: (path: string) => node.readdir(path),
			...(kinds ? { readdirKinds: (path: string) => node.readdirKinds?.(path) ?? null } : {}),
		};
		const normalizer = PathNormalizer.create({ cwd: root, home: "/home/u", flavor: POSIX_FLAVOR, probe });
		return { normalizer: normalizer.withProbeCache(), lstats: () => lstats };
	}

	it("sees the same entries in the same order, with no lstat per entry when the listing has kinds", () => {
		const spec = {
			files: ["a/b/c.ts", "a/b/d.ts", "a/e.ts", "f/g/h.ts", ".hidden/x", "secret/key.pem"],
			symlinks: { "a/link.pem": "../secret/key.pem", "f/up": ".." },
		};
		const { tree } = normalizerOver(spec);
		const walk = (kinds: boolean) => {
			const counted = countingNormalizer(tree.root, kinds);
			const seen: string[] = [];
			const result = walkTree(counted.normalizer, tree.root, { maxEntries: 100, hidden: true }, (path, name) => {
				seen.push(`${path.slice(tree.root.length)} ${name}`);
				return false;
			});
			return { result, seen, lstats: counted.lstats() };
		};
		const listed = walk(true);
		const asked = walk(false);
		expect(listed.seen).toEqual(asked.seen);
		expect(listed.result).toEqual(asked.result);
		// Without kinds, every entry below the root is asked about once (12 here); with them, only the root and what a
		// listing cannot say (each symlink's target).
		expect(asked.lstats).toBeGreaterThanOrEqual(12);
		expect(listed.lstats).toBeLessThan(6);
	});
});
