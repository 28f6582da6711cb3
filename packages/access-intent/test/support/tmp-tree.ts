/**
 * Owns: real temporary directory trees for real-fs tests (files, directories, symlinks), and their removal.
 * Never: writes outside the temporary directory it created.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface TmpTreeSpec {
	/** Relative paths of files to create (parents created). */
	readonly files?: readonly string[];
	readonly directories?: readonly string[];
	/** Relative link path to target (used verbatim: absolute, or relative to the link). */
	readonly symlinks?: Readonly<Record<string, string>>;
}

export interface TmpTree {
	/** The tree's root, symlink-resolved (macOS `/tmp` is itself a link). */
	readonly root: string;
	path(relative: string): string;
	remove(): void;
}

export function createTmpTree(spec: TmpTreeSpec): TmpTree {
	const root = realpathSync(mkdtempSync(join(tmpdir(), "pi-permissions-")));
	const path = (relative: string) => join(root, relative);
	for (const dir of spec.directories ?? []) mkdirSync(path(dir), { recursive: true });
	for (const file of spec.files ?? []) {
		mkdirSync(dirname(path(file)), { recursive: true });
		writeFileSync(path(file), "x");
	}
	for (const [link, target] of Object.entries(spec.symlinks ?? {})) {
		mkdirSync(dirname(path(link)), { recursive: true });
		symlinkSync(target, path(link));
	}
	return { root, path, remove: () => rmSync(root, { recursive: true, force: true }) };
}
