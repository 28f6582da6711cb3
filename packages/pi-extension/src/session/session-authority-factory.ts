/**
 * Owns: building one session's `SessionAuthority`: its terminal (the dialog or fallback prompt with the session's
 * settings), the policy view links and serving consult, the chain, serving-session grants, and the real edges.
 * Never: starts serving (the session does, at `session_start`) or decides anything itself.
 */
import { type AskDetails, type ForwardedRequest, SessionAuthority } from "@pi-permissions/authority";
import type { PermissionQuery } from "@pi-permissions/engine";
import {
	type EffectiveSettings,
	type PermissionMode,
	pathFlavorFor,
	type SessionRuleStore,
} from "@pi-permissions/policy";
import { authorityPermissionQuery, type PolicyPreparer } from "../authority/authority-permission-query";
import { forwardedDecisionFact } from "../authority/forwarded-decision-fact";
import { forwardedYolo, type ServingPolicyFor } from "../authority/forwarded-yolo";
import { recordServingSessionGrant } from "../authority/serving-session-grant";
import type { AlwaysOffer } from "../grants/always-offer";
import type { SessionLogs } from "../logs/session-logs";
import type { SessionExtensions } from "../service/session-extensions";
import { userPromptFor } from "../ui/user-prompt-for";
import type { PermissionSessionDeps, SessionFacts } from "./session-facts";

interface SessionAuthorityParts {
	readonly query: PermissionQuery;
	readonly store: SessionRuleStore;
	readonly extensions: SessionExtensions;
	readonly logs: SessionLogs;
	/** The settings of the policy in force, read at each ask (ADR 0042: the dialog and the chain follow a reload). */
	readonly settings: () => EffectiveSettings;
	/** The mode in force, read at each ask: only `auto` puts asks to the authorizer links (ADR 0054). */
	readonly mode: () => PermissionMode;
	/** `forwardingTimeoutMs` as read at open: the serving loop and the dialog share it until the session is rebuilt. */
	readonly forwardingTimeoutMs: number;
	/** The active agent when the session opened. */
	readonly agentName: string | null;
	/** Loads a requester agent's policy before its forwarded ask is decided. */
	readonly preparePolicy?: PolicyPreparer;
	/** The composed policy of a requester agent (this session's yolo included); throws while it loads. */
	readonly policyFor?: ServingPolicyFor;
	/** The "always" choices an ask offers (ADR 0032). */
	readonly always?: (details: AskDetails) => AlwaysOffer;
	/** Writes a forwarded ask's "always" grant into this session's files. */
	readonly persistServingGrant?: (request: ForwardedRequest, scope: "project" | "global") => Promise<void>;
}

export function createSessionAuthority(
	deps: PermissionSessionDeps,
	facts: SessionFacts,
	parts: SessionAuthorityParts,
): SessionAuthority {
	const { host, agentDir, edges } = deps;
	const { settings, store, forwardingTimeoutMs } = parts;
	const flavor = pathFlavorFor(host.flavor);
	return SessionAuthority.create({
		session: { ...facts, agentName: parts.agentName },
		agentDir,
		env: host.env,
		userPrompt: userPromptFor({
			mode: facts.mode,
			ui: facts.ui,
			settings: () => {
				const now = settings();
				return {
					promptMaxRows: now.promptMaxRows,
					promptFieldMaxWidth: now.promptFieldMaxWidth,
					timeoutMs: forwardingTimeoutMs,
					// Only the TUI dialog reads this (`userPromptFor` gives RPC and print mode the fallback): no ping there.
					ping: {
						promptPingBell: now.promptPingBell,
						promptPingDesktop: now.promptPingDesktop,
						promptPingDelaySeconds: now.promptPingDelaySeconds,
					},
				};
			},
			clock: edges.clock,
			announce: deps.uiPrompts,
			...(parts.always === undefined ? {} : { always: parts.always }),
		}),
		query: authorityPermissionQuery(parts.query, parts.preparePolicy),
		authorizers: parts.extensions.authorizers,
		// ADR 0054: the links answer asks only in `auto`; in every other mode the person does (dont-ask and yolo settle
		// asks before they reach the authority, plan asks the person).
		chainConfig: () => (parts.mode() === "auto" ? settings().authorizerChain : []),
		recordServingSessionGrant: (request) => {
			recordServingSessionGrant(store, request, flavor);
		},
		// The bus only: the review log is the requester's record of its own call (it logs the parent's answer).
		onForwardedAnswered: (request, decision) => deps.sink.emit(forwardedDecisionFact(request, decision)),
		...(parts.policyFor === undefined ? {} : { forwardedYolo: forwardedYolo(parts.policyFor) }),
		...(parts.persistServingGrant === undefined ? {} : { persistServingGrant: parts.persistServingGrant }),
		io: {
			fs: edges.forwardingFs,
			clock: edges.clock,
			pid: host.pid,
			isPidAlive: edges.isPidAlive,
			globalHost: edges.globalHost,
			// ADR 0046: a serving session publishes its public key for the child processes its spawners start.
			...(host.setEnv === undefined ? {} : { setEnv: host.setEnv }),
		},
		log: deps.authorityLog ?? parts.logs.authority,
		timing: { forwardingTimeoutMs },
	});
}
