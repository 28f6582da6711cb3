/**
 * The protected regions in the real sandbox (ADR 0048; bubblewrap on Linux, as `sandbox-runtime.real-sandbox.test.ts`):
 * an existing protected file cannot be written; a protected name that did not exist is removed right after the call
 * (nothing sandboxed outlives it); a repository the call made loses what git would run in it; the forwarding root is
 * neither readable nor writable; and git's ordinary work still succeeds inside.
 */
import { execFileSync, spawn } from "node:child_process";
import {
	existsSync,
	lstatSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	realpathSync,
	rmSync,
	statSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { composePolicy, POSIX_FLAVOR, validateConfig } from "@pi-permissions/policy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composedSandboxPlan } from "../src/composed-sandbox-plan";
import { type SweepFileSystem, snapshotBeforeCall, sweepAfterCall } from "../src/protected-name-sweep";
import { toRuntimeSettings } from "../src/runtime-config";
import type { SandboxPlan } from "../src/sandbox-plan";
import { SandboxRuntime } from "../src/sandbox-runtime";

const HOST = { platform: process.platform, searchPath: process.env.PATH ?? "" };

let root: string;
let project: string;
let home: string;
let agentDir: string;
let forwarding: string;
let runtime: SandboxRuntime;

const FS: SweepFileSystem = {
	exists: (path) => lstatSync(path, { throwIfNoEntry: false }) !== undefined,
	isDirectory: (path) => lstatSync(path, { throwIfNoEntry: false })?.isDirectory() === true,
	list: (path) => {
		try {
			return readdirSync(path);
		} catch {
			return null;
		}
	},
	remove: (path) => {
		rmSync(path, { recursive: true, force: true });
		return !existsSync(path);
	},
};

function planFor(config: unknown): SandboxPlan {
	const validated = validateConfig(config);
	if (!validated.ok) throw new Error("invalid config");
	const policy = composePolicy({
		scopes: [{ scope: "global", status: "valid", config: validated.value.config }],
		env: { home, flavor: POSIX_FLAVOR },
	});
	return composedSandboxPlan({
		policy,
		cwd: project,
		home,
		agentDir,
		tmpDir: join(root, "tmp"),
		flavor: "posix",
		canonical: (path) => {
			try {
				return realpathSync(path);
			} catch {
				return path;
			}
		},
		exists: (path) => existsSync(path),
		isDirectory: (path) => existsSync(path) && statSync(path).isDirectory(),
		list: (path) => (existsSync(path) ? readdirSync(path) : null),
	});
}

const CLOSED = { permission: { "*": "allow", bash: { "*": "allow" } }, sandbox: { mode: "required" } };
const HOME_OPEN = { ...CLOSED, permission: { ...CLOSED.permission, external_directory: { "~/*": "allow" } } };

/** Runs `command` as the adapter does: the plan of this moment, the call, then the check after it. */
async function run(command: string, id: string, config: unknown = CLOSED) {
	const plan = planFor(config);
	runtime.update(toRuntimeSettings(plan));
	const before = snapshotBeforeCall(plan, FS);
	const wrapped = await runtime.wrap(command, { id, cwd: project });
	const result = await new Promise<{ code: number | null; output: string; stdout: string }>((resolve) => {
		const child = spawn("bash", ["-c", wrapped], { cwd: project });
		let output = "";
		let stdout = "";
		child.stdout.on("data", (chunk) => {
			output += chunk;
			stdout += chunk;
		});
		child.stderr.on("data", (chunk) => {
			output += chunk;
		});
		child.on("close", (code) => resolve({ code, output: runtime.annotate(id, output), stdout }));
	});
	return { ...result, swept: sweepAfterCall(plan, before, FS) };
}

const git = (...args: string[]) =>
	execFileSync("git", ["-c", "user.email=a@b", "-c", "user.name=a", ...args], { cwd: project, encoding: "utf8" });

beforeAll(async () => {
	root = realpathSync(mkdtempSync(join(tmpdir(), "pp-regions-")));
	project = join(root, "proj");
	home = join(root, "home");
	agentDir = join(home, ".pi", "agent");
	forwarding = join(agentDir, "sessions", "permission-forwarding");
	mkdirSync(project, { recursive: true });
	mkdirSync(join(root, "tmp"));
	mkdirSync(join(forwarding, "sessions", "p", "requests"), { recursive: true });
	writeFileSync(join(forwarding, "sessions", "p", "requests", "perm-1.json"), '{"nonce":"FORWARDED-SECRET"}\n');
	writeFileSync(join(agentDir, "mcp.json"), '{"mcpServers":{}}\n');
	writeFileSync(join(home, ".bashrc"), "# bashrc\n");
	writeFileSync(join(home, ".sometoolrc"), "# a tool's config no row names\n");
	writeFileSync(join(project, "notes.txt"), "notes\n");
	git("init", "-q", ".");
	git("add", "notes.txt");
	git("commit", "-qm", "first");
	const started = await SandboxRuntime.start(toRuntimeSettings(planFor(CLOSED)), HOST);
	if (!started.ok) throw new Error(`the sandbox must start here: ${started.error.message}; ${started.error.hint}`);
	runtime = started.value;
}, 60_000);

afterAll(async () => {
	await runtime?.stop();
	rmSync(root, { recursive: true, force: true });
});

describe("protected regions in the real sandbox", () => {
	it("fails a write to .git/config, and git config stays as it was", async () => {
		const before = readFileSync(join(project, ".git", "config"), "utf8");
		const { output } = await run(`printf '[core]\\n\\tfsmonitor = "touch MARK;:"\\n' >> .git/config`, "r-config");
		expect(output).toMatch(/Read-only file system|Permission denied/);
		expect(readFileSync(join(project, ".git", "config"), "utf8")).toBe(before);
	});

	it("removes a .git/commondir the command made, right after the call, and says so", async () => {
		const { swept } = await run("echo ../x > .git/commondir", "r-commondir");
		expect(existsSync(join(project, ".git", "commondir"))).toBe(false);
		expect(swept.map((entry) => [entry.path, entry.removed])).toEqual([[join(project, ".git", "commondir"), true]]);
		expect(swept[0]?.text).toContain("commondir");
	});

	it("removes what git would run in a repository the command made (cp -r .git x), and keeps the rest", async () => {
		const { swept } = await run(
			`cp -r .git x && printf '[core]\\n\\tfsmonitor = "touch MARK;:"\\n' >> x/config && mkdir -p y/objects y/refs && echo '[core]' > y/config`,
			"r-new-repo",
		);
		expect(existsSync(join(project, "x", "config"))).toBe(false);
		expect(existsSync(join(project, "x", "hooks"))).toBe(false);
		expect(existsSync(join(project, "x", "objects"))).toBe(true);
		expect(existsSync(join(project, "y", "config"))).toBe(false);
		expect(swept.map((entry) => entry.path)).toEqual(expect.arrayContaining([join(project, "x", "config")]));
		// The user's next plain git status outside the sandbox runs nothing planted.
		git("status", "--short");
		expect(existsSync(join(project, "MARK"))).toBe(false);
		rmSync(join(project, "x"), { recursive: true, force: true });
		rmSync(join(project, "y"), { recursive: true, force: true });
	});

	it("leaves nothing behind a background writer: the call's processes end with it", async () => {
		const { swept } = await run("(sleep 1; echo ../x > .git/commondir) >/dev/null 2>&1 & disown; exit 0", "r-bg");
		expect(swept).toEqual([]);
		await new Promise((resolve) => setTimeout(resolve, 2_000));
		expect(existsSync(join(project, ".git", "commondir"))).toBe(false);
	});

	it("fails writes to ~/.bash_aliases and <agentDir>/mcp.json while the home is not writable", async () => {
		const aliases = await run(`echo 'touch MARK' >> ${join(home, ".bash_aliases")}`, "r-aliases");
		expect(aliases.output).toMatch(/Read-only file system|Permission denied/);
		const mcp = await run(`echo '{"mcpServers":{"x":{"command":"/bin/sh"}}}' > ${join(agentDir, "mcp.json")}`, "r-mcp");
		expect(mcp.output).toMatch(/Read-only file system|Permission denied/);
		expect(existsSync(join(home, ".bash_aliases"))).toBe(false);
		expect(readFileSync(join(agentDir, "mcp.json"), "utf8")).toBe('{"mcpServers":{}}\n');
	});

	it("with the home writable (external_directory ~/*), keeps mcp.json and ~/.bashrc and removes a new ~/.bash_aliases", async () => {
		const mcp = await run(`echo '{}' > ${join(agentDir, "mcp.json")}`, "r-mcp-open", HOME_OPEN);
		expect(mcp.output).toMatch(/Read-only file system|Permission denied/);
		expect(readFileSync(join(agentDir, "mcp.json"), "utf8")).toBe('{"mcpServers":{}}\n');
		const bashrc = await run(`echo 'touch MARK' >> ${join(home, ".bashrc")}`, "r-bashrc-open", HOME_OPEN);
		expect(bashrc.output).toMatch(/Read-only file system|Permission denied/);
		const unnamed = await run(`echo 'x' >> ${join(home, ".sometoolrc")}`, "r-unnamed-open", HOME_OPEN);
		expect(unnamed.output).toMatch(/Read-only file system|Permission denied/);
		expect(readFileSync(join(home, ".sometoolrc"), "utf8")).toBe("# a tool's config no row names\n");
		const plant = `echo 'touch MARK' >> ${join(home, ".bash_aliases")} && echo x > ${join(home, "notes.txt")}`;
		const { swept } = await run(plant, "r-aliases-open", HOME_OPEN);
		expect(existsSync(join(home, ".bash_aliases"))).toBe(false);
		expect(swept.map((entry) => entry.path)).toEqual([join(home, ".bash_aliases")]);
		// A plain file in a writable home is the person's to allow; it stays.
		expect(readFileSync(join(home, "notes.txt"), "utf8")).toBe("x\n");
	});

	it.each([
		["closed", CLOSED],
		["writable", HOME_OPEN],
	])("neither reads nor writes the forwarding root (home %s)", async (name, config) => {
		const listing = `cat ${join(forwarding, "sessions", "p", "requests", "perm-1.json")}; ls -R ${forwarding} | grep -c json`;
		const read = await run(listing, `r-fwd-read-${name}`, config);
		expect(read.output).not.toContain("FORWARDED-SECRET");
		// `ls -R` finds no file there: the sandbox sees an empty directory.
		expect(read.output.trim().split("\n").at(-1)).toBe("0");
		const response = join(forwarding, "sessions", "p", "responses", "perm-1.json");
		const plant = `mkdir -p ${join(forwarding, "sessions", "p", "responses")}; echo '{"approved":true}' > ${response}`;
		await run(plant, `r-fwd-write-${name}`, config);
		expect(existsSync(response)).toBe(false);
	});

	it("lets git add, commit, checkout -b and stash succeed inside", async () => {
		const commit = "git -c user.email=a@b -c user.name=a";
		// stdout only: a machine's own tools may write to stderr inside (pyenv's shims warn they cannot rehash).
		const { code, output, stdout } = await run(
			[
				"echo more >> notes.txt",
				"git add notes.txt",
				`${commit} commit -qm second`,
				"git checkout -q -b feature",
				"echo stash-me >> notes.txt",
				`${commit} stash -q`,
				"git log --oneline | wc -l",
				"git branch --show-current",
				"git stash list | wc -l",
			].join(" && "),
			"r-git-work",
		);
		expect({ code, output }).toMatchObject({ code: 0 });
		expect(stdout.trim().split("\n")).toEqual(["2", "feature", "1"]);
		expect(git("branch", "--show-current").trim()).toBe("feature");
	});
});

describe("what the regions create on disk", () => {
	it("creates no mount point for a protected name that does not exist (.git/commondir, .envrc, ~/.bash_aliases)", async () => {
		const { output } = await run(`ls -A .git; echo ---; ls -A; echo ---; ls -A ${home}`, "r-no-stubs", HOME_OPEN);
		const [gitDir, top, homeDir] = output.split("---\n").map((part) => part.trim().split("\n"));
		expect(gitDir).not.toContain("commondir");
		expect(gitDir).not.toContain("config.worktree");
		expect(top).not.toContain(".envrc");
		expect(top).not.toContain(".vscode");
		expect(homeDir).not.toContain(".bash_aliases");
		expect(homeDir).not.toContain(".npmrc");
		expect(existsSync(join(project, ".git", "commondir"))).toBe(false);
		expect(existsSync(join(home, ".bash_aliases"))).toBe(false);
	});
});
