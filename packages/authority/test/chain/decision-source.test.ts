import { describe, expect, it } from "vitest";
import {
	DECISION_SOURCE_MAX_DEPTH,
	type DecisionSource,
	innermostDecisionSource,
	readDecisionSource,
} from "../../src/chain/decision-source";

const VALID: readonly DecisionSource[] = [
	{ kind: "user", via: "dialog" },
	{ kind: "user", via: "select" },
	{ kind: "authorizer", name: "judge", verdict: "deny", reason: "wrong path" },
	{ kind: "authorizer", name: "judge", verdict: "allow", reason: null },
	{ kind: "rule", surface: "bash", pattern: "git *", origin: "project" },
	{ kind: "session_approval", surface: "bash", pattern: "npm test" },
	{ kind: "yolo", pattern: "*" },
	{ kind: "infrastructure_read" },
	{ kind: "unavailable", reason: "timeout" },
	{ kind: "gate_error", reason: "boom" },
	{ kind: "forwarded", responderSessionId: "p", decision: { kind: "user", via: "dialog" } },
];

function nest(depth: number): unknown {
	let value: unknown = { kind: "user", via: "dialog" };
	for (let i = 0; i < depth; i += 1) value = { kind: "forwarded", responderSessionId: `p${i}`, decision: value };
	return value;
}

describe("readDecisionSource", () => {
	it.each(VALID)("reads back $kind unchanged after a JSON round trip", (source) => {
		expect(readDecisionSource(JSON.parse(JSON.stringify(source)))).toEqual(source);
	});

	it.each([
		["null", null],
		["an array", [{ kind: "user", via: "dialog" }]],
		["an unknown kind", { kind: "root" }],
		["a wrong via", { kind: "user", via: "keyboard" }],
		["a numeric name", { kind: "authorizer", name: 3, verdict: "deny", reason: null }],
		["a defer verdict", { kind: "authorizer", name: "a", verdict: "defer", reason: null }],
		["an unknown origin", { kind: "rule", surface: "bash", pattern: "*", origin: "remote" }],
		["a missing reason", { kind: "gate_error" }],
		["an oversized field", { kind: "yolo", pattern: "x".repeat(5000) }],
		[
			"a forwarded value with a broken inner decision",
			{ kind: "forwarded", responderSessionId: "p", decision: { kind: "?" } },
		],
	])("rejects %s", (_label, value) => {
		expect(readDecisionSource(value)).toBeNull();
	});

	it("drops unknown fields", () => {
		expect(readDecisionSource({ kind: "infrastructure_read", approved: true })).toEqual({
			kind: "infrastructure_read",
		});
	});

	it("accepts a forwarding chain up to the depth bound and rejects a deeper one whole", () => {
		expect(readDecisionSource(nest(DECISION_SOURCE_MAX_DEPTH))).not.toBeNull();
		expect(readDecisionSource(nest(DECISION_SOURCE_MAX_DEPTH + 1))).toBeNull();
		expect(readDecisionSource(nest(10_000))).toBeNull();
	});

	it("finds the innermost decider of a chain", () => {
		const source = readDecisionSource(nest(3));
		expect(source === null ? null : innermostDecisionSource(source)).toEqual({ kind: "user", via: "dialog" });
	});
});
