import { PLAIN_PAINTER, renderDialog } from "@pi-permissions/presentation";
import { describe, expect, it } from "vitest";
import { PATHS_TRUNCATED_REASON } from "../../src/bash/bash-command-check";
import type { AskAnswer, AskDenier, AskEscalator, AskRequest } from "../../src/pipeline/ask-escalator";
import type { DecisionFact } from "../../src/pipeline/decision-fact";
import { GateRunner } from "../../src/pipeline/gate-runner";
import type { ToolCall } from "../../src/pipeline/tool-call";
import { CFG_A } from "../bash/bash-command-check.cases";
import { bashCall, call, createEngine, type Engine, type EngineOptions } from "../support/engine-fixture";

/** An escalator that answers from a script and records every ask. */
function scriptedEscalator(answers: readonly AskAnswer[]): AskEscalator & { readonly asks: AskRequest[] } {
	const asks: AskRequest[] = [];
	return {
		asks,
		async escalate(ask) {
			asks.push(ask);
			const answer = answers[asks.length - 1];
			if (answer === undefined) throw new Error("unexpected ask");
			return answer;
		},
	};
}

interface Harness {
	readonly engine: Engine;
	readonly runner: GateRunner;
	readonly facts: DecisionFact[];
	readonly escalator: ReturnType<typeof scriptedEscalator>;
	readonly minted: () => number;
}

function harness(options: EngineOptions, answers: readonly AskAnswer[] = []): Harness {
	const engine = createEngine(options);
	const facts: DecisionFact[] = [];
	const escalator = scriptedEscalator(answers);
	let n = 0;
	const runner = new GateRunner({
		pipeline: engine.pipeline,
		escalator,
		sink: { emit: (fact) => facts.push(fact) },
		ids: { next: () => `req-${++n}` },
		sessionRules: engine.store,
	});
	return { engine, runner, facts, escalator, minted: () => n };
}

const ONCE: AskAnswer = { kind: "allow-once", decidedBy: "user" };
const SESSION: AskAnswer = { kind: "allow-session", decidedBy: "user" };

describe("GateRunner and bounded session grants", () => {
	it("spends a calls-bounded grant once per call it decides, then asks again", async () => {
		const h = harness({ config: { permission: { bash: { "*": "ask" } } } }, [ONCE]);
		h.engine.store.add({ surface: "bash", pattern: "git status*", bound: { kind: "calls", calls: 2 } });
		// One call with two units the grant decides spends one use.
		expect((await h.runner.run(bashCall("git status && git status -s"))).kind).toBe("allow");
		expect(h.engine.store.list()[0]?.callsLeft).toBe(1);
		expect((await h.runner.run(bashCall("git status"))).kind).toBe("allow");
		expect(h.engine.store.list()).toEqual([]);
		expect(h.engine.store.expired().map((entry) => entry.reason)).toEqual(["calls"]);
		await h.runner.run(bashCall("git status"));
		expect(h.escalator.asks).toHaveLength(1);
	});
});

