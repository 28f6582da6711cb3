import {
	buildForwardedAskPayload,
	type LocalPromptPayload,
	PROTECTED_EVIDENCE_LABEL,
	PROTECTED_TARGET_SENTINEL,
} from "@pi-permissions/presentation";
import { describe, expect, it } from "vitest";
import type { SelectedAuthority } from "../../src/chain/authority-selection";
import type { AskDetails, PolicyLookup, TerminalAuthorizer, TerminalDecision } from "../../src/chain/authorizer";
import { decisionState } from "../../src/chain/authorizer";
import { AuthorizerRegistry } from "../../src/chain/authorizer-registry";
import { ChainEscalator } from "../../src/chain/chain-escalator";
import { systemClock } from "../../src/clock";
import { askDetails, localPayload } from "../support/ask-details";
import { MemoryLog } from "../support/memory-log";
import { CHAIN_CASES } from "./authz.cases";

const query: PolicyLookup = {
	checkPermission: () => ({ state: "ask", matchedPattern: null, origin: null }),
	resolveForwarded: () => ({ state: "ask", matchedPattern: null, origin: null }),
};

class RecordingTerminal implements TerminalAuthorizer {
	readonly asked: AskDetails[] = [];
	async authorize(details: AskDetails): Promise<TerminalDecision> {
		this.asked.push(details);
		return { verdict: "deny", reason: null, unavailable: true, decidedBy: { kind: "unavailable", reason: "headless" } };
	}
}

function setup(selected: Partial<SelectedAuthority> = {}) {
	const terminal = new RecordingTerminal();
	const registry = new AuthorizerRegistry();
	const log = new MemoryLog();
	const consulted: string[] = [];
	const authority: SelectedAuthority = {
		kind: "denying",
		terminal,
		adjudicatesLocally: true,
		reason: "test",
		...selected,
	};
	return { terminal, registry, log, consulted, authority };
}

describe("ChainEscalator", () => {
	it.each(CHAIN_CASES)("$id resolves the chain $chainConfig", async (row) => {
		const { terminal, registry, log, consulted, authority } = setup();
		for (const [name, verdict] of Object.entries(row.registered)) {
			registry.register(name, {
				authorize: async () => {
					consulted.push(name);
					return verdict;
				},
			});
		}
		const escalator = new ChainEscalator({
			selected: authority,
			registry,
			chainConfig: () => row.chainConfig,
			query,
			log,
			clock: systemClock,
			linkBudgetMs: 10_000,
		});
		const decision = await escalator.escalate(askDetails());
		expect(consulted).toEqual(row.consulted);
		expect(log.named("authorizer_chain_unregistered_link").map((fields) => fields.name)).toEqual(
			row.unregisteredLogged ?? [],
		);
		if (row.expected.kind === "terminal") {
			expect(terminal.asked).toHaveLength(1);
			expect(decision.decidedBy.kind).toBe("unavailable");
			return;
		}
		expect(terminal.asked).toHaveLength(0);
		expect(decision.decidedBy).toMatchObject({ kind: "authorizer", name: row.expected.decidedBy });
		expect(decisionState(decision)).toBe(row.expected.state);
		if (decision.verdict === "deny") expect(decision.reason).toBe(row.expected.reason ?? null);
	});

	it("logs the names it consulted as authorizer_chain_resolved", async () => {
		const { registry, log, authority } = setup();
		registry.register("judge", { authorize: async () => ({ verdict: "defer" }) });
		const escalator = new ChainEscalator({
			selected: authority,
			registry,
			chainConfig: () => ["judge", "missing"],
			query,
			log,
			clock: systemClock,
			linkBudgetMs: 10_000,
		});
		await escalator.escalate(askDetails());
		expect(log.named("authorizer_chain_resolved")).toEqual([
			{ requestId: "req-1", links: ["judge"], terminal: "denying" },
		]);
	});

	it("runs no link on a relaying node and records the delegation", async () => {
		const { terminal, registry, log, consulted, authority } = setup({ kind: "parent", adjudicatesLocally: false });
		registry.register("judge", {
			authorize: async () => {
				consulted.push("judge");
				return { verdict: "allow" };
			},
		});
		const escalator = new ChainEscalator({
			selected: authority,
			registry,
			chainConfig: () => ["judge", "missing"],
			query,
			log,
			clock: systemClock,
			linkBudgetMs: 10_000,
		});
		await escalator.escalate(askDetails());
		expect(consulted).toEqual([]);
		expect(terminal.asked).toHaveLength(1);
		expect(log.named("authorizer_chain_delegated")).toHaveLength(1);
		expect(log.named("authorizer_chain_unregistered_link")).toEqual([]);
	});

	it("turns a terminal that throws into a gate_error deny", async () => {
		const { registry, log } = setup();
		const throwing: TerminalAuthorizer = {
			authorize: () => {
				throw new Error("boom");
			},
		};
		const escalator = new ChainEscalator({
			selected: { kind: "local-user", terminal: throwing, adjudicatesLocally: true, reason: "test" },
			registry,
			chainConfig: () => [],
			query,
			log,
			clock: systemClock,
			linkBudgetMs: 10_000,
		});
		const decision = await escalator.escalate(askDetails());
		expect(decision).toMatchObject({ verdict: "deny", decidedBy: { kind: "gate_error" } });
	});
});

