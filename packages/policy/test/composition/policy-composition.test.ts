import { describe, expect, it } from "vitest";
import { composePolicy, type ScopeOutcome } from "../../src/composition/policy-composition";
import type { PermissionConfig } from "../../src/config/permission-config";
import type { ScopeName } from "../../src/rule";
import { CFG_A, ENV, MCP_EXA, MCP_LAYERED, TOOLS_CONFIG } from "../support/corpus-configs";

const valid = (scope: ScopeName, config: PermissionConfig): ScopeOutcome => ({ scope, status: "valid", config });
const invalid = (scope: ScopeName): ScopeOutcome => ({
	scope,
	status: "invalid",
	issues: [{ keyPath: ["permission"], message: "broken", hint: "fix it", severity: "error" }],
});
const compose = (scopes: ScopeOutcome[], yolo?: boolean) =>
	composePolicy(yolo === undefined ? { scopes, env: ENV } : { scopes, env: ENV, yolo });

describe("composePolicy: yolo overlay (corpus overlay.yolo)", () => {
	it("PP-092 rewrites the ask of `git *` to allow with origin yolo", () => {
		const m = compose([valid("global", CFG_A)], true).decision.evaluate("bash", "git push");
		expect(m).toMatchObject({ state: "allow", matchedPattern: "git *", origin: "yolo" });
	});

	it("PP-093 keeps the deny of `rm -rf *`", () => {
		const m = compose([valid("global", CFG_A)], true).decision.evaluate("bash", "rm -rf build");
		expect(m).toMatchObject({ state: "deny", matchedPattern: "rm -rf *", origin: "global" });
	});

	it("PP-094/PP-095 rewrite the `bash *`/`ls *` rules only; the wrapper floors are the engine's (issue 4)", () => {
		const policy = compose([valid("global", CFG_A)], true).decision;
		expect(policy.evaluate("bash", 'bash -c "x"')).toMatchObject({ state: "allow", origin: "global" });
		expect(policy.evaluate("bash", "sudo ls")).toMatchObject({ state: "allow", origin: "yolo" });
	});

	it("PP-096 rewrites the built-in universal ask too", () => {
		const m = compose([valid("global", { permission: {} })], true).decision.evaluate("someExtensionTool", "*");
		expect(m).toMatchObject({ state: "allow", origin: "yolo" });
	});

	it("PP-097 keeps display surfaces yolo-free", () => {
		const composed = compose([valid("global", { permission: { bash: "ask" } })], true);
		expect(composed.toolPermission("bash")).toBe("ask");
		expect(composed.displayRules.find((r) => r.surface === "bash")?.action).toBe("ask");
		expect(composed.decision.evaluate("bash", "anything").state).toBe("allow");
	});

	it("PP-098 leaves an explicit allow with its own origin", () => {
		const m = compose([valid("global", { permission: { read: "allow" } })], true).decision.evaluate("read", "x");
		expect(m).toMatchObject({ state: "allow", origin: "global" });
	});

	it("takes yoloMode from the merged config when no override is given", () => {
		const composed = compose([valid("global", { yoloMode: true, permission: { bash: "ask" } })]);
		expect(composed.yolo).toBe(true);
		expect(composed.decision.evaluate("bash", "x").state).toBe("allow");
	});
});

