import { describe, expect, it } from "vitest";
import { selectAuthority } from "../../src/chain/authority-selection";
import type { TerminalAuthorizer } from "../../src/chain/authorizer";
import { askDetails } from "../support/ask-details";

const user: TerminalAuthorizer = {
	authorize: async () => ({ verdict: "allow", scope: "once", decidedBy: { kind: "user", via: "dialog" } }),
};
const parent: TerminalAuthorizer = {
	authorize: async () => ({ verdict: "allow", scope: "once", decidedBy: { kind: "user", via: "select" } }),
};

describe("selectAuthority", () => {
	it("selects the local user when the session has UI, even as a subagent", () => {
		const selected = selectAuthority(
			{ hasUI: true, isSubagent: true },
			{ localUser: () => user, parent: () => parent },
		);
		expect(selected).toMatchObject({ kind: "local-user", adjudicatesLocally: true });
		expect(selected.terminal).toBe(user);
	});

	it("selects the relaying parent terminal for a UI-less subagent", () => {
		const selected = selectAuthority(
			{ hasUI: false, isSubagent: true },
			{ localUser: () => user, parent: () => parent },
		);
		expect(selected).toMatchObject({ kind: "parent", adjudicatesLocally: false });
		expect(selected.terminal).toBe(parent);
	});

	it("PP-310 denies as confirmation_unavailable, with a reason, when there is no UI and no parent", async () => {
		const built: string[] = [];
		const selected = selectAuthority(
			{ hasUI: false, isSubagent: false },
			{
				localUser: () => {
					built.push("user");
					return user;
				},
				parent: () => {
					built.push("parent");
					return parent;
				},
			},
		);
		expect(selected.kind).toBe("denying");
		expect(built).toEqual([]);
		const decision = await selected.terminal.authorize(askDetails());
		expect(decision).toMatchObject({ verdict: "deny", unavailable: true, decidedBy: { kind: "unavailable" } });
		expect(decision.verdict === "deny" && decision.reason).toMatch(/no UI/);
	});

	it("denies when building the selected terminal throws", () => {
		const selected = selectAuthority(
			{ hasUI: true, isSubagent: false },
			{
				localUser: () => {
					throw new Error("no ui");
				},
				parent: () => parent,
			},
		);
		expect(selected).toMatchObject({ kind: "denying", reason: "selecting the terminal failed: no ui" });
	});
});