describe("ChainEscalator on a protected target", () => {
	const protectedPayload = (): LocalPromptPayload => {
		const payload = localPayload({ surface: "write", value: "/p/.pi/extensions/pi-permissions/config.json" });
		return {
			...payload,
			request: { ...payload.request, matchedPattern: PROTECTED_TARGET_SENTINEL, ruleOrigin: null },
			evidence: [{ label: PROTECTED_EVIDENCE_LABEL, text: "writes the permission config", detail: null }],
			answerableBy: "person",
		};
	};

	function judged() {
		const { terminal, registry, log, consulted, authority } = setup();
		registry.register("judge", {
			authorize: async () => {
				consulted.push("judge");
				return { verdict: "allow" };
			},
		});
		const escalator = new ChainEscalator({
			selected: authority,
			registry,
			chainConfig: () => ["judge"],
			query,
			log,
			clock: systemClock,
			linkBudgetMs: 10_000,
		});
		return { escalator, terminal, consulted };
	}

	it("reads who may answer from the ask's typed field, not from its displayed pattern", async () => {
		const personOnly = judged();
		const plain = localPayload({ surface: "write", value: "/p/notes.md" });
		await personOnly.escalator.escalate(askDetails({ payload: { ...plain, answerableBy: "person" }, access: null }));
		expect(personOnly.consulted).toEqual([]);
		expect(personOnly.terminal.asked).toHaveLength(1);
		const shownOnly = judged();
		const placeholder = { ...protectedPayload(), answerableBy: "any-authorizer" as const };
		await shownOnly.escalator.escalate(askDetails({ payload: placeholder, access: null }));
		expect(shownOnly.consulted).toEqual(["judge"]);
	});

	it.each([
		["a local ask", false],
		["an ask forwarded from a subagent", true],
	])("never consults an authorizer link for %s: only the terminal answers", async (_name, forwarded) => {
		const { terminal, registry, log, consulted, authority } = setup();
		registry.register("judge", {
			authorize: async () => {
				consulted.push("judge");
				return { verdict: "allow" };
			},
		});
		const escalator = new ChainEscalator({
			selected: authority,
			registry,
			chainConfig: () => ["judge"],
			query,
			log,
			clock: systemClock,
			linkBudgetMs: 10_000,
		});
		const child = protectedPayload();
		const payload = forwarded
			? buildForwardedAskPayload({ child, forwarding: { requesterAgentName: "scout", requesterSessionId: "c" } })
			: child;
		const decision = await escalator.escalate(askDetails({ payload, access: null, forwarded }));
		expect(consulted).toEqual([]);
		expect(terminal.asked).toHaveLength(1);
		expect(decision.verdict).toBe("deny");
	});
});