describe("GateRunner.run", () => {
	it("allows a call every gate allows and emits one policy_allow fact per request", async () => {
		const h = harness({ config: { permission: { "*": "allow" } } });
		const verdict = await h.runner.run(call("read", { path: "a.ts" }));
		expect(verdict).toEqual({ kind: "allow", requestIds: ["req-1"] });
		expect(h.facts).toMatchObject([{ requestId: "req-1", gate: "tool", result: "allow", resolution: "policy_allow" }]);
	});

	it("blocks a policy deny with agent-facing text that names the rule but never the command", async () => {
		const h = harness({ config: CFG_A });
		const verdict = await h.runner.run(bashCall("npm install left-pad"));
		expect(verdict).toMatchObject({ kind: "block", gate: "tool", resolution: "policy_deny" });
		if (verdict.kind !== "block") throw new Error("expected a block");
		expect(verdict.reason).toContain("npm *");
		expect(verdict.reason).toContain("Use pnpm instead");
		expect(verdict.reason).not.toContain("left-pad");
		expect(h.facts).toMatchObject([{ resolution: "policy_deny", reason: "Use pnpm instead", decidedBy: "policy" }]);
	});

	it.each([
		// ADR 0031: a literal script is judged by its units; a computed one keeps the opaque floor.
		{ id: "PP-094", command: 'bash -c "$X"' },
	])("$id auto-approves the residual synthetic ask under yolo without escalating", async ({ command }) => {
		const h = harness({ config: CFG_A, yolo: true });
		const verdict = await h.runner.run(bashCall(command));
		expect(verdict.kind).toBe("allow");
		expect(h.escalator.asks).toHaveLength(0);
		expect(h.facts.at(-1)).toMatchObject({ resolution: "auto_approved", decidedBy: "yolo", result: "allow" });
	});

	it("PP-095 deviates: yolo denies `sudo $CMD`, whose program is only known when it runs, while CFG-A denies commands", async () => {
		// ADR 0023: the wrapper's ask names no executed unit, so it is settled like `$CMD x`, not like `sudo ls`.
		const h = harness({ config: CFG_A, yolo: true });
		const verdict = await h.runner.run(bashCall("sudo $CMD"));
		expect(verdict).toMatchObject({ kind: "block", resolution: "policy_deny" });
		expect(h.escalator.asks).toHaveLength(0);
		expect(h.facts.at(-1)).toMatchObject({ decidedBy: "yolo", result: "deny" });
	});

	it("never touches a deny under yolo", async () => {
		const h = harness({ config: CFG_A, yolo: true });
		const verdict = await h.runner.run(bashCall("rm -rf build"));
		expect(verdict).toMatchObject({ kind: "block", resolution: "policy_deny" });
	});

	it("escalates a floored ask when yolo is off", async () => {
		const h = harness({ config: { permission: { bash: "allow" } } }, [ONCE]);
		// `sudo $CMD`: the command sudo runs cannot be established (ADR 0028 keeps this floor).
		const verdict = await h.runner.run(bashCall("sudo $CMD"));
		expect(verdict.kind).toBe("allow");
		expect(h.escalator.asks[0]?.outcome.matchedPattern).toBe("<indirection-bash-wrapper>");
		expect(h.facts.at(-1)).toMatchObject({ resolution: "user_approved", decidedBy: "user" });
	});

	it("mints the request id before escalating and hands the same id to the escalator and the fact", async () => {
		const h = harness({ config: CFG_A }, [ONCE]);
		await h.runner.run(bashCall("git push"));
		expect(h.escalator.asks[0]?.requestId).toBe("req-1");
		expect(h.facts[0]?.requestId).toBe("req-1");
		expect(h.facts[0]?.payload?.kind).toBe("bash");
	});

	it("records a for-this-session answer, and the same ask on a later call passes silently", async () => {
		const h = harness({ config: CFG_A }, [SESSION]);
		await h.runner.run(bashCall("git push origin main"));
		expect(h.facts[0]).toMatchObject({ resolution: "user_approved_for_session", sessionPatterns: ["git push *"] });
		const again = await h.runner.run(bashCall("git push origin feature"));
		expect(again.kind).toBe("allow");
		expect(h.escalator.asks).toHaveLength(1);
		expect(h.facts[1]).toMatchObject({ resolution: "session_approved", decidedBy: "session", origin: "session" });
	});

	it("records one grant per outside directory for a bash command reaching several", async () => {
		const h = harness({ config: { permission: { bash: "allow", external_directory: "ask" } } }, [SESSION]);
		await h.runner.run(bashCall("cat /etc/hosts /var/log/syslog"));
		expect(h.engine.store.rules().map((rule) => [rule.surface, rule.pattern])).toEqual([
			["external_directory", "/etc/*"],
			["external_directory", "/var/log/*"],
		]);
		const again = await h.runner.run(bashCall("head /var/log/syslog /etc/hosts"));
		expect(again.kind).toBe("allow");
		expect(h.escalator.asks).toHaveLength(1);
	});

	it("continues to the next gate after an approved ask and asks again there", async () => {
		const h = harness({ config: { permission: { "*": "allow", external_directory: "ask", read: "ask" } } }, [
			ONCE,
			ONCE,
		]);
		const verdict = await h.runner.run(call("read", { path: "/etc/hosts" }));
		expect(verdict).toEqual({ kind: "allow", requestIds: ["req-1", "req-2"] });
		expect(h.escalator.asks.map((ask) => ask.outcome.gate)).toEqual(["external-directory", "tool"]);
	});

	it("stops at a human deny and carries the human's reason to the agent", async () => {
		const h = harness({ config: { permission: { "*": "allow", external_directory: "ask", read: "ask" } } }, [
			{ kind: "deny", reason: "not now", decidedBy: "user" },
		]);
		const verdict = await h.runner.run(call("read", { path: "/etc/hosts" }));
		expect(verdict).toMatchObject({ kind: "block", gate: "external-directory", resolution: "user_denied" });
		if (verdict.kind === "block") expect(verdict.reason).toContain("not now");
		expect(h.escalator.asks).toHaveLength(1);
	});

	// ADR 0036: the agent is told who refused, from the answer's denier.
	it.each<{ denier: AskDenier; text: string }>([
		{ denier: { kind: "user" }, text: "Denied by the user:" },
		{ denier: { kind: "policy" }, text: "Denied by policy:" },
		{
			denier: { kind: "parent-policy", pattern: "read *", scope: "project" },
			text: "Denied by the parent session's policy:",
		},
		{ denier: { kind: "parent-user" }, text: "Denied by the user of the parent session:" },
		{
			denier: { kind: "judge", name: "model-judge", inParent: false },
			text: "Denied by the model judge `model-judge`:",
		},
	])("words a refusal by $denier.kind as such", async ({ denier, text }) => {
		const h = harness({ config: { permission: { "*": "allow", external_directory: "ask" } } }, [
			{ kind: "deny", reason: null, decidedBy: "parent", denier },
		]);
		const verdict = await h.runner.run(call("read", { path: "/etc/hosts" }));
		expect(verdict.kind === "block" ? verdict.reason : "").toContain(text);
	});

	it("blocks with confirmation_unavailable when nobody can answer", async () => {
		const h = harness({ config: CFG_A }, [{ kind: "unavailable", reason: "no UI", decidedBy: "unavailable" }]);
		const verdict = await h.runner.run(bashCall("git push"));
		expect(verdict).toMatchObject({ kind: "block", resolution: "confirmation_unavailable" });
		expect(h.facts.at(-1)).toMatchObject({ result: "deny", resolution: "confirmation_unavailable", reason: "no UI" });
	});

	it("never escalates an ask that precedes a deny", async () => {
		const h = harness({ config: { permission: { "*": "allow", external_directory: "ask", read: "deny" } } });
		const verdict = await h.runner.run(call("read", { path: "/etc/hosts" }));
		expect(verdict).toMatchObject({ kind: "block", gate: "tool", resolution: "policy_deny" });
		expect(h.escalator.asks).toHaveLength(0);
		expect(h.facts.map((fact) => fact.resolution)).toEqual(["policy_deny"]);
	});

	it("emits an infrastructure_auto_allowed fact for a Pi infrastructure read", async () => {
		const h = harness({
			config: { permission: { "*": "allow", external_directory: "deny" } },
			infrastructureDirs: ["/home/u/.pi/agent"],
		});
		const verdict = await h.runner.run(call("read", { path: "/home/u/.pi/agent/AGENTS.md" }));
		expect(verdict.kind).toBe("allow");
		expect(h.facts[0]).toMatchObject({ resolution: "infrastructure_auto_allowed", decidedBy: "infrastructure" });
	});

	it("emits auto_approved for a rule yolo rewrote", async () => {
		const h = harness({ config: { permission: { "*": "ask" } }, yolo: true });
		await h.runner.run(call("edit", { path: "a" }));
		expect(h.facts[0]).toMatchObject({ resolution: "auto_approved", origin: "yolo", decidedBy: "yolo" });
	});

	it("turns a throwing policy provider into a gate_error block", async () => {
		const engine = createEngine({ config: { permission: { "*": "allow" } } });
		const facts: DecisionFact[] = [];
		const runner = new GateRunner({
			pipeline: {
				decide: (c: ToolCall) => {
					throw new Error(`config exploded for ${c.toolName}`);
				},
				decideSkillInput: () => {
					throw new Error("unreachable");
				},
			},
			escalator: scriptedEscalator([]),
			sink: { emit: (fact) => facts.push(fact) },
			ids: { next: () => "req-x" },
			sessionRules: engine.store,
		});
		const verdict = await runner.run(call("read", { path: "a" }));
		expect(verdict).toMatchObject({ kind: "block", resolution: "gate_error", requestId: "req-x", gate: null });
		expect(facts).toMatchObject([{ resolution: "gate_error", result: "deny", reason: "config exploded for read" }]);
	});

	it("turns a rejecting escalator into a gate_error block on the asking gate", async () => {
		const h = harness({ config: CFG_A }, []);
		const verdict = await h.runner.run(bashCall("git push"));
		expect(verdict).toMatchObject({ kind: "block", resolution: "gate_error", gate: "tool", requestId: "req-1" });
		expect(h.facts).toMatchObject([{ requestId: "req-1", resolution: "gate_error" }]);
	});

	it("blocks a failed answer exactly as it blocks a rejecting escalator (ADR 0043)", async () => {
		const rejected = harness({ config: CFG_A }, []);
		const rejectedVerdict = await rejected.runner.run(bashCall("git push"));
		const failed = harness({ config: CFG_A }, [{ kind: "failed", reason: "unexpected ask" }]);
		const failedVerdict = await failed.runner.run(bashCall("git push"));
		expect(failedVerdict).toEqual(rejectedVerdict);
		expect(failed.facts).toEqual(rejected.facts);
		expect(failed.facts).toMatchObject([
			{ resolution: "gate_error", decidedBy: "gate_error", reason: "unexpected ask" },
		]);
	});

	it("turns a malformed shell input into a gate_error block", async () => {
		const h = harness({ config: { permission: { "*": "allow" } } });
		const verdict = await h.runner.run(call("bash", { command: 42 }));
		expect(verdict).toMatchObject({ kind: "block", resolution: "gate_error" });
	});

	it("resolves a /skill: invocation, and an exact-name session grant lets it pass next time", async () => {
		const h = harness({ config: { permission: { "*": "ask", skill: { "web-*": "deny" } } } }, [SESSION]);
		const first = await h.runner.runSkillInput({ skillName: "review", arguments: "now", agentName: null });
		expect(first.kind).toBe("allow");
		expect(h.escalator.asks[0]?.payload.kind).toBe("skill");
		expect(h.engine.store.rules()).toMatchObject([{ surface: "skill", pattern: "review" }]);
		expect((await h.runner.runSkillInput({ skillName: "review", arguments: null, agentName: null })).kind).toBe(
			"allow",
		);
		expect(h.escalator.asks).toHaveLength(1);
		const denied = await h.runner.runSkillInput({ skillName: "web-design", arguments: null, agentName: null });
		expect(denied).toMatchObject({ kind: "block", gate: "skill-input", resolution: "policy_deny" });
	});

	it("escalates a /skill: invocation as the one call the pipeline decided it as", async () => {
		const h = harness({ config: { permission: { "*": "ask" } } }, [ONCE]);
		const invocation = { skillName: "review", arguments: "now", agentName: "ops" };
		await h.runner.runSkillInput(invocation);
		const expected = {
			toolName: "skill",
			input: { name: "review", arguments: "now" },
			agentName: "ops",
			toolCallId: null,
		};
		expect(h.escalator.asks[0]?.call).toEqual(expected);
		expect(h.engine.pipeline.decideSkillInput(invocation).call).toEqual(expected);
		expect(h.facts).toMatchObject([{ toolName: "skill", agentName: "ops", toolCallId: null }]);
	});

	it("refuses an unknown tool with the list of available tools", async () => {
		const h = harness({ config: { permission: { "*": "allow" } }, availableTools: ["bash", "read"] });
		const verdict = await h.runner.run(call("rm_all", {}));
		expect(verdict).toMatchObject({ kind: "block", gate: "unknown-tool", resolution: "policy_deny" });
		if (verdict.kind === "block") expect(verdict.reason).toContain("available tools: bash, read");
	});

	it("auto-approves an unparseable floor under yolo only while the policy denies no command", async () => {
		const open = harness({ config: { permission: { bash: { "*": "ask" } } }, yolo: true });
		expect((await open.runner.run(bashCall("( ls"))).kind).toBe("allow");
		expect(open.facts.at(-1)).toMatchObject({
			resolution: "auto_approved",
			matchedPattern: "<unparseable-bash-command>",
		});
		const h = harness({ config: { permission: { bash: { "*": "ask", "rm *": "deny" } } }, yolo: true });
		expect(await h.runner.run(bashCall("( ls"))).toMatchObject({ kind: "block", resolution: "policy_deny" });
		expect(h.facts.at(-1)).toMatchObject({ decidedBy: "yolo", matchedPattern: "<unparseable-bash-command>" });
		expect(await h.runner.run(bashCall("rm x )"))).toMatchObject({ kind: "block", resolution: "policy_deny" });
		expect(h.facts.at(-1)).toMatchObject({ decidedBy: "policy", matchedPattern: "rm *" });
		expect(h.escalator.asks).toHaveLength(0);
		expect(open.escalator.asks).toHaveLength(0);
	});

	it("keeps a decision when the sink throws", async () => {
		const engine = createEngine({ config: CFG_A });
		const runner = new GateRunner({
			pipeline: engine.pipeline,
			escalator: scriptedEscalator([]),
			sink: {
				emit: () => {
					throw new Error("log disk full");
				},
			},
			ids: { next: () => "req" },
			sessionRules: engine.store,
		});
		expect(await runner.run(bashCall("rm -rf /"))).toMatchObject({ kind: "block", resolution: "policy_deny" });
	});
});

