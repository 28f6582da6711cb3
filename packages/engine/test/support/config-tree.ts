/**
 * Owns: a real temporary directory tree laid out like a Pi machine (home, agent dir, project cwd) with helpers to
 * write each scope's file, and its removal.
 * Never: touches anything outside its own temporary directory.
 */
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface ConfigTree {
	readonly root: string;
	readonly home: string;
	readonly agentDir: string;
	readonly cwd: string;
	readonly globalFile: string;
	readonly projectFile: string;
	agentFile(name: string): string;
	projectAgentFile(name: string): string;
	/** Writes `content` at `path`, creating its folders. */
	write(path: string, content: string | Uint8Array): string;
	writeGlobal(content: string): string;
	writeProject(content: string): string;
	writeAgent(name: string, content: string): string;
	writeProjectAgent(name: string, content: string): string;
	remove(): void;
}

/** A fresh tree under the OS temp dir (realpath'd, so a symlinked `/tmp` does not change the paths). */
export function createConfigTree(): ConfigTree {
	const root = realpathSync(mkdtempSync(join(tmpdir(), "pi-permissions-config-")));
	const home = join(root, "home");
	const agentDir = join(home, ".pi", "agent");
	const cwd = join(root, "project");
	mkdirSync(agentDir, { recursive: true });
	mkdirSync(cwd, { recursive: true });
	const globalFile = join(agentDir, "extensions", "pi-permissions", "config.json");
	const projectFile = join(cwd, ".pi", "extensions", "pi-permissions", "config.json");
	const agentFile = (name: string) => join(agentDir, "agents", `${name}.md`);
	const projectAgentFile = (name: string) => join(cwd, ".pi", "agents", `${name}.md`);
	const write = (path: string, content: string | Uint8Array): string => {
		mkdirSync(dirname(path), { recursive: true });
		writeFileSync(path, content);
		return path;
	};
	return {
		root,
		home,
		agentDir,
		cwd,
		globalFile,
		projectFile,
		agentFile,
		projectAgentFile,
		write,
		writeGlobal: (content) => write(globalFile, content),
		writeProject: (content) => write(projectFile, content),
		writeAgent: (name, content) => write(agentFile(name), content),
		writeProjectAgent: (name, content) => write(projectAgentFile(name), content),
		remove() {
			// A test may have removed permissions; restore them so the tree can be deleted.
			try {
				chmodSync(globalFile, 0o600);
			} catch {
				// the file may not exist
			}
			rmSync(root, { recursive: true, force: true });
		},
	};
}

/** An agent definition with `frontmatter` (YAML lines, without the `---` fences) and a short body. */
export function agentMarkdown(frontmatter: string): string {
	return `---\n${frontmatter}\n---\nYou review code.\n`;
}
