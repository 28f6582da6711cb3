/**
 * Owns: the trees the equivalent-spelling table runs real programs in (`canonical-spelling.cases.ts`), laid out once
 * and copied fresh for each run, and what a run leaves behind: exit status, output, and the tree's state (each
 * entry's type, mode, size, content hash, link target, and whether its time was kept), or for a git tree the refs,
 * the work tree's status and its files.
 * Never: runs anything but bash with the spelling, and git to lay out and read back its trees.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
	cpSync,
	lstatSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	readlinkSync,
	rmSync,
	symlinkSync,
	utimesSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { SpellingTree } from "../bash/options/canonical-spelling.cases";

/** Every file of a tree gets this time, so a run can tell a kept time (`cp -a`) from a new one. */
const OLD_TIME = new Date("2001-02-03T04:05:06Z");

/** What one spelling did: its exit status, output, and the state it left. */
export interface RunResult {
	readonly status: number | null;
	readonly stdout: string;
	readonly stderr: string;
	readonly state: readonly string[];
}

/** A clean environment: no user config (git's or the locale's), a fixed identity and dates. */
function environment(home: string): NodeJS.ProcessEnv {
	return {
		PATH: "/usr/bin:/bin",
		HOME: home,
		LC_ALL: "C",
		GIT_CONFIG_NOSYSTEM: "1",
		GIT_AUTHOR_NAME: "a",
		GIT_AUTHOR_EMAIL: "a@example.invalid",
		GIT_COMMITTER_NAME: "a",
		GIT_COMMITTER_EMAIL: "a@example.invalid",
		GIT_AUTHOR_DATE: "2001-02-03T04:05:06Z",
		GIT_COMMITTER_DATE: "2001-02-03T04:05:06Z",
	};
}

export class SpellingTrees {
	private readonly templates = new Map<SpellingTree, string>();

	private constructor(private readonly root: string) {}

	static create(): SpellingTrees {
		return new SpellingTrees(mkdtempSync(join(tmpdir(), "pi-permissions-spellings-")));
	}

	dispose(): void {
		rmSync(this.root, { recursive: true, force: true });
	}

