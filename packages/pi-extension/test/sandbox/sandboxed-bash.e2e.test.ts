/**
 * ADR 0037's acceptance, in a real in-process Pi session (faux model, scripted human) with `"*.env": "deny"`, bash
 * allowed and `"sandbox": { "mode": "required" }`: programs that find files themselves never reveal the secret, a
 * write outside the project and a loopback connection fail, and the tool results and the review log say why. Runs
 * the real sandbox (bubblewrap; `npm test` installs it first): without it this file fails rather than skips.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { fauxToolCall } from "@earendil-works/pi-ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviewLogFile } from "../../src/logs/review-log-sink";
import { readJsonl } from "../support/jsonl-records";
import { type PiRun, runPi, type Workspace, workspace } from "../support/pi-session-harness";

const SECRET = "hunter2-e2e";
const bash = (command: string, id: string) => fauxToolCall("bash", { command }, { id });
const CONFIG = {
	permission: { "*": "ask", bash: { "*": "allow" }, path: { "*.env": "deny" } },
	sandbox: { mode: "required" },
};

let server: Server;
let port = 0;
let space: Workspace;
let run: PiRun;
let outside: string;
let configFile: string;

const COMMANDS = [
	["grep", "grep -r SECRET ."],
	["tar", "tar -cf - . | tar -xOf - ./.env"],
	["git", "git show HEAD:.env"],
	["python", "python3 -c \"print(open('.env').read())\""],
	["script-write", "printf 'cat .e%sv\\n' n > show.sh"],
	["script-run", "bash show.sh"],
	["outside", "echo x > OUTSIDE"],
	["config-script-write", "printf 'echo {} > %s\\n' CONFIG > w.sh"],
	["config-script-run", "bash w.sh"],
	["loopback", "curl -sS -m 60 http://127.0.0.1:PORT/"],
	["inside", "echo fine > made.txt && cat made.txt"],
	["commondir-script-write", "printf 'echo ../x > .git/common%s\\n' dir > c.sh"],
	["commondir-script-run", "bash c.sh"],
] as const;

function result(id: string): string {
	const index = COMMANDS.findIndex(([name]) => name === id);
	return run.resultText(index);
}

beforeAll(async () => {
	server = createServer((_request, response) => response.end("LOOPBACK-REACHED"));
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const address = server.address();
	port = typeof address === "object" && address !== null ? address.port : 0;
	space = workspace({ ".env": `SECRET=${SECRET}\n`, "readme.txt": "hello\n" }, CONFIG);
	// Outside the project and outside the temp directory (the workspace itself lives in the temp directory).
	outside = join(mkdtempSync("/var/tmp/pp-outside-"), "outside.txt");
	configFile = join(space.agentDir, "extensions", "pi-permissions", "config.json");
	const git = (...args: string[]) =>
		execFileSync("git", ["-c", "user.email=a@b", "-c", "user.name=a", ...args], { cwd: space.cwd });
	git("init", "-q", ".");
	git("add", ".env");
	git("commit", "-qm", "secret");
	run = await runPi(space, {
		turns: COMMANDS.map(([name, command]) => [
			bash(
				command.replace("PORT", String(port)).replace("OUTSIDE", outside).replace("CONFIG", configFile),
				`call_${name}`,
			),
		]),
		tools: ["bash"],
		// The scripted human approves whatever the gate asks about (the inline python code, the script run).
		human: {
			selects: Array.from(
				{ length: COMMANDS.length },
				() => (_title, options) => options.find((o) => o.startsWith("Yes")),
			),
		},
	});
}, 120_000);

afterAll(() => {
	server?.close();
});

describe("bash in a required sandbox derived from `*.env: deny`", () => {
	it.each(["grep", "tar", "python", "script-run"])("`%s` does not reveal the secret and the result says why", (id) => {
		const text = result(id);
		expect(text).not.toContain(SECRET);
		expect(text).toMatch(/blocked by the sandbox: read of `[^`]*\.env` is denied by rule `\*\.env`|denied/i);
	});

	it("`git show HEAD:.env` is stopped by the gate, not the sandbox: the blob is in `.git/objects`", () => {
		// The sandbox masks `.env` by name; git rebuilds it from its object store, which no rule names. What stops it
		// is the gate's path rule meeting the `HEAD:.env` operand (a read git's own syntax names).
		expect(result("git")).not.toContain(SECRET);
		expect(result("git")).not.toContain("blocked by the sandbox");
	});

	it("fails a write outside the project and says the sandbox stopped it", () => {
		expect(result("outside")).toContain("blocked by the sandbox: write to");
		expect(result("outside")).toContain("outside the writable directories");
	});

	it("fails a write outside the project", () => {
		expect(existsSync(outside)).toBe(false);
	});

	it("never lets a script the gate cannot see into write the permission config", () => {
		expect(JSON.parse(readFileSync(configFile, "utf8"))).toEqual(CONFIG);
		expect(result("config-script-run")).toContain("blocked by the sandbox: write to");
		expect(result("config-script-run")).toContain("writes the permission config");
	});

	it("cannot reach a loopback server the allowed domains do not list", () => {
		expect(result("loopback")).not.toContain("LOOPBACK-REACHED");
		expect(result("loopback")).toContain("blocked by the sandbox: the sandbox has no network");
	});

	it("still runs what the policy allows, inside the project", () => {
		expect(result("inside")).toContain("fine");
	});

	it("records what the sandbox stopped in the review log", () => {
		const records = readJsonl(reviewLogFile(space.agentDir)).filter((record) => record.event === "sandbox_blocked");
		expect(records.map((record) => record.toolCallId)).toEqual(
			expect.arrayContaining(["call_grep", "call_outside", "call_loopback", "call_config-script-run"]),
		);
		expect(records.find((record) => record.toolCallId === "call_grep")).toMatchObject({
			access: "read",
			text: "read of `./.env` is denied by rule `*.env`",
		});
	});

	it("removes a protected name a script made right after the call, and says so (ADR 0048)", () => {
		expect(existsSync(join(space.cwd, ".git", "commondir"))).toBe(false);
		expect(result("commondir-script-run")).toContain("pi-permissions sandbox: removed `");
		expect(result("commondir-script-run")).toContain(".git/commondir");
		const records = readJsonl(reviewLogFile(space.agentDir)).filter((record) => record.event === "sandbox_removed");
		expect(records).toEqual([
			expect.objectContaining({
				toolCallId: "call_commondir-script-run",
				target: join(space.cwd, ".git", "commondir"),
				removed: true,
			}),
		]);
	});

	it("shows the sandbox in the status line", () => {
		expect(run.statuses).toContainEqual(["pi-permissions-sandbox", "sandbox: on"]);
	});
});
