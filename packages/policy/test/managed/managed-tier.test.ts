import { describe, expect, it } from "vitest";
import { combineWithManaged } from "../../src/managed/managed-tier";
import type { PermissionState } from "../../src/permission-state";
import type { RuleOrigin } from "../../src/rule";
import type { RuleMatch } from "../../src/rule-match";

function match(state: PermissionState, origin: RuleOrigin): RuleMatch {
	return {
		state,
		rule: { surface: "bash", pattern: "x", action: state, origin },
		matchedPattern: "x",
		origin,
		reason: null,
		matchedValue: "x",
	};
}

const ROWS: { lower: PermissionState; managed: PermissionState | null; state: PermissionState; by: string }[] = [
	{ lower: "allow", managed: null, state: "allow", by: "lower" },
	{ lower: "ask", managed: null, state: "ask", by: "lower" },
	{ lower: "deny", managed: null, state: "deny", by: "lower" },
	{ lower: "allow", managed: "deny", state: "deny", by: "managed" },
	{ lower: "ask", managed: "deny", state: "deny", by: "managed" },
	{ lower: "deny", managed: "deny", state: "deny", by: "managed" },
	{ lower: "allow", managed: "ask", state: "ask", by: "managed" },
	{ lower: "ask", managed: "ask", state: "ask", by: "managed" },
	{ lower: "deny", managed: "ask", state: "deny", by: "lower" },
	{ lower: "allow", managed: "allow", state: "allow", by: "managed" },
	{ lower: "ask", managed: "allow", state: "allow", by: "managed" },
	{ lower: "deny", managed: "allow", state: "deny", by: "lower" },
];

describe("combineWithManaged", () => {
	it.each(ROWS)("lower $lower under managed $managed decides $state by $by", ({ lower, managed, state, by }) => {
		const below = match(lower, "global");
		const above = managed === null ? undefined : match(managed, "managed");
		const combined = combineWithManaged(below, above);
		expect(combined.state).toBe(state);
		expect(combined).toBe(by === "lower" ? below : above);
	});
});
