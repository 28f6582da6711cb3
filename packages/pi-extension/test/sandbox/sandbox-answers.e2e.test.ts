/**
 * ADR 0059 in a real in-process Pi session (faux model, scripted human that refuses every dialog) with the real
 * sandbox required and `*.env: deny`: the asks the sandbox holds (a recursive reader over the project) run with no
 * dialog, hide the secret and are recorded as decided by the sandbox; a computed path (`*.env` is masked in the
 * project only), a command rule and opaque code still ask. Runs the real sandbox (bubblewrap): without it this file
 * fails rather than skips.
 */
import { fauxToolCall } from "@earendil-works/pi-ai";
import { beforeAll, describe, expect, it } from "vitest";
import { reviewLogFile } from "../../src/logs/review-log-sink";
import { readJsonl } from "../support/jsonl-records";
import { type PiRun, runPi, workspace } from "../support/pi-session-harness";

const SECRET = "hunter2-answers";
const bash = (command: string, id: string) => fauxToolCall("bash", { command }, { id });
const CONFIG = {
	permission: { "*": "ask", bash: { "*": "allow", "npm *": "ask" }, path: { "*.env": "deny" } },
	sandbox: { mode: "required" },
};

const COMMANDS = [
	["grep", "grep -r SECRET ."],
	["rg", "rg -uu SECRET"],
	["computed", "cat $(ls -a | grep env)"],
	["npm", "npm test"],
	["python", "python3 -c 'print(open(\".env\").read())'"],
] as const;

let run: PiRun;
let reviewLog: readonly Record<string, unknown>[];
const index = (id: string) => COMMANDS.findIndex(([name]) => name === id);

beforeAll(async () => {
	const space = workspace({ ".env": `SECRET=${SECRET}\n`, "notes.txt": "SECRET is elsewhere\n" }, CONFIG);
	run = await runPi(space, {
		turns: COMMANDS.map(([name, command]) => [bash(command, `call_${name}`)]),
		tools: ["bash"],
		human: { selects: COMMANDS.map(() => () => undefined) },
	});
	reviewLog = readJsonl(reviewLogFile(space.agentDir));
}, 120_000);

describe("the sandbox answers what it holds (ADR 0059)", () => {
	it.each(["grep", "rg"])("`%s` over the project runs with no dialog and shows no secret", (id) => {
		const text = run.resultText(index(id));
		expect(text).not.toContain(SECRET);
		expect(text).toContain("notes.txt");
		const facts = run.decisions.filter((fact) => fact.toolCallId === `call_${id}`);
		expect(facts).toContainEqual(
			expect.objectContaining({ gate: "bash-recursive-read", decidedBy: "sandbox", resolution: "sandbox_answered" }),
		);
	});

	it("asks only about the computed path, the command rule and the opaque code", () => {
		expect(run.dialogs).toHaveLength(3);
		for (const id of ["computed", "npm", "python"]) {
			expect(run.ends[index(id)]?.isError, id).toBe(true);
			expect(run.resultText(index(id))).not.toContain(SECRET);
		}
	});

	it("records the sandbox's answer in the review log", () => {
		const answered = reviewLog.filter((record) => record.decidedBy === "sandbox");
		expect(answered.map((record) => record.toolCallId)).toEqual(expect.arrayContaining(["call_grep", "call_rg"]));
	});
});
