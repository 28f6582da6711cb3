/**
 * Owns: `fixtureProbe`, the file system `doctor` decides its shapes in: a throwaway project where only the project
 * directory, the home and the agent directory (and their parents) exist, each as the real one resolves.
 * Never: creates a file; the fixture is a view, so a symlink or file in the user's tree cannot change a verdict.
 */
import type { FileSystemProbe } from "@pi-permissions/access-intent";

/** The directories that exist in the fixture, with every parent of each; the rest of the tree is empty. */
export function fixtureProbe(real: FileSystemProbe, roots: readonly string[], separator: "/" | "\\"): FileSystemProbe {
	const present = new Set<string>();
	for (const root of roots) {
		let path = root;
		for (;;) {
			present.add(path);
			const cut = path.lastIndexOf(separator);
			if (cut <= 0) break;
			path = path.slice(0, cut);
		}
		present.add(separator === "/" ? "/" : `${path}\\`);
	}
	const exists = (path: string) => present.has(path);
	return {
		realpath: (path) => (exists(path) ? real.realpath(path) : null),
		lstat: (path) => (exists(path) ? real.lstat(path) : null),
		// SECURITY: the fixture's directories list nothing, so no shape is judged by what the user's tree holds.
		readdir: (path) => (exists(path) ? [] : null),
	};
}
