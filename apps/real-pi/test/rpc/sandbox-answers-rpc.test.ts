/**
 * Issue 41's acceptance through the real `pi` command (`--mode rpc`, scripted faux model, the test as the human) with
 * the real sandbox required (ADR 0059): under the recommended policy, `grep -r SECRET .` and `rg -uu KEY` run with no
 * dialog and show no secret (the sandbox answers them); `cat $(ls | grep env)` still asks, because a computed path
 * may lie where the sandbox does not mask `*.env` and the policy's `*.env.example: ask` is no refusal, and approved
 * it shows no secret either; `rm -rf build` is denied; `npm test` and `python3 -c` ask (a command rule). Under
 * `bash *: allow, rm *: deny, *.env: deny`, `python3 -c 'print(open(".env").read())'` asks with the sandbox off and on:
 * the reason left is the opaque code, not a path. Needs bubblewrap, socat and ripgrep; without them it fails.
 */
import { existsSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { CleanupStack } from "../support/cleanup-stack";
import { sandboxFor, startRpc } from "../support/pi-harness";
import { type RpcRecord, resultText, type ToolExecutionEnd, type UiRequest } from "../support/rpc-session";
import { bashTurn } from "../support/scripted-turns";

const RECOMMENDED = JSON.parse(
	readFileSync(new URL("../../../cli/src/recommended-policy.json", import.meta.url), "utf8"),
) as { readonly permission: Record<string, unknown> } & Record<string, unknown>;
const SECRET = "hunter2-answers";

const cleanup = new CleanupStack();
afterEach(() => cleanup.run());

interface Ran {
	readonly ends: readonly ToolExecutionEnd[];
	/** For each dialog, the index of the command it asked about (the calls run one per turn, in order). */
	readonly askedAbout: readonly number[];
	readonly reviewLog: readonly Record<string, unknown>[];
	/** Whether a project file exists after the run. */
	readonly exists: (path: string) => boolean;
}

/** Runs `commands` one per turn, answering every dialog with `answer`'s option (`Yes…` or `No…`). */
async function runCommands(
	config: Record<string, unknown>,
	commands: readonly string[],
	answer: "Yes" | "No",
	files: (write: (path: string, text: string) => void) => void,
): Promise<Ran> {
	const pi = sandboxFor(cleanup, config);
	files((path, text) => pi.writeFile(path, text));
	const rpc = startRpc(cleanup, { sandbox: pi, script: [...commands.map(bashTurn), { kind: "text", text: "done" }] });
	const from = await rpc.prompt("go");
	const askedAbout: number[] = [];
	const answered = new Set<string>();
	for (;;) {
		const next: RpcRecord = await rpc.waitFor(
			"a dialog or the end of the run",
			(r) =>
				r.type === "agent_settled" ||
				(r.type === "extension_ui_request" &&
					(r.method === "select" || r.method === "input") &&
					!answered.has(String(r.id))),
			{ from, timeoutMs: 90_000 },
		);
		if (next.type === "agent_settled") break;
		const dialog = next as UiRequest;
		answered.add(dialog.id);
		askedAbout.push(rpc.toolEnds(from).length);
		rpc.answer(dialog, dialog.options?.find((option) => option.startsWith(answer)) ?? answer);
	}
	return {
		ends: rpc.toolEnds(from),
		askedAbout,
		reviewLog: pi.reviewLog() as Record<string, unknown>[],
		exists: (path) => existsSync(pi.file(path)),
	};
}

const textOf = (ran: Ran, index: number) => {
	const end = ran.ends[index];
	return end === undefined ? "" : resultText(end);
};

describe("pi --mode rpc with the sandbox required: the sandbox answers what it holds (issue 41)", () => {
	it("under the recommended policy, runs the recursive readers with no dialog and keeps the rest", async () => {
		const commands = [
			"grep -r SECRET .",
			"rg -uu KEY",
			"cat $(ls -a | grep env)",
			"rm -rf build",
			"npm test",
			"python3 -c 'print(1)'",
		];
		const ran = await runCommands({ ...RECOMMENDED, sandbox: { mode: "required" } }, commands, "Yes", (write) => {
			write(".env", `SECRET=${SECRET}\nKEY=${SECRET}\n`);
			write("notes.txt", "SECRET and KEY live elsewhere\n");
			write("build/out.js", "1\n");
		});
		expect(ran.ends).toHaveLength(commands.length);
		// Asked: the computed path (`*.env` masked in the project only; `*.env.example: ask`), `npm test`, `python3 -c`.
		expect(ran.askedAbout).toEqual([2, 4, 5]);
		for (let index = 0; index < commands.length; index++)
			expect(textOf(ran, index), commands[index]).not.toContain(SECRET);
		expect(textOf(ran, 0)).toContain("notes.txt");
		expect(textOf(ran, 1)).toContain("notes.txt");
		// Approved, the computed read still meets the sandbox.
		expect(textOf(ran, 2)).toContain("blocked by the sandbox");
		expect(ran.ends[3]?.isError).toBe(true);
		expect(textOf(ran, 3)).toContain("rm -rf *");
		const answered = ran.reviewLog.filter((record) => record.decidedBy === "sandbox");
		expect(answered.map((record) => record.gate)).toEqual(["bash-recursive-read", "bash-recursive-read"]);
		expect(answered.every((record) => record.resolution === "sandbox_answered")).toBe(true);
		expect(ran.exists("build/out.js")).toBe(true);
	}, 300_000);

	it("under `*: allow, rm *: deny, *.env: deny`, python reading .env asks on and off: the code is opaque", async () => {
		const permission = { bash: { "*": "allow", "rm *": "deny" }, path: { "*.env": "deny" } };
		const command = "python3 -c 'print(open(\".env\").read())'";
		const files = (write: (path: string, text: string) => void) => write(".env", `SECRET=${SECRET}\n`);
		const off = await runCommands({ permission, sandbox: { mode: "off" } }, [command], "No", files);
		expect(off.askedAbout).toEqual([0]);
		const on = await runCommands({ permission, sandbox: { mode: "required" } }, [command, command], "Yes", files);
		expect(on.askedAbout).toEqual([0, 1]);
		// Approved, the sandbox still refuses `.env`: the remaining reason was the code, which a path rule cannot see.
		expect(textOf(on, 0)).not.toContain(SECRET);
		expect(textOf(on, 0)).toContain("blocked by the sandbox");
		const asked = on.reviewLog.filter((record) => record.toolName === "bash" && record.decidedBy !== "sandbox");
		expect(asked.map((record) => record.matchedPattern)).toContain("<opaque-bash-wrapper>");
	}, 300_000);
});
