/**
 * Commands that read whole trees, run in a real project holding `.env` (denied by `path`), each with what the
 * recursive-read gate decides outside the sandbox (issue 34, ADR 0050). The policy allows every command, write and
 * outside directory, so only this gate (or the `path` gate on a named `.env`) can stop one.
 */

/** The project every row runs in; `link-to-env` in `src/` points at the secret. */
export const PROJECT_FILES = [".env", "src/a.ts", "src/b.test.ts", "docs/guide.md", "lib/x.js"] as const;

export const READ_POLICY = {
	permission: {
		"*": "allow",
		bash: "allow",
		write: "allow",
		external_directory: "allow",
		path: { "*": "allow", "*.env": { action: "deny", reason: "secrets" } },
	},
} as const;

export interface RecursiveReadRow {
	readonly command: string;
	/** `ask` by this gate, naming `names` in its reason; `allow` when nothing it reads is denied. */
	readonly expected: "ask" | "allow";
	readonly names?: string;
}

export const RECURSIVE_READ_ROWS: readonly RecursiveReadRow[] = [
	{ command: "grep -r SECRET .", expected: "ask", names: ".env" },
	{ command: "grep -rn SECRET", expected: "ask", names: ".env" },
	{ command: "grep -R KEY", expected: "ask", names: ".env" },
	{ command: "grep -rn TODO src", expected: "allow" },
	{ command: "grep -r --include='*.ts' TODO .", expected: "allow" },
	{ command: "grep -n SECRET src/a.ts", expected: "allow" },
	{ command: "rg -uu KEY", expected: "ask", names: ".env" },
	{ command: "rg --hidden KEY", expected: "ask", names: ".env" },
	{ command: "rg KEY", expected: "allow" },
	{ command: "rg -n TODO src | head", expected: "allow" },
	{ command: "git log --oneline | rg fix", expected: "allow" },
	{ command: "ag --hidden KEY", expected: "ask", names: ".env" },
	{ command: "ack KEY", expected: "ask", names: ".env" },
	{ command: "find . -type f -exec cat {} +", expected: "ask", names: ".env" },
	{ command: "find . -name '*.ts' -exec grep -l foo {} +", expected: "allow" },
	{ command: "find . -type f | xargs cat", expected: "ask", names: ".env" },
	{ command: "find src -type f -name '*.test.ts' | xargs grep -l describe", expected: "allow" },
	{ command: "find . -name '*.ts'", expected: "allow" },
	{ command: "tar czf ../out.tgz .", expected: "ask", names: ".env" },
	{ command: "tar czf ../out.tgz src docs", expected: "allow" },
	{ command: "zip -r ../out.zip .", expected: "ask", names: ".env" },
	{ command: "cp -r . ../copy", expected: "ask", names: ".env" },
	{ command: "rsync -a ./ ../mirror/", expected: "ask", names: ".env" },
	{ command: "diff -r . ../other", expected: "ask", names: ".env" },
	{ command: "cd src && grep -r KEY .", expected: "allow" },
	{ command: 'grep -r KEY "$DIR"', expected: "ask", names: "$DIR" },
];
