/**
 * Owns: a real temporary project under a fake home (`<root>/home/u/proj`) with files, directories and symlinks, for
 * real-fs engine tests, and its removal.
 * Never: writes outside the temporary directory it created.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface TmpProjectSpec {
	/** Paths relative to the project of files to create. */
	readonly files?: readonly string[];
	readonly directories?: readonly string[];
	/** Link path (relative to the project) to its target, used verbatim. */
	readonly symlinks?: Readonly<Record<string, string>>;
}

export interface TmpProject {
	readonly root: string;
	readonly home: string;
	/** The project directory (the session cwd). */
	readonly cwd: string;
	remove(): void;
}

export function createTmpProject(spec: TmpProjectSpec): TmpProject {
	const root = realpathSync(mkdtempSync(join(tmpdir(), "pi-permissions-engine-")));
	const home = join(root, "home", "u");
	const cwd = join(home, "proj");
	mkdirSync(cwd, { recursive: true });
	for (const dir of spec.directories ?? []) mkdirSync(join(cwd, dir), { recursive: true });
	for (const file of spec.files ?? []) {
		mkdirSync(dirname(join(cwd, file)), { recursive: true });
		writeFileSync(join(cwd, file), "SECRET=1\n");
	}
	for (const [link, target] of Object.entries(spec.symlinks ?? {})) {
		mkdirSync(dirname(join(cwd, link)), { recursive: true });
		symlinkSync(target, join(cwd, link));
	}
	return { root, home, cwd, remove: () => rmSync(root, { recursive: true, force: true }) };
}
