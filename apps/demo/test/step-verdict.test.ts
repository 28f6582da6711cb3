import type { DecisionFact } from "@pi-permissions/pi-extension";
import { describe, expect, it } from "vitest";
import type { DemoStep } from "../src/demo-steps";
import type { StepEntry } from "../src/step-record";
import { judgeStep } from "../src/step-verdict";

function fact(toolCallId: string, result: "allow" | "deny", decidedBy: DecisionFact["decidedBy"]): DecisionFact {
	return {
		requestId: `perm-${toolCallId}`,
		toolCallId,
		toolName: "bash",
		agentName: null,
		gate: "tool",
		surface: "bash",
		value: "touch x",
		result,
		resolution: result === "allow" ? "policy_allow" : "policy_deny",
		matchedPattern: "*",
		origin: "global",
		decidedBy,
		reason: null,
		payload: null,
		sessionPatterns: [],
	};
}

const askStep: DemoStep = {
	number: 9,
	title: "An ask",
	caption: "asked once",
	actor: "main",
	narration: "",
	calls: [
		{
			id: "c1",
			call: { tool: "bash", command: "touch x" },
			expect: { result: "allow", decidedBy: "user", dialog: true },
		},
	],
	answers: ["Yes"],
	checks: [{ kind: "exists", target: { under: "project", path: "x" }, caption: "x exists" }],
};

const subagentStep: DemoStep = {
	...askStep,
	actor: "subagent",
	calls: [
		{
			id: "s1",
			call: { tool: "bash", command: "touch x" },
			expect: { result: "allow", decidedBy: "parent", dialog: true },
		},
	],
	checks: [],
};

const dialog: StepEntry = { kind: "dialog", dialog: { title: "Permission request", options: ["Yes"], picked: "Yes" } };
const decided = (source: "main" | "subagent", f: DecisionFact): StepEntry => ({ kind: "decision", source, fact: f });
const always = () => true;

describe("judgeStep", () => {
	it("passes a step whose published decision, dialogs and checks match its row", () => {
		const verdict = judgeStep(askStep, [dialog, decided("main", fact("c1", "allow", "user"))], always);
		expect(verdict).toEqual({ ok: true, problems: [], checks: [{ caption: "x exists", ok: true }] });
	});

	it.each([
		{
			why: "a different decider",
			entries: [dialog, decided("main", fact("c1", "allow", "policy"))],
			problem: "c1: expected allow by user, observed allow by policy",
		},
		{
			why: "no published decision",
			entries: [dialog],
			problem: "c1: expected allow by user, no decision was published",
		},
		{
			why: "a missing dialog",
			entries: [decided("main", fact("c1", "allow", "user"))],
			problem: "expected 1 dialog(s), the human saw 0",
		},
		{
			why: "a deny among the call's decisions",
			entries: [dialog, decided("main", fact("c1", "deny", "policy")), decided("main", fact("c1", "allow", "user"))],
			problem: "c1: expected allow by user, observed deny by policy",
		},
		{
			why: "a decision for a call the step did not make",
			entries: [dialog, decided("main", fact("c1", "allow", "user")), decided("main", fact("other", "deny", "policy"))],
			problem: "unexpected decision: deny bash by policy",
		},
	])("fails a step with $why", ({ entries, problem }) => {
		const verdict = judgeStep(askStep, entries, always);
		expect(verdict.ok).toBe(false);
		expect(verdict.problems).toContain(problem);
	});

	it("fails a step whose side effect is missing on disk", () => {
		const verdict = judgeStep(askStep, [dialog, decided("main", fact("c1", "allow", "user"))], () => false);
		expect(verdict.problems).toEqual(["check failed: x exists"]);
	});

	it("fails a step whose hidden text reached the model", () => {
		const step: DemoStep = {
			...askStep,
			checks: [{ kind: "hidden-from-model", text: "s3cret", caption: "the secret stays hidden" }],
		};
		const leaked: StepEntry = {
			kind: "result",
			source: "main",
			toolCallId: "c1",
			isError: false,
			text: "TOKEN=s3cret",
		};
		const verdict = judgeStep(step, [dialog, decided("main", fact("c1", "allow", "user")), leaked], always);
		expect(verdict.problems).toEqual(["check failed: the secret stays hidden"]);
	});

	it("accepts a serving parent's own record of a forwarded ask when it agrees with the subagent's", () => {
		const entries = [
			dialog,
			decided("main", fact("s1", "allow", "user")),
			decided("subagent", fact("s1", "allow", "parent")),
		];
		expect(judgeStep(subagentStep, entries, always).ok).toBe(true);
	});

	it("rejects a serving parent's record that contradicts the subagent's decision", () => {
		const entries = [
			dialog,
			decided("main", fact("s1", "deny", "user")),
			decided("subagent", fact("s1", "allow", "parent")),
		];
		expect(judgeStep(subagentStep, entries, always).problems).toEqual(["unexpected decision: deny bash by user"]);
	});
});