describe("GateRunner: a command that could not be checked completely", () => {
	const ALLOW_ALL = { permission: { "*": "allow" } };
	const PLAIN = { width: 160, maxRows: 24, fieldMaxWidth: 140, painter: PLAIN_PAINTER, expanded: false } as const;
	const UNPARSEABLE = "cat a )";
	const TREE_SITTER_REASON = "tree-sitter-bash reports a syntax error";

	it("asks with the parser's specific reason in the dialog, and names it in the denial", async () => {
		const h = harness({ config: ALLOW_ALL }, [{ kind: "deny", reason: null, decidedBy: "user" }]);
		const verdict = await h.runner.run(bashCall(UNPARSEABLE));
		const ask = h.escalator.asks[0];
		if (ask === undefined) throw new Error("expected an ask");
		expect(ask.payload.request.matchedPattern).toBe("<unparseable-bash-command>");
		expect(renderDialog(ask.payload, PLAIN)).toContain(`not checked : ${TREE_SITTER_REASON}`);
		expect(verdict).toMatchObject({ kind: "block", resolution: "user_denied" });
		if (verdict.kind !== "block") throw new Error("expected a block");
		expect(verdict.reason).toContain(`The command could not be checked completely: ${TREE_SITTER_REASON}.`);
	});

	it("names the reason when nobody could answer the ask", async () => {
		const h = harness({ config: ALLOW_ALL }, [{ kind: "unavailable", reason: "no UI", decidedBy: "unavailable" }]);
		const verdict = await h.runner.run(bashCall("echo a\\\n--force"));
		if (verdict.kind !== "block") throw new Error("expected a block");
		expect(verdict.reason).toContain("The command could not be checked completely: a line continuation splits a word.");
	});

	// A truncated path list must not silently allow: past the path work bound the call asks (bash-command-check.ts),
	// and yolo refuses it while the policy denies anything.
	const TRUNCATED = `cat ${Array.from({ length: 6_000 }, (_, i) => `f${i}`).join(" ")} .env`;

	it("asks, never allows, when path collection stopped at its bound", async () => {
		const h = harness({ config: ALLOW_ALL }, [{ kind: "deny", reason: null, decidedBy: "user" }]);
		const verdict = await h.runner.run(bashCall(TRUNCATED));
		expect(h.escalator.asks).toHaveLength(1);
		expect(renderDialog(h.escalator.asks[0]?.payload ?? fail(), PLAIN)).toContain(
			`not checked : ${PATHS_TRUNCATED_REASON}`,
		);
		expect(verdict).toMatchObject({ kind: "block" });
	});

	it("is refused by yolo while the policy denies a path", async () => {
		const h = harness({ config: { permission: { "*": "allow", path: { "*.env": "deny" } } }, yolo: true });
		const verdict = await h.runner.run(bashCall(TRUNCATED));
		expect(h.escalator.asks).toHaveLength(0);
		expect(verdict).toMatchObject({ kind: "block", resolution: "policy_deny" });
		if (verdict.kind !== "block") throw new Error("expected a block");
		expect(verdict.reason.split(PATHS_TRUNCATED_REASON)).toHaveLength(2);
	});
});

