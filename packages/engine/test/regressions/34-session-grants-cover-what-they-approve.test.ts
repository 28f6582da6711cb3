/**
 * Issue 34, item 2: a "for this session" answer grants what it says. An interpreter's inline code is granted by its
 * exact text (the only rule that passes it) or not offered at all; a compound command's answer grants every unit
 * that asked, not only the first family.
 */
import { describe, expect, it } from "vitest";
import type { AskAnswer, AskEscalator, AskRequest } from "../../src/pipeline/ask-escalator";
import type { DecisionFact } from "../../src/pipeline/decision-fact";
import { GateRunner } from "../../src/pipeline/gate-runner";
import { bashCall, createEngine } from "../support/engine-fixture";

const SESSION: AskAnswer = { kind: "allow-session", decidedBy: "user" };

function harness(config: unknown) {
	const engine = createEngine({ config });
	const asks: AskRequest[] = [];
	const facts: DecisionFact[] = [];
	const escalator: AskEscalator = {
		async escalate(ask) {
			asks.push(ask);
			return SESSION;
		},
	};
	let n = 0;
	const runner = new GateRunner({
		pipeline: engine.pipeline,
		escalator,
		sink: { emit: (fact) => facts.push(fact) },
		ids: { next: () => `req-${++n}` },
		sessionRules: engine.store,
	});
	return { engine, runner, asks, facts };
}

const ASK_ALL = { permission: { bash: { "*": "ask", "git status *": "allow" } } };
/** The interpreter is allowed by family, so its inline code is raised to ask by the opaque-payload floor. */
const PYTHON_ALLOWED = { permission: { bash: { "*": "ask", "python3 *": "allow" } } };

interface Row {
	readonly id: string;
	readonly config: unknown;
	readonly command: string;
	/** The session patterns the answer records, in order; `null`: no session grant is offered. */
	readonly patterns: readonly string[] | null;
	/** Commands that pass silently afterwards. */
	readonly passes: readonly string[];
	/** Commands that still ask afterwards. */
	readonly stillAsk: readonly string[];
}

const ROWS: readonly Row[] = [
	{
		id: "inline code under an ask is granted by its exact spellings",
		config: ASK_ALL,
		command: 'python3 -c "print(42)"',
		patterns: ['python3 -c "print(42)"', "python3 -c print(42)"],
		passes: ['python3 -c "print(42)"'],
		stillAsk: ['python3 -c "print(43)"', "python3 -c 'print(42)'", 'python3 -c "print(42)"; rm x'],
	},
	{
		id: "inline code raised by the opaque floor is granted by its exact spellings",
		config: PYTHON_ALLOWED,
		command: "node -e 'console.log(1)'",
		patterns: ["node -e 'console.log(1)'", "node -e console.log(1)"],
		passes: ["node -e 'console.log(1)'"],
		stillAsk: ["node -e 'console.log(2)'"],
	},
	{
		id: "inline code that reads a variable has no exact text: no session grant",
		config: ASK_ALL,
		command: 'python3 -c "print($HOME)"',
		patterns: null,
		passes: [],
		stillAsk: ['python3 -c "print($HOME)"'],
	},
	{
		id: "an environment that makes a command opaque is not in its text: no session grant",
		config: { permission: { bash: { "*": "ask", "git status": "allow" } } },
		command: "GIT_TRACE=/tmp/trace git status",
		patterns: null,
		passes: [],
		stillAsk: ["GIT_TRACE=/tmp/trace git status", "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor git status"],
	},
	{
		id: "a computed shell script has no exact text: no session grant",
		config: ASK_ALL,
		command: 'bash -c "$X"',
		patterns: null,
		passes: [],
		stillAsk: ['bash -c "$X"'],
	},
	{
		id: "a compound command grants every unit that asked, the deciding one first",
		config: ASK_ALL,
		command: "git push origin main && npm publish",
		patterns: ["git push *", "npm publish *"],
		passes: ["git push origin main && npm publish", "npm publish --tag next", "git status && git push"],
		stillAsk: ["npm install x", "git push && rm -f x"],
	},
	{
		id: "a unit allowed by a rule needs no grant",
		config: ASK_ALL,
		command: "git status && npm test",
		patterns: ["npm test *"],
		passes: ["git status && npm test"],
		stillAsk: ["npm publish"],
	},
	{
		id: "a compound command with a unit no grant can pass offers none",
		config: ASK_ALL,
		command: 'git push && bash -c "$X"',
		patterns: null,
		passes: [],
		stillAsk: ["git push"],
	},
	{
		id: "a command name computed at run time offers none",
		config: { permission: { bash: "allow" } },
		command: "$CMD x",
		patterns: null,
		passes: [],
		stillAsk: ["$CMD x"],
	},
];

describe("a session answer grants what it approves (issue 34)", () => {
	it.each(ROWS)("$id", async ({ config, command, patterns, passes, stillAsk }) => {
		const h = harness(config);
		expect((await h.runner.run(bashCall(command))).kind).toBe("allow");
		const asked = h.asks[0];
		expect(asked).toBeDefined();
		expect(asked?.outcome.suggestion?.patterns ?? null).toEqual(patterns);
		// The dialog offers "for this session" only with a suggestion on the payload (the authority reads it there).
		const annotations = asked?.outcome.payload?.annotations ?? [];
		expect(annotations.some((a) => a.kind === "session-suggestion")).toBe(patterns !== null);
		expect(h.engine.store.rules().map((rule) => rule.pattern)).toEqual(patterns ?? []);
		for (const again of passes) {
			const before = h.asks.length;
			expect((await h.runner.run(bashCall(again))).kind, again).toBe("allow");
			expect(h.asks.length, again).toBe(before);
		}
		for (const again of stillAsk) {
			const before = h.asks.length;
			await h.runner.run(bashCall(again));
			expect(h.asks.length, again).toBeGreaterThan(before);
		}
	});
});