describe("composePolicy: fail-closed overlay (corpus overlay.failClosed, overlay.both)", () => {
	it("PP-099 clamps `ls *` to ask when the project scope is invalid", () => {
		const m = compose([valid("global", CFG_A), invalid("project")]).decision.evaluate("bash", "ls -la");
		expect(m).toMatchObject({ state: "ask", matchedPattern: "ls *", origin: "fail-closed" });
	});

	it("PP-100 keeps the deny of `rm -rf *`", () => {
		const m = compose([valid("global", CFG_A), invalid("project")]).decision.evaluate("bash", "rm -rf build");
		expect(m).toMatchObject({ state: "deny", matchedPattern: "rm -rf *" });
	});

	it("PP-101 clamps the exact `git status` allow", () => {
		const m = compose([valid("global", CFG_A), invalid("project")]).decision.evaluate("bash", "git status");
		expect(m).toMatchObject({ state: "ask", matchedPattern: "git status", origin: "fail-closed" });
	});

	it("PP-102 (ADR 0021) an invalid global keeps its salvaged denies and floors every allow like any scope", () => {
		// Changed by ADR 0022: ADR 0003 let an invalid global contribute nothing and never clamp, so its denies fell to
		// the built-in ask (and yolo turned that into allow). It now keeps its denies and clamps like any invalid scope.
		const global: ScopeOutcome = {
			scope: "global",
			status: "invalid",
			issues: [{ keyPath: ["permission", "write"], message: "broken", hint: "fix it", severity: "error" }],
			salvaged: { permission: { bash: { "rm -rf *": "deny" } } },
		};
		const composed = compose([global, valid("project", { permission: { read: "allow" } })]);
		expect(composed.decision.evaluate("read", "/p/a.txt")).toMatchObject({ state: "ask", origin: "fail-closed" });
		expect(composed.decision.evaluate("bash", "rm -rf x")).toMatchObject({ state: "deny", origin: "global" });
		expect(composed.failClosedScopes).toEqual(["global"]);
		expect(composed.notices.map((n) => n.kind)).toEqual(["fail-closed"]);
	});

	it("an invalid scope without a salvage (a file that does not parse) contributes nothing and still floors", () => {
		const composed = compose([valid("global", { permission: { bash: "allow" } }), invalid("project")]);
		expect(composed.decision.evaluate("bash", "ls")).toMatchObject({ state: "ask", origin: "fail-closed" });
	});

	it("PP-103 clamps when the active agent's scope is invalid", () => {
		const m = compose([valid("global", { permission: { bash: "allow" } }), invalid("agent")]).decision.evaluate(
			"bash",
			"echo hi",
		);
		expect(m).toMatchObject({ state: "ask", origin: "fail-closed" });
	});

	it("PP-104 reports the clamp and clamps tool exposure", () => {
		const composed = compose([valid("global", { permission: { bash: "allow" } }), invalid("project")]);
		expect(composed.toolPermission("bash")).toBe("ask");
		expect(composed.notices.map((n) => n.message)).toContain("project scope invalid, allow clamped to ask");
	});

	it("PP-105 (ADR 0021) suspends yolo while a scope is invalid, and says so", () => {
		// Changed by ADR 0022: yolo used to re-permit the clamped ask, so a broken file plus yolo allowed everything.
		const composed = compose([valid("global", { permission: { bash: "allow" } }), invalid("project")], true);
		expect(composed.decision.evaluate("bash", "echo hi")).toMatchObject({ state: "ask", origin: "fail-closed" });
		expect(composed.yolo).toBe(false);
		expect(composed.yoloSuspended).toBe(true);
		expect(composed.notices.map((n) => n.kind)).toEqual(["fail-closed", "yolo-suspended"]);
		expect(compose([valid("global", { permission: { bash: "ask" } })], true).yoloSuspended).toBe(false);
	});

	it("PP-106 keeps a deny through clamp and yolo", () => {
		const m = compose([valid("global", { permission: { bash: "deny" } }), invalid("project")], true).decision.evaluate(
			"bash",
			"rm -rf /",
		);
		expect(m.state).toBe("deny");
	});
});

