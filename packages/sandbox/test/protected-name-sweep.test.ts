import { describe, expect, it } from "vitest";
import { type SweepFileSystem, snapshotBeforeCall, sweepAfterCall } from "../src/protected-name-sweep";
import type { SandboxPlan } from "../src/sandbox-plan";

/** A fake disk: a set of paths (directories end in `/` when listed), with what `remove` was asked. */
class FakeDisk implements SweepFileSystem {
	readonly removed: string[] = [];
	constructor(
		private readonly entries: Set<string>,
		private readonly dirs: Set<string>,
		private readonly refuse: readonly string[] = [],
	) {}
	add(path: string, dir = false): void {
		this.entries.add(path);
		if (dir) this.dirs.add(path);
	}
	exists(path: string): boolean {
		return this.entries.has(path);
	}
	isDirectory(path: string): boolean {
		return this.dirs.has(path);
	}
	list(path: string): readonly string[] | null {
		if (!this.dirs.has(path)) return null;
		return [...this.entries]
			.filter((entry) => entry.startsWith(`${path}/`) && !entry.slice(path.length + 1).includes("/"))
			.map((entry) => entry.slice(path.length + 1));
	}
	remove(path: string): boolean {
		this.removed.push(path);
		if (this.refuse.includes(path)) return false;
		for (const entry of [...this.entries])
			if (entry === path || entry.startsWith(`${path}/`)) this.entries.delete(entry);
		return true;
	}
}

const because = { kind: "protected", why: "writes something protected", pattern: "x" } as const;

function plan(extra: Partial<SandboxPlan>): SandboxPlan {
	return {
		readDenies: [],
		writeAllows: [],
		writeDenies: [],
		watched: [],
		watchedDirs: [],
		allowedDomains: [],
		deniedDomains: [],
		skipped: [],
		...extra,
	};
}

describe("sweepAfterCall", () => {
	it("removes a watched name the call made, and says why", () => {
		const disk = new FakeDisk(new Set(), new Set());
		const watched = plan({ watched: [{ path: "/p/.git/commondir", because }] });
		const before = snapshotBeforeCall(watched, disk);
		disk.add("/p/.git/commondir");
		const swept = sweepAfterCall(watched, before, disk);
		expect(swept).toEqual([
			{
				path: "/p/.git/commondir",
				because,
				removed: true,
				text: "removed `/p/.git/commondir`: the sandboxed command made it, and it writes something protected",
			},
		]);
		expect(disk.exists("/p/.git/commondir")).toBe(false);
	});

	it("says so when it cannot remove one", () => {
		const disk = new FakeDisk(new Set(["/h/.bash_aliases"]), new Set(), ["/h/.bash_aliases"]);
		const swept = sweepAfterCall(
			plan({ watched: [{ path: "/h/.bash_aliases", because }] }),
			{ listings: new Map() },
			disk,
		);
		expect(swept[0]).toMatchObject({ removed: false });
		expect(swept[0]?.text).toContain("remove it yourself");
	});

	it("removes a new home dot-entry that is not data, and leaves data, plain files and what was there", () => {
		const disk = new FakeDisk(new Set(["/h/.bashrc"]), new Set(["/h"]));
		const watching = plan({ watchedDirs: [{ path: "/h", kind: "dot-entries", data: [".cache"], because }] });
		const before = snapshotBeforeCall(watching, disk);
		for (const name of [".sometoolrc", ".cache", "notes.txt"]) disk.add(`/h/${name}`);
		const swept = sweepAfterCall(watching, before, disk);
		expect(swept.map((entry) => entry.path)).toEqual(["/h/.sometoolrc"]);
		expect(disk.removed).toEqual(["/h/.sometoolrc"]);
	});

	it("strips what git would run from a repository the call made, and a .git file pointing elsewhere", () => {
		const disk = new FakeDisk(new Set(["/p/src"]), new Set(["/p", "/p/src"]));
		const watching = plan({ watchedDirs: [{ path: "/p", kind: "repositories", data: [], because }] });
		const before = snapshotBeforeCall(watching, disk);
		for (const dir of ["/p/x", "/p/x/objects", "/p/x/refs", "/p/x/hooks", "/p/sub", "/p/plain"]) disk.add(dir, true);
		for (const file of ["/p/x/config", "/p/x/HEAD", "/p/sub/.git", "/p/plain/config"]) disk.add(file);
		const swept = sweepAfterCall(watching, before, disk);
		expect(swept.map((entry) => entry.path).sort()).toEqual(["/p/sub/.git", "/p/x/config", "/p/x/hooks"]);
		expect(disk.exists("/p/x/objects")).toBe(true);
		expect(disk.exists("/p/plain/config")).toBe(true);
	});

	it("strips a new directory's own .git directory too", () => {
		const disk = new FakeDisk(new Set(), new Set(["/p"]));
		const watching = plan({ watchedDirs: [{ path: "/p", kind: "repositories", data: [], because }] });
		const before = snapshotBeforeCall(watching, disk);
		for (const dir of ["/p/lib", "/p/lib/.git", "/p/lib/.git/objects", "/p/lib/.git/refs"]) disk.add(dir, true);
		disk.add("/p/lib/.git/config");
		expect(sweepAfterCall(watching, before, disk).map((entry) => entry.path)).toEqual(["/p/lib/.git/config"]);
	});
});
