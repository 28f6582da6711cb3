import { describe, expect, it } from "vitest";
import { composePolicy } from "../../src/composition/policy-composition";
import { SessionRuleStore } from "../../src/session/session-rule-store";
import { ENV } from "../support/corpus-configs";

/** ADR 0022: the two grant scenarios a new user met in real Pi; the policy's deny and its reason stand. */
function policyWith(
	bash: Record<string, "allow" | "ask" | "deny" | { action: "deny"; reason: string }>,
	grant: string,
) {
	const composed = composePolicy({
		scopes: [{ scope: "global", status: "valid", config: { permission: { bash } } }],
		env: ENV,
	});
	const store = new SessionRuleStore();
	store.add({ surface: "bash", pattern: grant });
	return composed.decision.withSessionRules(store.rules(), ENV);
}

describe("ADR 0022: a session grant never lifts a deny", () => {
	it("keeps `git push --force *` denied after granting `git push *` for the session", () => {
		const policy = policyWith(
			{ "git push *": "ask", "git push --force *": { action: "deny", reason: "never force-push" } },
			"git push *",
		);
		expect(policy.evaluate("bash", "git push origin main")).toMatchObject({ state: "allow", origin: "session" });
		expect(policy.evaluate("bash", "git push --force origin main")).toMatchObject({
			state: "deny",
			matchedPattern: "git push --force *",
			origin: "global",
			reason: "never force-push",
		});
	});

	it("keeps `rm -rf *` denied after granting `rm *` for the session", () => {
		const policy = policyWith({ "rm -rf *": "deny" }, "rm *");
		expect(policy.evaluate("bash", "rm x.txt")).toMatchObject({ state: "allow", origin: "session" });
		expect(policy.evaluate("bash", "rm -rf somedir")).toMatchObject({ state: "deny", matchedPattern: "rm -rf *" });
	});

	it("keeps an MCP deny on one candidate when a grant matches another", () => {
		const composed = composePolicy({
			scopes: [
				{ scope: "global", status: "valid", config: { permission: { mcp: { "*": "ask", "exa:search": "deny" } } } },
			],
			env: ENV,
		});
		const policy = composed.decision.withSessionRules(
			[{ surface: "mcp", pattern: "exa_*", action: "allow", origin: "session" }],
			ENV,
		);
		expect(policy.evaluateCandidates("mcp", ["exa_search", "exa:search", "exa", "search"]).state).toBe("deny");
		expect(policy.evaluateCandidates("mcp", ["exa_list", "exa:list", "exa", "list"])).toMatchObject({
			state: "allow",
			origin: "session",
		});
	});

	it("keeps a path deny on any alias when a grant matches another alias", () => {
		const composed = composePolicy({
			scopes: [{ scope: "global", status: "valid", config: { permission: { read: { "*": "ask", "*.env": "deny" } } } }],
			env: ENV,
		});
		const policy = composed.decision.withSessionRules(
			[{ surface: "read", pattern: "/p/link", action: "allow", origin: "session" }],
			ENV,
		);
		expect(policy.evaluateAliases("read", ["/p/link", "/p/.env"]).state).toBe("deny");
	});

	it("does not lift a deny under yolo either, and a grant still answers a plain ask", () => {
		const composed = composePolicy({
			scopes: [{ scope: "global", status: "valid", config: { permission: { bash: { "rm -rf *": "deny" } } } }],
			env: ENV,
			yolo: true,
		});
		const policy = composed.decision.withSessionRules(
			[{ surface: "bash", pattern: "rm *", action: "allow", origin: "session" }],
			ENV,
		);
		expect(policy.evaluate("bash", "rm -rf x").state).toBe("deny");
		expect(policy.evaluate("bash", "rm x")).toMatchObject({ state: "allow", origin: "yolo" });
	});
});
