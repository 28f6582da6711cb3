import { describe, expect, it } from "vitest";
import { AgentPolicies, AgentPolicyPendingError, MAX_CACHED_AGENTS } from "../../src/agent/agent-policies";

function counting(fail: ReadonlySet<string> = new Set()) {
	const loads: [string | null, boolean | null][] = [];
	const policies = new AgentPolicies(async (agentName: string | null, yolo: boolean | null) => {
		loads.push([agentName, yolo]);
		if (agentName !== null && fail.has(agentName)) throw new Error(`cannot load ${agentName}`);
		return `policy of ${agentName ?? "main"} (yolo ${String(yolo)})`;
	});
	return { policies, loads };
}

describe("AgentPolicies", () => {
	it("reports an unloaded agent as pending, loads it once, then answers from the cache", async () => {
		const { policies, loads } = counting();
		expect(() => policies.get("scout")).toThrow(AgentPolicyPendingError);
		expect(() => policies.get("scout")).toThrow(AgentPolicyPendingError);
		await policies.settled();
		expect(policies.get("scout")).toBe("policy of scout (yolo null)");
		expect(loads).toEqual([["scout", null]]);
	});

	// ADR 0036 (seed 000, "Subagent permission forwarding"): a forwarded ask waits for its agent's policy.
	it("lets a caller wait for an agent's policy, loading it once", async () => {
		const { policies, loads } = counting();
		await Promise.all([policies.ensure("scout"), policies.ensure("scout")]);
		expect(policies.get("scout")).toBe("policy of scout (yolo null)");
		await policies.ensure("scout");
		expect(loads).toEqual([["scout", null]]);
	});

	it("settles `ensure` for a policy that fails to load (the next ask retries)", async () => {
		const { policies } = counting(new Set(["broken"]));
		await policies.ensure("broken");
		expect(() => policies.get("broken")).toThrow(AgentPolicyPendingError);
	});

	it("keeps the main session apart from every named agent", async () => {
		const { policies } = counting();
		expect(() => policies.get(null)).toThrow("(main)");
		await policies.settled();
		expect(policies.get(null)).toBe("policy of main (yolo null)");
	});

	it("retries a failed load at the next ask", async () => {
		const { policies, loads } = counting(new Set(["broken"]));
		expect(() => policies.get("broken")).toThrow(AgentPolicyPendingError);
		await policies.settled();
		expect(() => policies.get("broken")).toThrow(AgentPolicyPendingError);
		await policies.settled();
		expect(loads).toEqual([
			["broken", null],
			["broken", null],
		]);
	});

	it("drops what it loaded on clear, and never keeps a load started before the clear", async () => {
		const { policies, loads } = counting();
		expect(() => policies.get("scout")).toThrow(AgentPolicyPendingError);
		policies.clear();
		await policies.settled();
		expect(() => policies.get("scout")).toThrow(AgentPolicyPendingError);
		await policies.settled();
		expect(policies.get("scout")).toBe("policy of scout (yolo null)");
		expect(loads).toHaveLength(2);
	});

	it("loads again under a changed session yolo toggle", async () => {
		const { policies } = counting();
		expect(() => policies.get("scout")).toThrow(AgentPolicyPendingError);
		await policies.settled();
		policies.useSessionYolo(true);
		expect(() => policies.get("scout")).toThrow(AgentPolicyPendingError);
		await policies.settled();
		expect(policies.get("scout")).toBe("policy of scout (yolo true)");
	});

	it("keeps at most its bound of agents, dropping the oldest", async () => {
		const { policies } = counting();
		for (let index = 0; index <= MAX_CACHED_AGENTS; index += 1) {
			expect(() => policies.get(`agent-${index}`)).toThrow(AgentPolicyPendingError);
			await policies.settled();
		}
		expect(() => policies.get("agent-0")).toThrow(AgentPolicyPendingError);
		expect(policies.get(`agent-${MAX_CACHED_AGENTS}`)).toContain(`agent-${MAX_CACHED_AGENTS}`);
	});
});
