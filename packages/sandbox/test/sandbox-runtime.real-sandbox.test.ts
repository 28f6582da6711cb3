/**
 * Runs commands in the real sandbox (bubblewrap on Linux; `npm test` installs bubblewrap and socat first, or
 * stops with the command to run). A machine without them fails here rather than skipping: the sandbox's promises are
 * only worth what this file shows. Time bounds here (`curl -m`, the hooks') are liveness margins (ADR 0047).
 */
import { execFileSync, spawn } from "node:child_process";
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	realpathSync,
	rmSync,
	statSync,
	symlinkSync,
	writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Rule } from "@pi-permissions/policy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { explainBlocked } from "../src/blocked-report";
import { toRuntimeSettings } from "../src/runtime-config";
import { planSandbox, type SandboxPlan } from "../src/sandbox-plan";
import { SandboxRuntime } from "../src/sandbox-runtime";

const HOST = { platform: process.platform, searchPath: process.env.PATH ?? "" };

const SECRET = "SECRET=hunter2-sandbox";
let root: string;
let project: string;
let outside: string;
let plan: SandboxPlan;
let runtime: SandboxRuntime;
let server: Server;
let port: number;

function run(command: string, id: string): Promise<{ code: number | null; output: string }> {
	return runtime.wrap(command, { id, cwd: project }).then(
		(wrapped) =>
			new Promise((resolve) => {
				const child = spawn("bash", ["-c", wrapped], { cwd: project });
				let output = "";
				child.stdout.on("data", (chunk) => {
					output += chunk;
				});
				child.stderr.on("data", (chunk) => {
					output += chunk;
				});
				child.on("close", (code) => resolve({ code, output: runtime.annotate(id, output) }));
			}),
	);
}

beforeAll(async () => {
	root = realpathSync(mkdtempSync(join(tmpdir(), "pp-sandbox-")));
	project = join(root, "proj");
	outside = join(root, "outside");
	mkdirSync(join(project, "nested/deeper"), { recursive: true });
	mkdirSync(join(project, ".pi"), { recursive: true });
	mkdirSync(outside);
	writeFileSync(join(project, ".env"), `${SECRET}\n`);
	writeFileSync(join(project, "nested/deeper/prod.env"), `${SECRET}\n`);
	writeFileSync(join(project, "readme.txt"), "hello\n");
	// The project is a repository where `.env` was committed before the sandbox started.
	const git = (...args: string[]) =>
		execFileSync("git", ["-c", "user.email=a@b", "-c", "user.name=a", ...args], { cwd: project });
	git("init", "-q", ".");
	git("add", ".env");
	git("commit", "-qm", "secret");
	symlinkSync(join(project, ".env"), join(project, "innocent.txt"));
	const rules: Rule[] = [
		{ surface: "*", pattern: "*", action: "ask", origin: "global" },
		{ surface: "bash", pattern: "*", action: "allow", origin: "global" },
		{ surface: "path", pattern: "*.env", action: "deny", origin: "global" },
	];
	plan = planSandbox({
		rules,
		cwd: project,
		home: "/nonexistent-home",
		tmpDir: join(root, "tmp"),
		protectedTargets: [
			{ kind: "path", pattern: join(project, ".pi"), why: "writes the project's Pi settings", sandbox: "read-only" },
		],
		allowedDomains: [],
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
	const started = await SandboxRuntime.start(toRuntimeSettings(plan), HOST);
	if (!started.ok) throw new Error(`the sandbox must start here: ${started.error.message}; ${started.error.hint}`);
	runtime = started.value;
	server = createServer((_request, response) => response.end("LOOPBACK-REACHED"));
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const address = server.address();
	port = typeof address === "object" && address !== null ? address.port : 0;
}, 60_000);

afterAll(async () => {
	server?.close();
	await runtime?.stop();
	rmSync(root, { recursive: true, force: true });
});

describe("SandboxRuntime with a plan from `*.env: deny`", () => {
	it.each([
		["cat .env", "cat"],
		["grep -r SECRET .", "grep"],
		["tar -cf - . | tar -xOf - ./.env", "tar"],
		["cat innocent.txt", "symlink"],
		["cat nested/deeper/prod.env", "nested"],
		["python3 -c \"print(open('.env').read())\"", "python"],
		["printf 'cat .env\\n' > s.sh && bash s.sh", "script"],
	])("never shows the secret to `%s`", async (command, id) => {
		const { output } = await run(command, `t-${id}`);
		expect(output).not.toContain("hunter2");
	});

	it("cannot hide a committed secret from `git show HEAD:.env`: the blob lives in `.git/objects`, which no rule names", async () => {
		// A known limit, asserted as it is: the sandbox masks files by name, and git rebuilds `.env` from its object store.
		const { output } = await run("git show HEAD:.env", "t-git");
		expect(output).toContain("hunter2");
	});

	it("cannot overwrite a file a deny rule masks", async () => {
		await run("echo overwritten > .env", "t-overwrite");
		expect(execFileSync("cat", [join(project, ".env")], { encoding: "utf8" })).toContain("hunter2");
	});

	it("masks a matching file an earlier command created, from the next command on", async () => {
		await run(`echo ${SECRET} > later.env`, "t-create");
		expect((await run("cat later.env", "t-later")).output).not.toContain("hunter2");
	});

	it("still reads what no rule denies", async () => {
		expect((await run("cat readme.txt", "t-readme")).output).toContain("hello");
	});

	it("names the rule behind a denied read", async () => {
		const { output } = await run("cat .env", "t-explain");
		expect(explainBlocked(output, { plan, cwd: project, home: "/nonexistent-home" }).map((b) => b.text)).toEqual([
			"read of `.env` is denied by rule `*.env`",
		]);
	});

	it("fails a write outside the project and says why", async () => {
		const target = join(outside, "x.txt");
		const { output } = await run(`echo x > ${target}`, "t-outside");
		expect(output).toMatch(/Read-only file system|Permission denied/);
		const blocked = explainBlocked(output, { plan, cwd: project, home: "/nonexistent-home" });
		expect(blocked.map((b) => b.because.kind)).toEqual(["outside-writable"]);
	});

	it("fails a write to a protected target inside the project", async () => {
		const { output } = await run("echo '{}' > .pi/settings.json", "t-protected");
		expect(output).toMatch(/Read-only file system|Permission denied/);
	});

	it("lets a write inside the project through", async () => {
		expect((await run("echo ok > made.txt && cat made.txt", "t-inside")).output).toContain("ok");
	});

	it("cannot reach a loopback server that no allowed domain lists", async () => {
		const { output } = await run(`curl -sS -m 60 http://127.0.0.1:${port}/`, "t-loopback");
		expect(output).not.toContain("LOOPBACK-REACHED");
		expect(explainBlocked(output, { plan, cwd: project, home: "/nonexistent-home" }).map((b) => b.kind)).toEqual([
			"network",
		]);
	});
});
