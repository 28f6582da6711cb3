/**
 * Owns: the check right after a sandboxed call (ADR 0048): a protected name that did not exist when the call started
 * and exists now was made by the sandboxed command (nothing sandboxed outlives the call: the runtime runs it in its own
 * PID namespace with `--die-with-parent`), so it is removed and reported; so is a new dot-entry of a writable home, and
 * what git would run in a repository the call made in the project (its `config`, `hooks/`, `info/`, `commondir`,
 * `config.worktree`, or the `.git` file pointing elsewhere).
 * Never: touches what existed before the call, follows a link (a link is removed, never its target), or decides what
 * is protected (the plan does).
 */
import type { SandboxBecause } from "./sandbox-entry";
import type { SandboxPlan } from "./sandbox-plan";

/** The file-system operations the check needs; the composition root passes `node:fs`. */
export interface SweepFileSystem {
	/** Whether the entry itself exists (a dangling link exists). Must not throw. */
	exists(path: string): boolean;
	/** Whether the entry itself is a directory (a link is not). Must not throw. */
	isDirectory(path: string): boolean;
	/** The names in a directory, or `null` when it cannot be listed. Must not throw. */
	list(path: string): readonly string[] | null;
	/** Removes the entry (a directory with everything in it; a link itself). Must not throw; `false` when it failed. */
	remove(path: string): boolean;
}

/** What the watched directories held when the call started. */
interface SweepSnapshot {
	readonly listings: ReadonlyMap<string, ReadonlySet<string>>;
}

/** One protected entry the sandboxed command made, and what was done with it. */
interface SweptEntry {
	readonly path: string;
	readonly because: SandboxBecause;
	readonly removed: boolean;
	readonly text: string;
}

/** What git reads in a git directory as configuration or code; the rest is git's own work. */
const GIT_CODE_ENTRIES: readonly string[] = ["config", "hooks", "info", "commondir", "config.worktree"];

/** At most this many entries are reported for one call (all are removed). */
export const MAX_SWEPT_REPORTS = 10;

export function snapshotBeforeCall(plan: SandboxPlan, fs: SweepFileSystem): SweepSnapshot {
	const listings = new Map<string, ReadonlySet<string>>();
	for (const dir of plan.watchedDirs) listings.set(dir.path, new Set(fs.list(dir.path) ?? []));
	return { listings };
}

export function sweepAfterCall(plan: SandboxPlan, before: SweepSnapshot, fs: SweepFileSystem): SweptEntry[] {
	const out: SweptEntry[] = [];
	const take = (path: string, because: SandboxBecause) => {
		if (out.some((entry) => entry.path === path)) return;
		const removed = fs.remove(path);
		out.push({ path, because, removed, text: sentence(path, because, removed) });
	};
	for (const entry of plan.watched) if (fs.exists(entry.path)) take(entry.path, entry.because);
	for (const dir of plan.watchedDirs) {
		const earlier = before.listings.get(dir.path);
		if (earlier === undefined) continue;
		for (const name of fs.list(dir.path) ?? []) {
			if (earlier.has(name)) continue;
			const path = `${dir.path.replace(/\/+$/, "")}/${name}`;
			switch (dir.kind) {
				case "dot-entries":
					// A new `.npm` holds data, but what else it holds cannot be told apart here: only data names stay.
					if (name.startsWith(".") && !dir.data.includes(name)) take(path, dir.because);
					break;
				case "repositories":
					for (const code of newRepositoryCode(path, fs)) take(code, dir.because);
					break;
				default: {
					const unhandled: never = dir.kind;
					throw new Error(`unhandled watched directory ${String(unhandled)}`);
				}
			}
		}
	}
	return out;
}

/** What git would run in a directory the call made: its own code entries if it is a repository, its `.git`'s. */
function newRepositoryCode(path: string, fs: SweepFileSystem): string[] {
	if (!fs.isDirectory(path)) return [];
	const out: string[] = [];
	const dotGit = `${path}/.git`;
	// SECURITY: a `.git` file points git at a directory of the agent's choice; it was made by this call.
	if (fs.exists(dotGit) && !fs.isDirectory(dotGit)) out.push(dotGit);
	for (const gitDir of [path, dotGit]) {
		if (!isRepository(gitDir, fs)) continue;
		for (const entry of GIT_CODE_ENTRIES) if (fs.exists(`${gitDir}/${entry}`)) out.push(`${gitDir}/${entry}`);
	}
	return out;
}

function isRepository(dir: string, fs: SweepFileSystem): boolean {
	if (!fs.isDirectory(dir)) return false;
	const has = (name: string) => fs.exists(`${dir}/${name}`);
	return (has("objects") && has("refs")) || (has("HEAD") && has("commondir"));
}

function sentence(path: string, because: SandboxBecause, removed: boolean): string {
	const why = because.kind === "protected" ? because.why : "is protected";
	return removed
		? `removed \`${path}\`: the sandboxed command made it, and it ${why}`
		: `could not remove \`${path}\`: the sandboxed command made it, and it ${why}; remove it yourself`;
}