describe("composePolicy: universal default and tool exposure", () => {
	it("falls back to a built-in ask when the config sets no `*`", () => {
		const m = compose([valid("global", { permission: {} })]).decision.evaluate("anything", "x");
		expect(m).toMatchObject({ state: "ask", origin: "builtin", matchedPattern: null });
	});

	it("places the universal rule first, whatever its position in the file", () => {
		const m = compose([valid("global", { permission: { bash: "allow", "*": "deny" } })]).decision.evaluate("bash", "x");
		expect(m).toMatchObject({ state: "allow", matchedPattern: "*" });
	});

	it("PP-215 reports the universal default with no matched pattern", () => {
		const m = compose([valid("global", TOOLS_CONFIG)]).decision.evaluate("other_tool", "*");
		expect(m).toMatchObject({ state: "ask", matchedPattern: null, origin: "global" });
	});

	it("PP-217 gives each tool its surface-level state", () => {
		const composed = compose([valid("global", TOOLS_CONFIG)]);
		const byTool = Object.fromEntries(
			["read", "write", "edit", "bash", "third_party_tool", "other_tool", "path"].map((t) => [
				t,
				composed.toolPermission(t),
			]),
		);
		expect(byTool).toEqual({
			read: "allow",
			write: "deny",
			edit: "ask",
			bash: "ask",
			third_party_tool: "allow",
			other_tool: "ask",
			path: "ask",
		});
	});

	it("PP-287 warns when a permissive universal rule leaves bash without its own `*` rule", () => {
		const composed = compose([valid("global", { permission: { "*": "allow" } })]);
		expect(composed.notices.map((n) => n.kind)).toContain("permissive-universal");
		const covered = compose([valid("global", { permission: { "*": "allow", bash: "ask" } })]);
		expect(covered.notices.map((n) => n.kind)).not.toContain("permissive-universal");
	});

	it("applies defaults to unset settings and keeps the highest scope's value", () => {
		const composed = compose([valid("global", { promptMaxRows: 30 }), valid("project", { promptMaxRows: 12 })]);
		expect(composed.settings.promptMaxRows).toBe(12);
		expect(composed.settings.forwardingTimeoutMs).toBe(600000);
		expect(composed.settings.permissionReviewLog).toBe(true);
	});
});

describe("composePolicy: MCP (corpus mcp.decision, pure part)", () => {
	// Candidates are the access-intent derivation for each input (corpus mcp.targets), given here as facts.
	const layered = compose([valid("global", MCP_LAYERED)]).decision;
	const exa = compose([valid("global", MCP_EXA)]).decision;
	it.each([
		{
			id: "PP-146",
			policy: layered,
			candidates: ["research_query-docs", "research:query-docs", "research", "query-docs", "mcp_call"],
			state: "allow",
			pattern: "research_query-*",
			target: "research_query-docs",
		},
		{
			id: "PP-147",
			policy: layered,
			candidates: ["research_resolve-context", "research:resolve-context", "research", "resolve-context", "mcp_call"],
			state: "ask",
			pattern: "research_*",
			target: "research_resolve-context",
		},
		{
			id: "PP-148",
			policy: layered,
			candidates: ["search_provider", "search:provider", "search", "provider", "mcp_call"],
			state: "deny",
			pattern: "*",
			target: "search_provider",
		},
		{ id: "PP-149", policy: layered, candidates: ["mcp_status"], state: "deny", pattern: "*", target: "mcp_status" },
		{
			id: "PP-150",
			policy: layered,
			candidates: ["mcp_server_research", "research", "mcp_list"],
			state: "deny",
			pattern: "*",
			target: "mcp_server_research",
		},
		{
			id: "PP-151",
			policy: exa,
			candidates: ["mcp_status"],
			state: "allow",
			pattern: null,
			target: "mcp_status",
			origin: "baseline",
		},
		{
			id: "PP-152",
			policy: exa,
			candidates: ["mcp_server_exa", "exa", "mcp_list"],
			state: "allow",
			pattern: null,
			target: "mcp_list",
			origin: "baseline",
		},
		{
			id: "PP-153",
			policy: exa,
			candidates: ["exa_search", "exa:search", "exa", "search", "mcp_call"],
			state: "allow",
			pattern: "exa:*",
			target: "exa:search",
			origin: "global",
		},
		{
			id: "PP-154",
			policy: exa,
			candidates: ["other_x", "other:x", "other", "x", "mcp_call"],
			state: "ask",
			pattern: null,
			target: "other_x",
			origin: "global",
		},
		{
			id: "PP-155",
			policy: exa,
			candidates: ["weather", "mcp_search"],
			state: "allow",
			pattern: null,
			target: "mcp_search",
			origin: "baseline",
		},
		{
			id: "PP-156",
			policy: exa,
			candidates: ["mcp_connect_exa", "exa", "mcp_connect"],
			state: "allow",
			pattern: null,
			target: "mcp_connect",
			origin: "baseline",
		},
	])("$id -> $state by $pattern on $target", (row) => {
		const m = row.policy.evaluateCandidates("mcp", row.candidates);
		expect(m.state).toBe(row.state);
		expect(m.matchedPattern).toBe(row.pattern);
		expect(m.matchedValue).toBe(row.target);
		if (row.origin) expect(m.origin).toBe(row.origin);
	});

	it("adds no baseline when no mcp rule allows", () => {
		expect(layered.evaluateCandidates("mcp", ["mcp_status"]).origin).not.toBe("baseline");
	});

	it("lets the most restrictive specific match win across candidates", () => {
		const policy = compose([
			valid("global", { permission: { mcp: { "*": "ask", "exa_*": "allow", "exa:search": "deny" } } }),
		]).decision;
		expect(policy.evaluateCandidates("mcp", ["exa_search", "exa:search", "exa", "search", "mcp_call"])).toMatchObject({
			state: "deny",
			matchedValue: "exa:search",
		});
	});
});

