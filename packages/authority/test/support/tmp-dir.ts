/** Creates and removes a real temporary directory per test. */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

export async function makeTmpDir(): Promise<string> {
	return mkdtemp(join(tmpdir(), "pi-authority-"));
}

export async function removeTmpDir(dir: string): Promise<void> {
	await rm(dir, { recursive: true, force: true });
}

/** Every regular file under `dir`, relative, sorted. */
export async function filesUnder(dir: string): Promise<string[]> {
	const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
	return entries
		.filter((entry) => entry.isFile() || entry.isSymbolicLink())
		.map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
		.sort();
}
