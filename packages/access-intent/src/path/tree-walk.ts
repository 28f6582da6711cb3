/**
 * Owns: a bounded walk of a real tree through the normalizer's file-system probe, handing each entry's absolute path
 * and name to a test until one matches, the tree is done, or the walk is over its entry budget. Symbolic links are
 * followed (their own path and their target are both tested, under the link's name; a directory target is walked
 * once), so a link to a secret counts.
 * Never: reads a file's contents, writes, or decides anything (the caller's test does); it never throws.
 */
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
	const pending: string[] = [];
	let entries = 0;
	/** Tests one entry and queues it when it is a directory; `true` when the test matched. */
	const visit = (path: string, name: string): boolean => {
		entries++;
		if (test(path, name)) return true;
		const kind = normalizer.entryKind(path);
		if (kind === "directory") pending.push(path);
		else if (kind === "symlink") {
			const target = normalizer.realpath(path);
			if (target === null) return false;
			if (target !== path && test(target, name)) return true;
			if (normalizer.entryKind(target) === "directory") pending.push(target);
		}
		return false;
	};
	if (normalizer.entryKind(root) === null) return { kind: "complete", entries: 0 };
	if (visit(root, root.slice(root.lastIndexOf(separator) + 1))) return { kind: "matched", path: root };
	while (pending.length > 0) {
		const dir = pending.pop() as string;
		// A directory reached twice (a link back up, two links to one place) is walked once.
		const real = normalizer.realpath(dir) ?? dir;
		if (walked.has(real)) continue;
		walked.add(real);
		const names = normalizer.listDirectory(dir);
		if (names === null) continue;
		for (const name of names) {
			if (!options.hidden && name.startsWith(".")) continue;
			if (entries >= options.maxEntries) return { kind: "over-budget", entries };
			const path = dir.endsWith(separator) || dir.endsWith("/") ? `${dir}${name}` : `${dir}${separator}${name}`;
			if (visit(path, name)) return { kind: "matched", path };
		}
	}
	return { kind: "complete", entries };
}
