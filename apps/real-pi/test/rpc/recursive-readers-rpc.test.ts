/**
 * Issue 34's acceptance through the real `pi` command (`--mode rpc`, scripted faux model, the test as the human),
 * under the recommended policy `pi-permissions init` writes: a program that reads the whole project (`grep -r`,
 * `rg -uu`) over a `.env` is asked, and refused the secret is not shown; with the OS sandbox required the same
 * commands run with no dialog and the sandbox keeps the secret out; the read tool's `it's` spelling of a denied
 * `it’s` file is denied. The sandbox case needs bubblewrap, socat and ripgrep (`.ci/run` installs them); without them
 * it fails, it does not skip.
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { CleanupStack } from "../support/cleanup-stack";
import { sandboxFor, startRpc } from "../support/pi-harness";
import { type RpcRecord, resultText, type UiRequest } from "../support/rpc-session";
import { bashTurn } from "../support/scripted-turns";

const RECOMMENDED = JSON.parse(
	readFileSync(new URL("../../../cli/src/recommended-policy.json", import.meta.url), "utf8"),
) as { readonly permission: Record<string, unknown> } & Record<string, unknown>;
const SECRET = "hunter2-recursive";
const COMMANDS = ["grep -r SECRET .", "rg -uu KEY"];

const cleanup = new CleanupStack();
afterEach(() => cleanup.run());

describe("pi --mode rpc with the recommended policy and a secret in the project (issue 34)", () => {
	it("asks about grep -r and rg -uu over the .env, and refused the secret is not shown", async () => {
		const pi = sandboxFor(cleanup, RECOMMENDED);
		pi.writeFile(".env", `SECRET=${SECRET}\nKEY=${SECRET}\n`);
		pi.writeFile("src/a.ts", "export const a = 1;\n");
		const rpc = startRpc(cleanup, { sandbox: pi, script: [...COMMANDS.map(bashTurn), { kind: "text", text: "done" }] });
		const from = await rpc.prompt("find the secret");
		const asked: UiRequest[] = [];
		for (;;) {
			const next: RpcRecord = await rpc.waitFor(
				"a dialog or the end of the run",
				(r) => r.type === "agent_settled" || (r.type === "extension_ui_request" && isOpen(r, asked)),
				{ from, timeoutMs: 60_000 },
			);
			if (next.type === "agent_settled") break;
			const dialog = next as UiRequest;
			asked.push(dialog);
			rpc.answer(dialog, dialog.options?.find((option) => option === "No") ?? "No");
		}
		expect(asked).toHaveLength(COMMANDS.length);
		for (const dialog of asked) {
			expect(dialog.title).toContain("<recursive-read>");
			expect(dialog.title).toContain(".env");
		}
		const ends = rpc.toolEnds(from);
		expect(ends).toHaveLength(COMMANDS.length);
		for (const end of ends) {
			expect(end.isError).toBe(true);
			expect(resultText(end)).not.toContain(SECRET);
		}
	}, 120_000);

	it("runs them with no dialog when the sandbox is required, and the sandbox keeps the secret out", async () => {
		const pi = sandboxFor(cleanup, { ...RECOMMENDED, sandbox: { mode: "required" } });
		pi.writeFile(".env", `SECRET=${SECRET}\nKEY=${SECRET}\n`);
		pi.writeFile("src/a.ts", "// SECRET KEY are named here, not held\n");
		const rpc = startRpc(cleanup, { sandbox: pi, script: [...COMMANDS.map(bashTurn), { kind: "text", text: "done" }] });
		const from = await rpc.prompt("find the secret");
		await rpc.waitForSettled(from, 90_000);
		expect(rpc.dialogs(from)).toEqual([]);
		const ends = rpc.toolEnds(from);
		expect(ends).toHaveLength(COMMANDS.length);
		for (const end of ends) expect(resultText(end)).not.toContain(SECRET);
		// The programs ran: they found the source file that names the words.
		expect(resultText(ends[0] as (typeof ends)[number])).toContain("src/a.ts");
	}, 120_000);

	it("denies the read tool's ASCII spelling of a file denied under its U+2019 name", async () => {
		const curly = "it\u2019s secret.txt";
		const config = { ...RECOMMENDED, permission: { ...RECOMMENDED.permission, path: { [`*${curly}`]: "deny" } } };
		const pi = sandboxFor(cleanup, config);
		pi.writeFile(curly, `${SECRET}\n`);
		const rpc = startRpc(cleanup, {
			sandbox: pi,
			script: [
				{ kind: "tool", tool: "read", arguments: { path: "it's secret.txt" } },
				{ kind: "text", text: "done" },
			],
		});
		const from = await rpc.prompt("read it");
		await rpc.waitForSettled(from);
		expect(rpc.dialogs(from)).toEqual([]);
		const [end] = rpc.toolEnds(from);
		expect(end?.isError).toBe(true);
		expect(end === undefined ? "" : resultText(end)).not.toContain(SECRET);
		expect(pi.decisions()).toMatchObject([{ toolName: "read", result: "deny" }]);
	}, 120_000);
});

function isOpen(record: RpcRecord, asked: readonly UiRequest[]): boolean {
	const method = record.method;
	return (method === "select" || method === "input") && !asked.some((dialog) => dialog.id === record.id);
}
