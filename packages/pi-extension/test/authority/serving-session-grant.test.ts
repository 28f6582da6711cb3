import type { ForwardedAccessIntent, ForwardedRequest } from "@pi-permissions/authority";
import { POSIX_FLAVOR, SessionRuleStore } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { recordServingSessionGrant, servingSessionGrantRequests } from "../../src/authority/serving-session-grant";

function request(intent: Partial<ForwardedAccessIntent> | null): ForwardedRequest {
	return {
		id: "perm-1",
		createdAt: 0,
		requesterSessionId: "child",
		targetSessionId: "parent",
		requesterAgentName: null,
		requesterPid: null,
		payload: {} as ForwardedRequest["payload"],
		accessIntent:
			intent === null
				? null
				: {
						surface: "bash",
						matchValues: ["git status"],
						boundaryValue: null,
						requesterCwd: "/work/child",
						principal: { sessionId: "child", agentName: null },
						...intent,
					},
	};
}

describe("servingSessionGrantRequests", () => {
	it.each([
		{ surface: "bash", values: ["git status --short"], patterns: [{ surface: "bash", pattern: "git status *" }] },
		{
			surface: "bash",
			values: ["git push origin", "git push"],
			patterns: [{ surface: "bash", pattern: "git push *" }],
		},
		{ surface: "read", values: ["/work/app/src/a.ts"], patterns: [{ surface: "read", pattern: "/work/app/src/*" }] },
		{ surface: "mcp", values: ["exa:search"], patterns: [{ surface: "mcp", pattern: "exa:*" }] },
		{ surface: "skill", values: ["librarian"], patterns: [{ surface: "skill", pattern: "librarian" }] },
		{ surface: "deploy", values: ["*"], patterns: [{ surface: "deploy", pattern: "*" }] },
	])("grants $surface $values as $patterns", ({ surface, values, patterns }) => {
		const grants = servingSessionGrantRequests(request({ surface, matchValues: values }), POSIX_FLAVOR);
		expect(grants).toEqual(patterns);
	});

	it("throws for an ask without access facts", () => {
		expect(() => servingSessionGrantRequests(request(null), POSIX_FLAVOR)).toThrow("no access facts");
	});

	it.each([
		{ name: "an outside-directory catch-all", surface: "external_directory", values: ["*"] },
		{ name: "a command never suggested", surface: "bash", values: ["\\rm -rf x", "rm -rf x"] },
	])("throws when no session approval may be offered for $name", ({ surface, values }) => {
		const ask = request({ surface, matchValues: values });
		expect(() => servingSessionGrantRequests(ask, POSIX_FLAVOR)).toThrow("no session approval");
	});
});

describe("recordServingSessionGrant", () => {
	it("records the grant in the serving session's store, once for a repeated answer", () => {
		const store = new SessionRuleStore();
		recordServingSessionGrant(store, request({ matchValues: ["npm test"] }), POSIX_FLAVOR);
		recordServingSessionGrant(store, request({ matchValues: ["npm test --watch"] }), POSIX_FLAVOR);
		expect(store.list().map((grant) => grant.rule)).toEqual([
			{ surface: "bash", pattern: "npm test *", action: "allow", origin: "session" },
		]);
	});
});
