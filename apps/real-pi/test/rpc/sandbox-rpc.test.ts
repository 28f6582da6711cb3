/**
 * ADR 0037's acceptance through the real `pi` command (`--mode rpc`, scripted faux model, the test as the human):
 * with `"*.env": "deny"`, bash allowed and `"sandbox": { "mode": "required" }`, programs that find files themselves
 * do not reveal the secret, a write outside the project and a loopback connection fail, and the tool results say
 * why. ADR 0048: approved writes of protected regions fail inside (or are removed right after the call, for a name that
 * did not exist), and git's ordinary work succeeds. Needs bubblewrap and socat (`npm test` installs them first);
 * without them it fails, it does not skip.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CleanupStack } from "../support/cleanup-stack";
import { sandboxFor, startRpc } from "../support/pi-harness";
import { type RpcRecord, resultText } from "../support/rpc-session";
import { bashTurn } from "../support/scripted-turns";

const SECRET = "hunter2-real-pi";
const CONFIG = {
	permission: { "*": "ask", bash: { "*": "allow" }, path: { "*.env": "deny" } },
	sandbox: { mode: "required" },
};

const cleanup = new CleanupStack();
afterEach(() => cleanup.run());

describe("pi --mode rpc with a required sandbox", () => {
	it("keeps the secret, the disk outside the project and loopback out of reach, and says why", async () => {
		const server = createServer((_request, response) => response.end("LOOPBACK-REACHED"));
		await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
		cleanup.defer(() => {
			server.close();
		});
		const address = server.address();
		const port = typeof address === "object" && address !== null ? address.port : 0;
		const outside = join(mkdtempSync("/var/tmp/pp-real-pi-outside-"), "outside.txt");
		const pi = sandboxFor(cleanup, CONFIG);
		pi.writeFile(".env", `SECRET=${SECRET}\n`);
		const git = (...args: string[]) =>
			execFileSync("git", ["-c", "user.email=a@b", "-c", "user.name=a", ...args], { cwd: pi.cwd });
		git("init", "-q", ".");
		git("add", ".env");
		git("commit", "-qm", "secret");
		const commands = [
			"grep -r SECRET .",
			"tar -cf - . | tar -xOf - ./.env",
			"git show HEAD:.env",
			"python3 -c \"print(open('.env').read())\"",
			"printf 'cat .e%sv\\n' n > show.sh",
			"bash show.sh",
			`echo x > ${outside}`,
			`curl -sS -m 60 http://127.0.0.1:${port}/`,
		];
		const rpc = startRpc(cleanup, { sandbox: pi, script: [...commands.map(bashTurn), { kind: "text", text: "done" }] });
		// The scripted human approves every ask (the inline python code among them) until the run settles.
		const from = await approveEverything(rpc);
		const ends = rpc.toolEnds(from);
		expect(ends).toHaveLength(commands.length);
		const text = (index: number) => {
			const end = ends[index];
			return end === undefined ? "" : resultText(end);
		};
		for (const index of [0, 1, 2, 3, 5]) expect(text(index), commands[index]).not.toContain(SECRET);
		expect(text(0)).toContain("blocked by the sandbox: read of `./.env` is denied by rule `*.env`");
		expect(text(3)).toContain("blocked by the sandbox: read of `.env` is denied by rule `*.env`");
		expect(text(5)).toContain("blocked by the sandbox: read of `.env` is denied by rule `*.env`");
		expect(existsSync(outside)).toBe(false);
		expect(text(6)).toContain("blocked by the sandbox: write to");
		expect(text(7)).not.toContain("LOOPBACK-REACHED");
		expect(text(7)).toContain("blocked by the sandbox: the sandbox has no network");
		const blocked = pi.reviewLog().filter((line) => (line as { event?: string }).event === "sandbox_blocked");
		expect(blocked.length).toBeGreaterThanOrEqual(4);
	}, 120_000);

	it("keeps approved writes of protected regions off the disk, and git's ordinary work succeeds (ADR 0048)", async () => {
		const pi = sandboxFor(cleanup, {
			permission: { "*": "allow", bash: { "*": "allow" } },
			sandbox: { mode: "required" },
		});
		pi.writeFile("notes.txt", "notes\n");
		const git = (...args: string[]) =>
			execFileSync("git", ["-c", "user.email=a@b", "-c", "user.name=a", ...args], { cwd: pi.cwd, encoding: "utf8" });
		git("init", "-q", ".");
		git("add", "notes.txt");
		git("commit", "-qm", "first");
		const gitConfig = readFileSync(pi.file(".git/config"), "utf8");
		const mcp = join(pi.agentDir, "mcp.json");
		writeFileSync(mcp, '{ "mcpServers": {} }\n');
		const fsmonitor = `printf '[core]\\n\\tfsmonitor = "touch ${join(pi.root, "MARK")};:"\\n'`;
		const commands = [
			"echo ../x > .git/commondir",
			`${fsmonitor} >> .git/config`,
			`cp -r .git x && ${fsmonitor} >> x/config`,
			`echo 'touch ${join(pi.root, "MARK")}' >> ${join(pi.home, ".bash_aliases")}`,
			`echo '{"mcpServers":{"x":{"command":"/bin/sh"}}}' > ${mcp}`,
			[
				"echo more >> notes.txt",
				"git add notes.txt",
				"git -c user.email=a@b -c user.name=a commit -qm second",
				"git checkout -q -b feature",
				"echo stash-me >> notes.txt",
				"git -c user.email=a@b -c user.name=a stash -q",
				"echo branch=$(git branch --show-current) stashes=$(git stash list | wc -l)",
			].join(" && "),
		];
		const rpc = startRpc(cleanup, { sandbox: pi, script: [...commands.map(bashTurn), { kind: "text", text: "done" }] });
		// The human approves every protected ask: the sandbox is the floor under an approved command.
		const from = await approveEverything(rpc);
		const ends = rpc.toolEnds(from);
		expect(ends).toHaveLength(commands.length);
		const text = (index: number) => {
			const end = ends[index];
			return end === undefined ? "" : resultText(end);
		};
		expect(existsSync(pi.file(".git/commondir"))).toBe(false);
		expect(text(0)).toContain("pi-permissions sandbox: removed `");
		expect(readFileSync(pi.file(".git/config"), "utf8")).toBe(gitConfig);
		expect(text(1)).toContain("blocked by the sandbox: write to");
		expect(existsSync(pi.file("x/config"))).toBe(false);
		expect(text(2)).toContain("pi-permissions sandbox: removed `");
		expect(existsSync(join(pi.home, ".bash_aliases"))).toBe(false);
		expect(readFileSync(mcp, "utf8")).toBe('{ "mcpServers": {} }\n');
		expect(text(4)).toContain("blocked by the sandbox: write to");
		expect(text(5)).toContain("branch=feature stashes=1");
		expect(git("log", "--oneline").trim().split("\n")).toHaveLength(2);
		// The person's next plain git status, outside the sandbox, runs nothing planted.
		git("status", "--short");
		expect(existsSync(join(pi.root, "MARK"))).toBe(false);
		const removed = pi.reviewLog().filter((line) => (line as { event?: string }).event === "sandbox_removed");
		expect(removed.length).toBeGreaterThanOrEqual(2);
	}, 120_000);
});

/** Prompts, then answers every dialog "Yes" until the run settles; returns where the run's records start. */
async function approveEverything(rpc: ReturnType<typeof startRpc>): Promise<number> {
	const from = await rpc.prompt("go");
	const answered = new Set<string>();
	for (;;) {
		const next: RpcRecord = await rpc.waitFor(
			"a dialog or the end of the run",
			(r) => r.type === "agent_settled" || (r.type === "extension_ui_request" && isOpenDialog(r, answered)),
			{ from, timeoutMs: 60_000 },
		);
		if (next.type === "agent_settled") return from;
		const dialog = next as RpcRecord & { id: string; options?: readonly string[] };
		answered.add(dialog.id);
		rpc.answer(dialog as never, dialog.options?.find((option) => option.startsWith("Yes")) ?? "Yes");
	}
}

function isOpenDialog(record: RpcRecord, answered: ReadonlySet<string>): boolean {
	const method = record.method;
	return (method === "select" || method === "input") && !answered.has(String(record.id));
}