	/** Runs `command` with bash in a fresh copy of `tree` and reads back what it left. */
	run(tree: SpellingTree, command: string): RunResult {
		const template = this.template(tree);
		const copy = mkdtempSync(join(this.root, "run-"));
		cpSync(template, copy, { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
		const cwd = join(copy, "work");
		const env = environment(join(copy, "home"));
		const ran = spawnSync("bash", ["--norc", "--noprofile", "-c", command], {
			cwd,
			env,
			encoding: "utf8",
			timeout: 20_000,
			stdio: ["ignore", "pipe", "pipe"],
		});
		const state = tree === "files" ? fileState(cwd) : gitState(copy, env);
		rmSync(copy, { recursive: true, force: true });
		return { status: ran.status, stdout: ran.stdout, stderr: ran.stderr.replaceAll(copy, "<tree>"), state };
	}

	private template(tree: SpellingTree): string {
		const known = this.templates.get(tree);
		if (known !== undefined) return known;
		const dir = join(this.root, `template-${tree}`);
		mkdirSync(join(dir, "home"), { recursive: true });
		const work = join(dir, "work");
		mkdirSync(work);
		if (tree === "files") layFiles(work);
		else layGit(tree, dir, environment(join(dir, "home")));
		this.templates.set(tree, dir);
		return dir;
	}
}

function layFiles(work: string): void {
	mkdirSync(join(work, "build", "sub"), { recursive: true });
	mkdirSync(join(work, "empty"));
	mkdirSync(join(work, "a", "b", "c"), { recursive: true });
	writeFileSync(join(work, "build", "a.txt"), "hello from build\n");
	writeFileSync(join(work, "build", "sub", "b.txt"), "nested\n");
	symlinkSync("a.txt", join(work, "build", "link"));
	writeFileSync(join(work, "file.txt"), "hello\nworld\n");
	writeFileSync(join(work, "existing.txt"), "already here\n");
	writeFileSync(join(work, "lnk"), "a plain file\n");
	writeFileSync(join(work, "lines.txt"), Array.from({ length: 20 }, (_, n) => `line${n + 1} hello\n`).join(""));
	for (const entry of walk(work)) utimesSync(entry, OLD_TIME, OLD_TIME);
}

function git(cwd: string, env: NodeJS.ProcessEnv, ...args: string[]): string {
	return execFileSync("git", args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function layGit(tree: SpellingTree, dir: string, env: NodeJS.ProcessEnv): void {
	const work = join(dir, "work");
	git(work, env, "init", "-q", "-b", "main");
	writeFileSync(join(work, "tracked.txt"), "one\n");
	writeFileSync(join(work, ".gitignore"), "*.log\n");
	git(work, env, "add", ".");
	git(work, env, "commit", "-qm", "one");
	if (tree === "git-diverged") {
		git(dir, env, "init", "-q", "--bare", "-b", "main", "remote.git");
		git(work, env, "remote", "add", "origin", "../remote.git");
		writeFileSync(join(work, "tracked.txt"), "two\n");
		git(work, env, "commit", "-qam", "two");
		git(work, env, "push", "-q", "origin", "main");
		git(work, env, "reset", "-q", "--hard", "HEAD~1");
		writeFileSync(join(work, "tracked.txt"), "three\n");
		git(work, env, "commit", "-qam", "three");
	} else if (tree === "git-dirty") {
		writeFileSync(join(work, "tracked.txt"), "changed\n");
		writeFileSync(join(work, "untracked.txt"), "new\n");
		mkdirSync(join(work, "newdir"));
		writeFileSync(join(work, "newdir", "inside.txt"), "new\n");
		writeFileSync(join(work, "debug.log"), "ignored\n");
	} else {
		git(work, env, "checkout", "-q", "-b", "feature");
		writeFileSync(join(work, "feature.txt"), "feature\n");
		git(work, env, "add", ".");
		git(work, env, "commit", "-qm", "feature");
		git(work, env, "checkout", "-q", "main");
		writeFileSync(join(work, "tracked.txt"), "two\n");
		git(work, env, "commit", "-qam", "two");
	}
}

function* walk(dir: string): Generator<string> {
	for (const name of readdirSync(dir).sort()) {
		const full = join(dir, name);
		yield full;
		if (lstatSync(full).isDirectory()) yield* walk(full);
	}
}

function fileState(work: string): string[] {
	const state: string[] = [];
	for (const entry of walk(work)) {
		const stat = lstatSync(entry);
		const name = relative(work, entry);
		const mode = (stat.mode & 0o7777).toString(8);
		if (stat.isSymbolicLink()) state.push(`${name} -> ${readlinkSync(entry)}`);
		else if (stat.isDirectory()) state.push(`${name}/ ${mode}`);
		else {
			const hash = createHash("sha256").update(readFileSync(entry)).digest("hex").slice(0, 12);
			const time = stat.mtimeMs === OLD_TIME.getTime() ? "old" : "new";
			state.push(`${name} ${mode} ${stat.size} ${hash} ${time}`);
		}
	}
	return state;
}

function gitState(dir: string, env: NodeJS.ProcessEnv): string[] {
	const work = join(dir, "work");
	const refs = (cwd: string) => git(cwd, env, "for-each-ref", "--format=%(refname) %(objectname)").split("\n");
	const remote = join(dir, "remote.git");
	const remoteRefs = lstatSafe(remote) ? refs(remote).map((line) => `remote ${line}`) : [];
	const status = git(work, env, "status", "--porcelain", "--ignored", "--branch").split("\n");
	return [...remoteRefs, ...refs(work), ...status, ...fileState(work).filter((line) => !line.startsWith(".git"))];
}

function lstatSafe(path: string): boolean {
	try {
		lstatSync(path);
		return true;
	} catch {
		return false;
	}
}