describe("composePolicy: agent scopes (corpus agent.override)", () => {
	const global = valid("global", { permission: { "*": "ask" } });
	const reviewer = valid("agent", { permission: { bash: "deny", read: "allow" } });
	it.each([
		{ id: "PP-273", surface: "bash", scopes: [global, reviewer], state: "deny", origin: "agent" },
		{ id: "PP-274", surface: "bash", scopes: [global], state: "ask", origin: "global" },
		{ id: "PP-275", surface: "read", scopes: [global, reviewer], state: "allow", origin: "agent" },
		{ id: "PP-276", surface: "read", scopes: [global], state: "ask", origin: "global" },
	])("$id $surface -> $state from $origin", (row) => {
		expect(compose(row.scopes).decision.evaluate(row.surface, "x")).toMatchObject({
			state: row.state,
			origin: row.origin,
		});
	});

	it("orders scopes global -> project -> agent -> project-agent", () => {
		const composed = compose([
			valid("global", { permission: { bash: { "git *": "deny" } } }),
			valid("project", { permission: { bash: { "git *": "ask" } } }),
			valid("agent", { permission: { bash: { "git *": "allow" } } }),
			valid("project-agent", { permission: { bash: { "git push *": "deny" } } }),
		]);
		expect(composed.decision.evaluate("bash", "git status")).toMatchObject({ state: "allow", origin: "agent" });
		expect(composed.decision.evaluate("bash", "git push x")).toMatchObject({ state: "deny", origin: "project-agent" });
	});
});

describe("composePolicy: the written rules and the rules matching a value (ADR 0041)", () => {
	it("keeps each rule as written, index for index with the overlaid rules", () => {
		for (const policy of [
			compose([valid("global", CFG_A)], true),
			compose([valid("global", CFG_A), invalid("project")]),
		]) {
			expect(policy.writtenRules).toHaveLength(policy.rules.length);
			policy.rules.forEach((rule, index) => {
				const written = policy.writtenRules[index];
				expect([written?.surface, written?.pattern]).toEqual([rule.surface, rule.pattern]);
				if (rule.origin !== "yolo" && rule.origin !== "fail-closed") expect(written).toEqual(rule);
			});
		}
		const yolo = compose([valid("global", CFG_A)], true);
		const gitIndex = yolo.rules.findIndex((rule) => rule.pattern === "git *");
		expect(yolo.rules[gitIndex]).toMatchObject({ action: "allow", origin: "yolo" });
		expect(yolo.writtenRules[gitIndex]).toMatchObject({ action: "ask", origin: "global" });
	});

	it.each([
		["bash", "git push"],
		["bash", "rm -rf build"],
		["bash", "ls -la"],
		["read", "/projects/app/.env"],
		["mcp", "exa:search"],
	])("lists every rule matching %s %s in order, the last being the one that decides", (surface, value) => {
		const policy = compose([valid("global", CFG_A)]);
		const indexes = policy.decision.matchingRuleIndexes(surface, value);
		expect([...indexes].sort((a, b) => a - b)).toEqual(indexes);
		const decided = policy.decision.evaluate(surface, value).rule;
		if (decided === null) expect(indexes).toEqual([]);
		else expect(policy.rules[indexes.at(-1) as number]).toBe(decided);
	});
});
