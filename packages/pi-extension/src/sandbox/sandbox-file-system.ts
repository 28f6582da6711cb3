/**
 * Owns: the `node:fs` answers the sandbox needs around a call: a path's canonical form, whether it exists or is a
 * directory (for the plan), a directory's names and removing an entry the sandboxed command made (for the check
 * after the call, ADR 0048).
 * Never: throws, follows a link when it removes one (the link goes, never its target), or decides what to remove.
 */
import { lstatSync, readdirSync, realpathSync, rmSync, statSync } from "node:fs";
import type { SweepFileSystem } from "@pi-permissions/sandbox";

export interface SandboxFileSystem extends SweepFileSystem {
	/** The symlink-canonical form, or the path itself when it cannot be resolved (it may not exist yet). */
	canonical(path: string): string;
	/** Whether the path is a directory, links followed. */
	isDirectoryFollowing(path: string): boolean;
}

export function nodeSandboxFileSystem(): SandboxFileSystem {
	return {
		canonical(path) {
			try {
				return realpathSync(path);
			} catch {
				return path;
			}
		},
		exists: (path) => lstatSync(path, { throwIfNoEntry: false }) !== undefined,
		isDirectory: (path) => lstatSync(path, { throwIfNoEntry: false })?.isDirectory() === true,
		isDirectoryFollowing: (path) => statSync(path, { throwIfNoEntry: false })?.isDirectory() === true,
		list(path) {
			try {
				return readdirSync(path);
			} catch {
				return null;
			}
		},
		remove(path) {
			try {
				// `rmSync` removes a link itself (lstat), and a directory with what is in it.
				rmSync(path, { recursive: true, force: true });
				return lstatSync(path, { throwIfNoEntry: false }) === undefined;
			} catch {
				return false;
			}
		},
	};
}
