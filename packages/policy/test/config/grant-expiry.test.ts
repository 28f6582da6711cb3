import { describe, expect, it } from "vitest";
import { CompiledPolicy } from "../../src/compiled-policy";
import { composePolicy } from "../../src/composition/policy-composition";
import { validateConfig } from "../../src/config/config-validation";
import { expiryInstant } from "../../src/config/grant-expiry";
import { ENV } from "../support/corpus-configs";

describe("expiryInstant (ADR 0061)", () => {
	it.each([
		["2026-12-31", Date.UTC(2026, 11, 31)],
		["2026-12-31T18:00Z", Date.UTC(2026, 11, 31, 18)],
		["2026-12-31T18:00:30Z", Date.UTC(2026, 11, 31, 18, 0, 30)],
		["2028-02-29", Date.UTC(2028, 1, 29)],
	])("reads %s", (text, instant) => {
		expect(expiryInstant(text)).toBe(instant);
	});

	it.each([
		"2026-02-30",
		"2027-02-29",
		"2026-12-31T24:00Z",
		"2026-12-31T18:00",
		"2026-12-31T18:00+01:00",
		"31.12.2026",
		"2026-1-1",
		"tomorrow",
		"",
	])("refuses %j", (text) => {
		expect(expiryInstant(text)).toBeNull();
	});
});

describe("an allow rule with an end in a config", () => {
	const config = { permission: { bash: { "*": "ask", "npm test *": { action: "allow", expires: "2026-12-31" } } } };

	it("validates and decides strictly before its end, never at or after it", () => {
		const validated = validateConfig(config);
		if (!validated.ok) throw new Error(JSON.stringify(validated.error));
		let now = Date.UTC(2026, 11, 30, 23, 59, 59, 999);
		const env = { ...ENV, now: () => now };
		const policy = composePolicy({
			scopes: [{ scope: "global", status: "valid", config: validated.value.config }],
			env,
		});
		expect(policy.decision.evaluate("bash", "npm test x").state).toBe("allow");
		now += 1;
		// The same compiled policy: no recompilation is needed for a rule to end.
		expect(policy.decision.evaluate("bash", "npm test x").state).toBe("ask");
		const explained = policy.decision.matchingRuleIndexes("bash", "npm test x");
		expect(explained.map((index) => policy.decision.composedRules[index]?.pattern)).not.toContain("npm test *");
	});

	it("gives back the exact rule an ended rule replaced, whatever the pattern index", () => {
		let now = 0;
		const rules = [
			{ surface: "bash", pattern: "ls", action: "deny", origin: "global" },
			{ surface: "bash", pattern: "ls", action: "allow", expires: 10, origin: "project" },
		] as const;
		const policy = CompiledPolicy.compile(rules, { ...ENV, now: () => now });
		expect(policy.evaluate("bash", "ls").state).toBe("allow");
		now = 10;
		expect(policy.evaluate("bash", "ls").state).toBe("deny");
	});

	it.each([
		[
			{ action: "allow", expires: "2026-02-30" },
			["permission", "bash", "x", "expires"],
			"`2026-02-30` is not a UTC date or instant",
		],
		[{ action: "deny", expires: "2026-12-31" }, ["permission", "bash", "x", "expires"], "unknown key `expires`"],
		[
			{ action: "allow", expires: "2026-12-31", reason: "r" },
			["permission", "bash", "x", "reason"],
			"unknown key `reason`",
		],
	])("refuses %j with the key path and problem", (rule, keyPath, message) => {
		const validated = validateConfig({ permission: { bash: { x: rule } } });
		expect(validated.ok).toBe(false);
		if (validated.ok) return;
		expect(validated.error.map(({ keyPath: path, message: text }) => ({ keyPath: path, message: text }))).toEqual([
			{ keyPath, message },
		]);
	});
});
