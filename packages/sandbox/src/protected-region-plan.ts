/**
 * Owns: turning the protected regions the engine lists into what the sandbox does with them (ADR 0048), for the
 * writable roots of one plan: an existing protected place is read-only (a bind mount over what exists creates
 * nothing), the forwarding root is neither readable nor writable, the project's git directory keeps only what git
 * reads as code read-only, and a protected name that does not exist yet is watched: checked right after the call,
 * because a mount over a missing name would create a file on the real disk (sandbox-runtime issue #139). So are the
 * home's new dot-entries and the project's new repositories.
 * Never: reads the file system itself (existence and listings come through the injected functions) or removes
 * anything (`protected-name-sweep.ts` does, after the call).
 */
import type { SandboxBecause, SandboxEntry } from "./sandbox-entry";

/** A protected region as the engine lists it (`ProtectedTargets.list()`), structurally. */
export type ProtectedTargetEntry =
	| {
			readonly kind: "path";
			readonly pattern: string;
			readonly why: string;
			readonly sandbox: "read-only" | "hidden" | "git-dir";
	  }
	| { readonly kind: "glob"; readonly pattern: string; readonly why: string }
	| { readonly kind: "dot-entries"; readonly pattern: string; readonly why: string; readonly data: readonly string[] };

/**
 * A directory whose new entries are checked after each call: `dot-entries` (a new dot-entry not named as data is
 * removed), `repositories` (a new directory git accepts as a repository, or one holding `.git`, loses what git would
 * run in it).
 */
export interface WatchedDirectory {
	readonly path: string;
	readonly kind: "dot-entries" | "repositories";
	/** Names that are data (`dot-entries` only). */
	readonly data: readonly string[];
	readonly because: SandboxBecause;
}

interface RegionPlan {
	readonly readDenies: readonly SandboxEntry[];
	readonly writeDenies: readonly SandboxEntry[];
	readonly watched: readonly SandboxEntry[];
	readonly watchedDirs: readonly WatchedDirectory[];
}

interface RegionFacts {
	/** Absolute writable roots (both forms); a region outside all of them is read-only already. */
	readonly writeRoots: readonly string[];
	readonly cwd: string;
	/** Whether an absolute path exists (a dangling link exists). Must not throw. */
	readonly exists: (path: string) => boolean;
	/** Whether an absolute path is a directory (links followed). Must not throw. */
	readonly isDirectory: (path: string) => boolean;
	/** The names in a directory, or `null` when it cannot be listed. Must not throw. */
	readonly list: (path: string) => readonly string[] | null;
}

const NEW_REPOSITORY: SandboxBecause = {
	kind: "protected",
	why: "makes a git directory (git runs what its config and hooks name)",
	pattern: "<new repository>",
};

/** The sandbox's part of the protected regions; `glob` entries are the caller's (they are policy patterns). */
export function planRegions(entries: readonly ProtectedTargetEntry[], facts: RegionFacts): RegionPlan {
	const readDenies: SandboxEntry[] = [];
	const writeDenies: SandboxEntry[] = [];
	const watched: SandboxEntry[] = [];
	const watchedDirs: WatchedDirectory[] = [
		{ path: facts.cwd, kind: "repositories", data: [], because: NEW_REPOSITORY },
	];
	for (const entry of entries) {
		if (entry.kind === "glob") continue;
		const because: SandboxBecause = { kind: "protected", why: entry.why, pattern: entry.pattern };
		if (entry.kind === "dot-entries") {
			if (within(entry.pattern, facts.writeRoots)) {
				watchedDirs.push({ path: entry.pattern, kind: "dot-entries", data: entry.data, because });
				// Each dot-entry there now is read-only, but data and what holds data (`~/.npm` holds its cache).
				for (const name of facts.list(entry.pattern) ?? []) {
					if (!name.startsWith(".") || name === "." || name === "..") continue;
					if (entry.data.some((data) => data === name || data.startsWith(`${name}/`))) continue;
					writeDenies.push({ path: `${entry.pattern.replace(/\/+$/, "")}/${name}`, because });
				}
			}
			continue;
		}
		const exists = facts.exists(entry.pattern);
		if (entry.sandbox === "hidden" && exists) {
			// The runtime lays an empty tmpfs over it: nothing there is read, and nothing written reaches the disk.
			readDenies.push({ path: entry.pattern, because });
			continue;
		}
		if (!meetsWriteRoot(entry.pattern, facts.writeRoots)) continue;
		if (entry.sandbox === "git-dir") {
			// SECURITY: a `.git` file (a worktree's or submodule's pointer) is kept as it is; a directory keeps git's own
			// work writable and its code entries (listed on their own) read-only.
			if (exists && !facts.isDirectory(entry.pattern)) writeDenies.push({ path: entry.pattern, because });
			continue;
		}
		if (exists) writeDenies.push({ path: entry.pattern, because });
		else watched.push({ path: entry.pattern, because });
	}
	// A watched name below a read-only place cannot be made: the place's mount already refuses it. One below a home
	// whose new dot-entries are watched is found by that watch (`~/.bash_aliases`, `~/.config/fish` with no `.config`).
	const coveredByDots = (path: string) =>
		watchedDirs.some((dir) => {
			if (dir.kind !== "dot-entries" || !path.startsWith(`${dir.path}/`)) return false;
			const first = path.slice(dir.path.length + 1).split("/")[0] ?? "";
			return first.startsWith(".") && !dir.data.some((data) => data === first || data.startsWith(`${first}/`));
		});
	return {
		readDenies,
		writeDenies,
		watched: watched.filter(
			(entry) => !writeDenies.some((deny) => isAtOrBelow(entry.path, deny.path)) && !coveredByDots(entry.path),
		),
		watchedDirs,
	};
}

/** Whether a write under `path` can reach a writable root: it lies in one, or one lies below it. */
function meetsWriteRoot(path: string, roots: readonly string[]): boolean {
	return roots.some((root) => isAtOrBelow(path, root) || isAtOrBelow(root, path));
}

function within(path: string, roots: readonly string[]): boolean {
	return roots.some((root) => isAtOrBelow(path, root));
}

function isAtOrBelow(path: string, dir: string): boolean {
	return path === dir || path.startsWith(dir.endsWith("/") ? dir : `${dir}/`);
}
