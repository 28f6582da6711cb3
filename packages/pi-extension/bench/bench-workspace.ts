/**
 * Owns: the bench's throwaway world: a temporary project directory holding real files, a home, and an agent dir whose
 * global pi-permissions config is the bench policy; and removing all of it.
 * Never: touches the real agent dir or home, or reads `process.env`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface BenchWorkspace {
	readonly cwd: string;
	readonly agentDir: string;
	readonly home: string;
	/** Deletes the whole tree. Never throws. */
	remove(): void;
}

/** A fresh workspace: `files` under the project dir, `config` as the global config in the agent dir. */
export function createBenchWorkspace(files: Readonly<Record<string, string>>, config: unknown): BenchWorkspace {
	const root = mkdtempSync(join(tmpdir(), "pp-pi-bench-"));
	const cwd = join(root, "project");
	const agentDir = join(root, "agent");
	const home = join(root, "home");
	for (const dir of [cwd, agentDir, home]) mkdirSync(dir, { recursive: true });
	for (const [path, text] of Object.entries(files)) writeFile(join(cwd, path), text);
	writeFile(join(agentDir, "extensions", "pi-permissions", "config.json"), JSON.stringify(config, null, "\t"));
	return {
		cwd,
		agentDir,
		home,
		remove: () => {
			try {
				rmSync(root, { recursive: true, force: true });
			} catch {
				// A leftover temp dir is harmless.
			}
		},
	};
}

function writeFile(path: string, text: string): void {
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(path, text);
}
