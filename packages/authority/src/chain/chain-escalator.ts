/**
 * Owns: escalating one ask on this node: resolve `authorizerChain` names to registered links (config order, unregistered
 * names skipped and logged), run them ahead of the selected terminal, and log which links were consulted.
 * Never: runs a link on a relaying node (one chain per node) or for an ask only a person may answer (a protected
 * target: the ask's `answerableBy`), and never lets a throw escape as anything but a deny.
 */
import { originPayload } from "@pi-permissions/presentation";
import type { AuthorityLog } from "../authority-log";
import type { Clock } from "../clock";
import type { SelectedAuthority } from "./authority-selection";
import type { AskDetails, PolicyLookup, TerminalDecision } from "./authorizer";
import { gateErrorDecision } from "./authorizer";
import { composeAuthorizerChain, type NamedAuthorizer } from "./authorizer-chain";
import type { AuthorizerLookup } from "./authorizer-registry";

interface ChainEscalatorDeps {
	readonly selected: SelectedAuthority;
	readonly registry: AuthorizerLookup;
	/** The operator's `authorizerChain`, read per ask so the policy in force applies (ADR 0042). Must not throw. */
	readonly chainConfig: () => readonly string[];
	readonly query: PolicyLookup;
	readonly log: AuthorityLog;
	readonly clock: Clock;
	readonly linkBudgetMs: number;
}

export class ChainEscalator {
	constructor(private readonly deps: ChainEscalatorDeps) {}

	/** Resolves the ask through this node's chain and terminal. Never rejects. */
	async escalate(details: AskDetails): Promise<TerminalDecision> {
		const { selected, log } = this.deps;
		try {
			if (!selected.adjudicatesLocally) {
				log.event("authorizer_chain_delegated", { requestId: details.requestId, terminal: selected.kind });
				return await selected.terminal.authorize(details);
			}
			// SECURITY: a protected target (the permission config, a git hook, …) is the human's alone; a model judge or
			// any other link must not approve the agent rewriting its own permissions. Read where the ask was raised.
			const humanOnly = originPayload(details.payload).answerableBy === "person";
			const links = humanOnly ? [] : this.resolveLinks(details.requestId);
			log.event("authorizer_chain_resolved", {
				requestId: details.requestId,
				links: links.map((link) => link.name),
				terminal: selected.kind,
			});
			const chain = composeAuthorizerChain(links, selected.terminal, this.deps);
			return await chain.authorize(details);
		} catch (error) {
			return gateErrorDecision(`escalating the ask failed: ${error instanceof Error ? error.message : String(error)}`);
		}
	}

	private resolveLinks(requestId: string): NamedAuthorizer[] {
		const links: NamedAuthorizer[] = [];
		const seen = new Set<string>();
		for (const name of this.deps.chainConfig()) {
			if (seen.has(name)) continue;
			seen.add(name);
			const link = this.deps.registry.get(name);
			if (link === undefined) {
				// Fail-safe: a missing link means more prompting, never less.
				this.deps.log.event("authorizer_chain_unregistered_link", { requestId, name });
				continue;
			}
			links.push({ name, link });
		}
		return links;
	}
}
