/**
 * ADR 0037's acceptance through the real `pi` command (`--mode rpc`, scripted faux model, the test as the human):
 * with `"*.env": "deny"`, bash allowed and `"sandbox": { "mode": "required" }`, programs that find files themselves
 * do not reveal the secret, a write outside the project and a loopback connection fail, and the tool results say
 * why. Needs bubblewrap, socat and ripgrep (`npm test` installs them first); without them it fails, it does not skip.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
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
		const from = await rpc.prompt("go");
		// The scripted human approves every ask (the inline python code among them) until the run settles.
		const answered = new Set<string>();
		for (;;) {
			const next: RpcRecord = await rpc.waitFor(
				"a dialog or the end of the run",
				(r) => r.type === "agent_settled" || (r.type === "extension_ui_request" && isOpenDialog(r, answered)),
				{ from },
			);
			if (next.type === "agent_settled") break;
			const dialog = next as RpcRecord & { id: string; options?: readonly string[] };
			answered.add(dialog.id);
			rpc.answer(dialog as never, dialog.options?.find((option) => option.startsWith("Yes")) ?? "Yes");
		}
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
	});
});

function isOpenDialog(record: RpcRecord, answered: ReadonlySet<string>): boolean {
	const method = record.method;
	return (method === "select" || method === "input") && !answered.has(String(record.id));
}
