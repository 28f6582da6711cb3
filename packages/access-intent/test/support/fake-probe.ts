/**
 * Owns: an in-memory `FileSystemProbe` for lexical tests: listed files, directories (parents implied) and symlinks.
 * Never: touches the real file system; real-fs behaviour is tested against `tmp-tree.ts`.
 */
import type { PathFlavor } from "@pi-permissions/policy";
import { POSIX_FLAVOR } from "@pi-permissions/policy";
import type { EntryKind, FileSystemProbe } from "../../src/path/file-system-probe";
import { foldSegments, formatPath, joinPath, parsePath } from "../../src/path/path-syntax";

export interface FakeTree {
	readonly files?: readonly string[];
	readonly directories?: readonly string[];
	/** Link path to target (absolute, or relative to the link's directory). */
	readonly symlinks?: Readonly<Record<string, string>>;
}

export interface CountingProbe extends FileSystemProbe {
	/** Number of probe calls made so far. */
	readonly calls: () => number;
}

export function createFakeProbe(tree: FakeTree, flavor: PathFlavor = POSIX_FLAVOR): CountingProbe {
	const key = (path: string) => flavor.fold(path);
	const entries = new Map<string, EntryKind>();
	const links = new Map<string, string>();
	const names = new Map<string, Set<string>>();
	const addParents = (path: string) => {
		const parsed = parsePath(path, flavor);
		const segments = foldSegments(parsed);
		for (let i = 0; i < segments.length; i++) {
			const parent = formatPath(parsed.root, segments.slice(0, i), flavor);
			const child = segments[i] as string;
			if (!entries.has(key(parent))) entries.set(key(parent), "directory");
			const set = names.get(key(parent)) ?? new Set<string>();
			set.add(child);
			names.set(key(parent), set);
		}
	};
	const add = (path: string, kind: EntryKind) => {
		addParents(path);
		entries.set(key(path), kind);
	};
	for (const dir of tree.directories ?? []) add(dir, "directory");
	for (const file of tree.files ?? []) add(file, "file");
	for (const [link, target] of Object.entries(tree.symlinks ?? {})) {
		add(link, "symlink");
		links.set(key(link), target);
	}
	let calls = 0;

	const resolve = (path: string, depth: number): string | null => {
		if (depth > 16) return null;
		const parsed = parsePath(path, flavor);
		let current = formatPath(parsed.root, [], flavor);
		for (const segment of parsed.segments) {
			if (segment === "" || segment === ".") continue;
			if (segment === "..") {
				current = formatPath(
					parsePath(current, flavor).root,
					foldSegments(parsePath(current, flavor)).slice(0, -1),
					flavor,
				);
				continue;
			}
			const next = joinPath(current, segment, flavor);
			const kind = entries.get(key(next));
			if (kind === undefined) return null;
			if (kind === "symlink") {
				const target = links.get(key(next)) as string;
				const resolved = resolve(joinPath(current, target, flavor), depth + 1);
				if (resolved === null) return null;
				current = resolved;
			} else current = next;
		}
		return current;
	};

	return {
		calls: () => calls,
		realpath(path) {
			calls++;
			return resolve(path, 0);
		},
		lstat(path) {
			calls++;
			const parsed = parsePath(path, flavor);
			const segments = foldSegments(parsed);
			const parent = resolve(formatPath(parsed.root, segments.slice(0, -1), flavor), 0);
			if (parent === null) return null;
			const last = segments[segments.length - 1];
			const full = last === undefined ? parent : joinPath(parent, last, flavor);
			const kind = entries.get(key(full));
			return kind === undefined ? null : { kind };
		},
		readdir(path) {
			calls++;
			const real = resolve(path, 0);
			if (real === null || entries.get(key(real)) !== "directory") return null;
			return [...(names.get(key(real)) ?? [])].sort();
		},
	};
}