function fail(): never {
	throw new Error("expected an ask");
}
describe("GateRunner.runTraced (ADR 0041)", () => {
	it("returns the verdict with the decision, its one parse, every fact, every ask and each gate's matching rules", async () => {
		const h = harness({ config: { permission: { "*": "allow", bash: { "*": "allow", "git *": "ask" } } } }, [
			{ kind: "deny", reason: null, decidedBy: "user" },
		]);
		const trace = await h.runner.runTraced(bashCall("git push"));
		expect(trace.verdict).toMatchObject({ kind: "block", resolution: "user_denied" });
		expect(trace.decision?.program?.units.map((unit) => unit.text)).toEqual(["git push"]);
		expect(trace.facts).toEqual(h.facts);
		expect(trace.asks).toEqual(h.escalator.asks);
		expect(trace.gates.map(({ outcome }) => outcome)).toEqual(trace.decision?.outcomes);
		const rules = trace.gates.at(-1)?.rules.map(({ rule }) => [rule.surface, rule.pattern, rule.action]);
		expect(rules?.at(-1)).toEqual(["bash", "git *", "ask"]);
		expect(rules).toContainEqual(["bash", "*", "allow"]);
	});

	it("names the rule as written next to the rule an overlay rewrote", async () => {
		const h = harness({ config: { permission: { "*": "allow", bash: { "*": "ask" } } }, yolo: true });
		const trace = await h.runner.runTraced(bashCall("ls"));
		expect(trace.verdict.kind).toBe("allow");
		const last = trace.gates.at(-1)?.rules.at(-1);
		expect(last?.rule).toMatchObject({ pattern: "*", action: "allow", origin: "yolo" });
		expect(last?.written).toMatchObject({ pattern: "*", action: "ask", origin: "global" });
	});

	it("traces a gate error with no decision and its one fact", async () => {
		const engine = createEngine({ config: { permission: { "*": "allow" } } });
		const facts: DecisionFact[] = [];
		const runner = new GateRunner({
			pipeline: {
				decide: () => {
					throw new Error("broken");
				},
				decideSkillInput: () => {
					throw new Error("broken");
				},
			},
			escalator: scriptedEscalator([]),
			sink: { emit: (fact) => facts.push(fact) },
			ids: { next: () => "req-1" },
			sessionRules: engine.store,
		});
		const trace = await runner.runTraced(bashCall("ls"));
		expect(trace).toMatchObject({ verdict: { resolution: "gate_error" }, decision: null, gates: [], asks: [] });
		expect(trace.facts).toEqual(facts);
	});
});
