import {
	buildForwardedAskPayload,
	type LocalPromptPayload,
	PROTECTED_EVIDENCE_LABEL,
	PROTECTED_TARGET_SENTINEL,
} from "@pi-permissions/presentation";
import { describe, expect, it } from "vitest";
import type { GrantScope } from "../../src/chain/authorizer";
import { LocalUserAuthorizer, type UserAnswer } from "../../src/chain/local-user-authorizer";
import { askDetails, localPayload } from "../support/ask-details";

function prompting(answer: UserAnswer | Error) {
	const offered: (readonly GrantScope[])[] = [];
	const authorizer = new LocalUserAuthorizer({
		ask: async (_details, scopes) => {
			offered.push(scopes);
			if (answer instanceof Error) throw answer;
			return answer;
		},
	});
	return { authorizer, offered };
}

describe("LocalUserAuthorizer", () => {
	it("attributes an approval to the user and keeps the offered scope", async () => {
		const { authorizer } = prompting({ answer: "allow", scope: "requester-session", via: "dialog" });
		expect(await authorizer.authorize(askDetails())).toEqual({
			verdict: "allow",
			scope: "requester-session",
			decidedBy: { kind: "user", via: "dialog" },
		});
	});

	it("offers the whole serving session only for a forwarded ask", async () => {
		const { authorizer, offered } = prompting({ answer: "deny", reason: null, via: "select" });
		await authorizer.authorize(askDetails());
		await authorizer.authorize(askDetails({ forwarded: true }));
		expect(offered).toEqual([
			["once", "requester-session", "always-project", "always-global"],
			["once", "requester-session", "serving-session", "always-project", "always-global"],
		]);
	});

	it("offers only a one-time approval for an ask with nothing a session answer would grant", async () => {
		const payload = localPayload({ value: 'python3 -c "print($X)"', sessionSuggestion: null });
		const { authorizer, offered } = prompting({ answer: "allow", scope: "requester-session", via: "dialog" });
		expect(await authorizer.authorize(askDetails({ payload }))).toMatchObject({ verdict: "allow", scope: "once" });
		const forwarded = buildForwardedAskPayload({
			child: payload,
			forwarding: { requesterAgentName: "scout", requesterSessionId: "c" },
		});
		await authorizer.authorize(askDetails({ payload: forwarded, forwarded: true }));
		expect(offered).toEqual([["once"], ["once"]]);
	});

	it("keeps an always answer to a local or a forwarded ask (ADR 0032)", async () => {
		const always = prompting({ answer: "allow", scope: "always-project", via: "dialog" }).authorizer;
		expect(await always.authorize(askDetails())).toMatchObject({ verdict: "allow", scope: "always-project" });
		expect(await always.authorize(askDetails({ forwarded: true }))).toMatchObject({
			verdict: "allow",
			scope: "always-project",
		});
	});

	it("degrades a scope that was not offered to a one-time approval", async () => {
		const { authorizer } = prompting({ answer: "allow", scope: "serving-session", via: "dialog" });
		expect(await authorizer.authorize(askDetails())).toMatchObject({ verdict: "allow", scope: "once" });
	});

	it("keeps the user's deny reason, and drops a blank one", async () => {
		expect(
			await prompting({ answer: "deny", reason: "use pnpm", via: "dialog" }).authorizer.authorize(askDetails()),
		).toMatchObject({
			verdict: "deny",
			reason: "use pnpm",
			unavailable: false,
		});
		expect(
			await prompting({ answer: "deny", reason: "  ", via: "dialog" }).authorizer.authorize(askDetails()),
		).toMatchObject({
			reason: null,
		});
	});

	it("denies as a gate_error when the prompt rejects or answers garbage", async () => {
		expect(await prompting(new Error("tty gone")).authorizer.authorize(askDetails())).toMatchObject({
			verdict: "deny",
			decidedBy: { kind: "gate_error" },
		});
		const garbage = { answer: "maybe", via: "dialog" } as unknown as UserAnswer;
		expect(await prompting(garbage).authorizer.authorize(askDetails())).toMatchObject({
			verdict: "deny",
			decidedBy: { kind: "gate_error" },
		});
	});
});

describe("LocalUserAuthorizer on a protected target", () => {
	it("offers a one-time approval only, locally and forwarded, and degrades a session answer to once", async () => {
		const base = localPayload({ surface: "write", value: "/p/.git/hooks/pre-commit" });
		const payload: LocalPromptPayload = {
			...base,
			request: { ...base.request, matchedPattern: PROTECTED_TARGET_SENTINEL, ruleOrigin: null },
			evidence: [{ label: PROTECTED_EVIDENCE_LABEL, text: "writes a git hook (runs code later)", detail: null }],
			answerableBy: "person",
		};
		const { authorizer, offered } = prompting({ answer: "allow", scope: "requester-session", via: "dialog" });
		expect(await authorizer.authorize(askDetails({ payload }))).toMatchObject({ verdict: "allow", scope: "once" });
		const forwarded = buildForwardedAskPayload({
			child: payload,
			forwarding: { requesterAgentName: "scout", requesterSessionId: "c" },
		});
		await authorizer.authorize(askDetails({ payload: forwarded, forwarded: true }));
		expect(offered).toEqual([["once"], ["once"]]);
	});
});
