/**
 * Owns: a bounded walk of a real tree through the normalizer's file-system probe, handing each entry's absolute path
 * and name to a test until one matches, the tree is done, or the walk is over its entry budget. Symbolic links are
 * followed (their own path and their target are both tested, under the link's name; a directory target is walked
 * once), so a link to a secret counts.
 * Never: reads a file's contents, writes, or decides anything (the caller's test does); it never throws.
 */
import type { EntryKind } from "./file-system-probe";
import type { PathNormalizer } from "./path-normalizer";

export interface TreeWalkOptions {
	/** The most entries looked at before the walk gives up (`over-budget`). */
	readonly maxEntries: number;
	/** Whether entries whose name starts with `.` below the root are walked (`rg` skips them by default). */
	readonly hidden: boolean;
}

export type TreeWalkResult =
	/** `test` matched this entry (its absolute path as the walk reached it). */
	| { readonly kind: "matched"; readonly path: string }
	/** Every entry was tested; none matched. */
	| { readonly kind: "complete"; readonly entries: number }
	/** More entries than `maxEntries`: the rest were not looked at. */
	| { readonly kind: "over-budget"; readonly entries: number };

/**
 * Walks `root` (absolute) depth-first. `test` gets an entry's path and the name it was reached by (a link's own name
 * for its target: `cat x.ts` reads what `x.ts` points to) and must not throw. A root that does not exist is a tree of
 * nothing; a root that is a file is tested alone.
 */
export function walkTree(
	normalizer: PathNormalizer,
	root: string,
	options: TreeWalkOptions,
	test: (path: string, name: string) => boolean,
): TreeWalkResult {
	const separator = normalizer.flavor.separator;
	const walked = new Set<string>();
	/** Directories to list: the path reached and its symlink-free form (a plain child's is its parent's plus its name). */
	const pending: { readonly path: string; readonly real: string }[] = [];
	const join = (dir: string, name: string) =>
		dir.endsWith(separator) || dir.endsWith("/") ? `${dir}${name}` : `${dir}${separator}${name}`;
	let entries = 0;
	/**
	 * Tests one entry of kind `kind` and queues it when it is a directory; `true` when the test matched. `real` is the
	 * entry's symlink-free form when known without asking (a plain entry of a symlink-free directory).
	 */
	const visit = (path: string, name: string, kind: EntryKind, real: string | null): boolean => {
		entries++;
		if (test(path, name)) return true;
		if (kind === "directory") pending.push({ path, real: real ?? normalizer.realpath(path) ?? path });
		else if (kind === "symlink") {
			const target = normalizer.realpath(path);
			if (target === null) return false;
			if (target !== path && test(target, name)) return true;
			if (normalizer.entryKind(target) === "directory") pending.push({ path: target, real: target });
		}
		return false;
	};
	const rootKind = normalizer.entryKind(root);
	if (rootKind === null) return { kind: "complete", entries: 0 };
	if (visit(root, root.slice(root.lastIndexOf(separator) + 1), rootKind, null)) return { kind: "matched", path: root };
	while (pending.length > 0) {
		const dir = pending.pop() as { readonly path: string; readonly real: string };
		// A directory reached twice (a link back up, two links to one place) is walked once.
		if (walked.has(dir.real)) continue;
		walked.add(dir.real);
		// One listing with each entry's kind: no `lstat` per entry, no `realpath` per plain directory.
		const listing = normalizer.listDirectoryKinds(dir.path);
		if (listing === null) continue;
		for (const entry of listing) {
			const name = entry.name;
			if (!options.hidden && name.startsWith(".")) continue;
			if (entries >= options.maxEntries) return { kind: "over-budget", entries };
			const path = join(dir.path, name);
			if (visit(path, name, entry.kind, join(dir.real, name))) return { kind: "matched", path };
		}
	}
	return { kind: "complete", entries };
}
