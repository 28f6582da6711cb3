/**
 * Owns: what sandbox-runtime kept read-only in the working directory on its own, kept where it exists (its
 * "mandatory denies"): shell and git start-up files, `.mcp.json`, `.vscode/`, `.idea/`, `.claude/commands|agents/`,
 * a repository's `hooks/` and `config`, at the top and, as its ripgrep scan found them, up to two directories down
 * (`node_modules` skipped); a `.git` file at the top. Names that do not exist are not named at all: a mount over a
 * missing name would create it on the disk (sandbox-runtime issue #139).
 * Never: adds a deny the plan would not (the plan's own denies come first), or follows a link while scanning.
 */
import type { DirectoryListingCache } from "./directory-listing-cache";

/** sandbox-runtime 0.0.83 `DANGEROUS_FILES`: read-only wherever its scan finds them. */
const START_UP_FILES: ReadonlySet<string> = new Set([
	".gitconfig",
	".gitmodules",
	".bashrc",
	".bash_profile",
	".zshrc",
	".zprofile",
	".profile",
	".ripgreprc",
	".mcp.json",
]);

/** Directories read-only as a whole (`getDangerousDirectories()`), found at the top or one directory down. */
const WHOLE_DIRECTORIES: ReadonlySet<string> = new Set([".vscode", ".idea"]);

/** Under `.claude/`, only these (Claude Code's commands and agents). */
const CLAUDE_CODE_DIRECTORIES: readonly string[] = ["commands", "agents"];

/** What git runs or reads as configuration in a repository found by the scan. */
const GIT_CODE_ENTRIES: readonly string[] = ["hooks", "config"];

/** The scan's depth: files up to two directories down, directories one (ripgrep `--max-depth 4` as the runtime read it). */
const FILE_DEPTH = 2;
const DIRECTORY_DEPTH = 1;

/** The existing paths in the working directory that stay read-only, canonical (a linked entry where it leads). */
export function workingDirectoryDenies(cwd: string, cache: DirectoryListingCache): string[] {
	const reader = cache.reader;
	const root = reader.canonical(cwd);
	if (root === null) return [];
	const out = new Set<string>();
	const add = (path: string) => {
		const real = reader.canonical(path);
		if (real !== null) out.add(real);
	};
	const topGit = `${root}/.git`;
	const topGitFacts = reader.facts(topGit);
	// SECURITY: a `.git` file points git at a directory of its choosing (a worktree's, a submodule's).
	if (topGitFacts !== null && topGitFacts.kind !== "directory") add(topGit);
	const stack: { dir: string; depth: number }[] = [{ dir: root, depth: 0 }];
	for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
		const entries = cache.list(next.dir);
		if (entries === null || entries === "unreadable") continue;
		for (const entry of entries) {
			// The runtime compared names case-insensitively, for case-insensitive file systems.
			const name = entry.name.toLowerCase();
			const path = `${next.dir}/${entry.name}`;
			if (entry.kind !== "directory") {
				if (START_UP_FILES.has(name)) add(path);
				continue;
			}
			if (name === "node_modules") continue;
			if (next.depth <= DIRECTORY_DEPTH) {
				if (WHOLE_DIRECTORIES.has(name)) {
					add(path);
					continue;
				}
				if (name === ".claude") for (const sub of CLAUDE_CODE_DIRECTORIES) existing(`${path}/${sub}`);
				if (name === ".git") for (const sub of GIT_CODE_ENTRIES) existing(`${path}/${sub}`);
			}
			// A repository's own files hold no start-up file; its objects would only cost the walk.
			if (name === ".git") continue;
			if (next.depth + 1 <= FILE_DEPTH) stack.push({ dir: path, depth: next.depth + 1 });
		}
	}
	return [...out];

	function existing(path: string): void {
		if (reader.facts(path) !== null) add(path);
	}
}
