import { describe, expect, it } from "vitest";
import {
	ACTIVE_AGENT_ENTRY_TYPE,
	detectActiveAgent,
	isSafeAgentFileName,
	MAX_AGENT_NAME,
	type SessionEntryLike,
} from "../../src/agent/active-agent";

function entry(data: unknown, customType = ACTIVE_AGENT_ENTRY_TYPE): SessionEntryLike {
	return { type: "custom", customType, data };
}

describe("detectActiveAgent on the system-prompt tag", () => {
	it.each([
		{ prompt: 'You are helpful.\n<active_agent name="reviewer">\nReview code.', name: "reviewer" },
		{ prompt: "<active_agent name='scout' />", name: "scout" },
		{ prompt: '<active_agent id="7" name="db-admin_2.v1">', name: "db-admin_2.v1" },
		{ prompt: '<active_agent name=" padded ">', name: "padded" },
		{ prompt: '<active_agent name="first"> <active_agent name="second">', name: "first" },
		{ prompt: "no tag here", name: null },
		{ prompt: "<active_agent>", name: null },
		{ prompt: '<active_agent name="">', name: null },
		{ prompt: '<active_agents name="x">', name: null },
	])("reads $prompt as $name", ({ prompt, name }) => {
		expect(detectActiveAgent(prompt, [])).toBe(name);
	});

	it.each([
		"../../etc/passwd",
		"a/b",
		"a\\b",
		"C:agent",
		"..",
		".hidden",
		"two words",
		"tab\tname",
		"-flag",
		"x".repeat(MAX_AGENT_NAME + 1),
	])("rejects the unsafe name %j", (name) => {
		expect(detectActiveAgent(`<active_agent name="${name}">`, [])).toBeNull();
	});
});

describe("detectActiveAgent on session entries", () => {
	it("takes the latest active_agent entry", () => {
		const entries = [entry({ name: "scout" }), { type: "message" }, entry("reviewer"), entry({ x: 1 }, "other")];
		expect(detectActiveAgent(null, entries)).toBe("reviewer");
	});

	it.each([
		{ name: "a cleared agent", data: null },
		{ name: "an object without a name", data: { agent: "scout" } },
		{ name: "a non-text name", data: { name: 42 } },
		{ name: "an unsafe name", data: { name: "../x" } },
	])("returns to the main session on $name, even after an earlier agent", ({ data }) => {
		expect(detectActiveAgent(null, [entry("scout"), entry(data)])).toBeNull();
	});

	it("ignores entries that are not custom active_agent entries", () => {
		expect(detectActiveAgent(null, [{ type: "active_agent", data: "scout" }, entry("scout", "agent")])).toBeNull();
		expect(detectActiveAgent(null, [])).toBeNull();
	});
});

describe("detectActiveAgent", () => {
	it("prefers the system-prompt tag over the session entries", () => {
		expect(detectActiveAgent('<active_agent name="reviewer">', [entry("scout")])).toBe("reviewer");
	});

	it("falls back to the session entries when the prompt has no tag", () => {
		expect(detectActiveAgent("plain prompt", [entry("scout")])).toBe("scout");
		expect(detectActiveAgent(null, [entry("scout")])).toBe("scout");
	});

	it("lets a tag with an unsafe name decide (no agent) rather than an older entry", () => {
		expect(detectActiveAgent('<active_agent name="../x">', [entry("scout")])).toBeNull();
	});

	it("answers the main session without any signal", () => {
		expect(detectActiveAgent("plain prompt", [])).toBeNull();
	});
});

describe("isSafeAgentFileName", () => {
	it.each([
		["reviewer", true],
		["Agent_1.v2-x", true],
		["", false],
		["a b", false],
		["ä", false],
	])("judges %j as %s", (name, safe) => {
		expect(isSafeAgentFileName(name)).toBe(safe);
	});
});
