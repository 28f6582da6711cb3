import type { PermissionState } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { type GateName, type GateOutcome, mostRestrictiveOutcome } from "../../src/gates/gate-outcome";

const outcome = (gate: GateName, state: PermissionState): GateOutcome => ({
	gate,
	surface: "x",
	value: "v",
	state,
	matchedPattern: null,
	origin: null,
	basis: "rule",
	reason: null,
	payload: null,
	suggestion: null,
	access: null,
});

describe("mostRestrictiveOutcome", () => {
	it("picks deny over ask over allow", () => {
		expect(
			mostRestrictiveOutcome([outcome("path", "allow"), outcome("tool", "deny"), outcome("bash-path", "ask")])?.gate,
		).toBe("tool");
	});

	it("keeps the first gate on a tie", () => {
		expect(mostRestrictiveOutcome([outcome("path", "ask"), outcome("tool", "ask")])?.gate).toBe("path");
	});

	it("is null for no outcomes", () => {
		expect(mostRestrictiveOutcome([])).toBeNull();
	});
});
