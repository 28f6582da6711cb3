/**
 * A file tree in memory for the Linux sandbox's walks: directories, files and links by absolute path, a clock, and a
 * count of the listings read (so a test can tell a cached listing from a fresh one).
 */
import type { DirectoryEntry, EntryFacts, TreeReader } from "../../src/linux/directory-listing-cache";

type Node = { kind: "directory"; mtime: number } | { kind: "file" } | { kind: "symlink"; to: string };

export class FakeTree implements TreeReader {
	private readonly nodes = new Map<string, Node>([["/", { kind: "directory", mtime: 0 }]]);
	clock = 10_000;
	reads = 0;

	dir(path: string): this {
		this.ensureParent(path);
		this.nodes.set(path, { kind: "directory", mtime: 0 });
		return this;
	}

	file(path: string): this {
		this.ensureParent(path);
		this.nodes.set(path, { kind: "file" });
		this.touchParent(path);
		return this;
	}

	link(path: string, to: string): this {
		this.ensureParent(path);
		this.nodes.set(path, { kind: "symlink", to });
		return this;
	}

	remove(path: string): this {
		this.nodes.delete(path);
		this.touchParent(path);
		return this;
	}

	facts(path: string): EntryFacts | null {
		const node = this.nodes.get(path);
		if (node === undefined) return null;
		const time = node.kind === "directory" ? node.mtime : 0;
		return { kind: node.kind, dev: 1, ino: [...this.nodes.keys()].indexOf(path), ctimeMs: time, mtimeMs: time };
	}

	list(path: string): readonly DirectoryEntry[] | "unreadable" | null {
		const node = this.nodes.get(path);
		if (node?.kind !== "directory") return null;
		this.reads += 1;
		const prefix = path === "/" ? "/" : `${path}/`;
		return [...this.nodes.entries()]
			.filter(([child]) => child.startsWith(prefix) && child !== path && !child.slice(prefix.length).includes("/"))
			.map(([child, entry]) => ({ name: child.slice(prefix.length), kind: entry.kind }));
	}

	canonical(path: string): string | null {
		let out = "";
		for (const part of path.split("/").filter((segment) => segment !== "")) {
			const next = `${out}/${part}`;
			const node = this.nodes.get(next);
			if (node === undefined) return null;
			out = node.kind === "symlink" ? (this.canonical(node.to) ?? "") : next;
			if (out === "") return null;
		}
		return out === "" ? "/" : out;
	}

	isDirectory(path: string): boolean {
		const real = this.canonical(path);
		return real !== null && this.nodes.get(real)?.kind === "directory";
	}

	now(): number {
		return this.clock;
	}

	private ensureParent(path: string): void {
		const parent = path.slice(0, path.lastIndexOf("/")) || "/";
		if (!this.nodes.has(parent)) this.dir(parent);
	}

	private touchParent(path: string): void {
		const parent = path.slice(0, path.lastIndexOf("/")) || "/";
		const node = this.nodes.get(parent);
		if (node?.kind === "directory") node.mtime = this.clock;
	}
}
