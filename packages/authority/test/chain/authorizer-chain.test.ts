import { describe, expect, it } from "vitest";
import type { Authorizer, PolicyLookup, TerminalAuthorizer } from "../../src/chain/authorizer";
import { composeAuthorizerChain } from "../../src/chain/authorizer-chain";
import { systemClock } from "../../src/clock";
import { askDetails } from "../support/ask-details";
import { ManualClock } from "../support/manual-clock";
import { MemoryLog } from "../support/memory-log";

const query: PolicyLookup = {
	checkPermission: () => ({ state: "ask", matchedPattern: null, origin: null }),
	resolveForwarded: () => ({ state: "ask", matchedPattern: null, origin: null }),
};
const terminal: TerminalAuthorizer = {
	authorize: async () => ({ verdict: "allow", scope: "once", decidedBy: { kind: "user", via: "dialog" } }),
};

function chainOf(links: Record<string, Authorizer>, clock = systemClock, log = new MemoryLog()) {
	const named = Object.entries(links).map(([name, link]) => ({ name, link }));
	return composeAuthorizerChain(named, terminal, { query, log, clock, linkBudgetMs: 100 });
}

describe("composeAuthorizerChain", () => {
	it("returns the terminal itself when there are no links", () => {
		expect(
			composeAuthorizerChain([], terminal, { query, log: new MemoryLog(), clock: systemClock, linkBudgetMs: 1 }),
		).toBe(terminal);
	});

	it("counts a link that throws as defer and logs why", async () => {
		const log = new MemoryLog();
		const chain = chainOf(
			{
				broken: {
					authorize: () => {
						throw new Error("model offline");
					},
				},
			},
			systemClock,
			log,
		);
		expect((await chain.authorize(askDetails())).decidedBy).toEqual({ kind: "user", via: "dialog" });
		expect(log.named("authorizer_link_failed")[0]).toMatchObject({ name: "broken", reason: "threw: model offline" });
	});

	it("counts a link that rejects or answers garbage as defer", async () => {
		const chain = chainOf({
			rejects: { authorize: () => Promise.reject(new Error("no")) },
			garbage: { authorize: async () => ({ verdict: "yes" }) as never },
		});
		expect((await chain.authorize(askDetails())).decidedBy.kind).toBe("user");
	});

	it("counts a link past its time budget as defer, and ignores its late verdict", async () => {
		const clock = new ManualClock();
		let release: (value: { verdict: "allow" }) => void = () => undefined;
		const chain = chainOf({ slow: { authorize: () => new Promise((resolve) => (release = resolve)) } }, clock);
		const pending = chain.authorize(askDetails());
		await expect.poll(() => clock.pendingSleeps()).toBe(1);
		clock.advance(100);
		const decision = await pending;
		release({ verdict: "allow" });
		expect(decision.decidedBy.kind).toBe("user");
	});

	it("applies the envelope inside the chain: a link's allow on path reaches the terminal", async () => {
		let terminalAsked = 0;
		const counting: TerminalAuthorizer = {
			authorize: async () => {
				terminalAsked += 1;
				return { verdict: "deny", reason: null, unavailable: false, decidedBy: { kind: "user", via: "select" } };
			},
		};
		const chain = composeAuthorizerChain(
			[{ name: "judge", link: { authorize: async () => ({ verdict: "allow" }) } }],
			counting,
			{
				query,
				log: new MemoryLog(),
				clock: systemClock,
				linkBudgetMs: 100,
			},
		);
		await chain.authorize(askDetails({ access: { surface: "path", matchValues: [".env"], boundaryValue: "/p/.env" } }));
		expect(terminalAsked).toBe(1);
	});

	it("credits only the link that decided, with its reason", async () => {
		const chain = chainOf({
			first: { authorize: async () => ({ verdict: "defer" }) },
			second: { authorize: async () => ({ verdict: "deny", reason: "typo: use /srv/app" }) },
		});
		expect(await chain.authorize(askDetails())).toEqual({
			verdict: "deny",
			reason: "typo: use /srv/app",
			unavailable: false,
			decidedBy: { kind: "authorizer", name: "second", verdict: "deny", reason: "typo: use /srv/app" },
		});
	});

	it("hands each link the query and the log", async () => {
		let seen: unknown[] = [];
		const chain = chainOf({
			judge: {
				authorize: async (_details, givenQuery, givenLog) => {
					seen = [givenQuery, givenLog];
					return { verdict: "allow" };
				},
			},
		});
		await chain.authorize(askDetails());
		expect(seen[0]).toBe(query);
	});
});
