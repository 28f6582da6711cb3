/**
 * Owns: building one session's `SessionAuthority`: its terminal (the dialog or fallback prompt with the session's
 * settings), the policy view links and serving consult, the chain, serving-session grants, and the real edges.
 * Never: starts serving (the session does, at `session_start`) or decides anything itself.
 */
import { type AskDetails, type ForwardedRequest, SessionAuthority } from "@pi-permissions/authority";
import type { PermissionQuery } from "@pi-permissions/engine";
import { type EffectiveSettings, pathFlavorFor, type SessionRuleStore } from "@pi-permissions/policy";
import { authorityPermissionQuery } from "../authority/authority-permission-query";
import { recordServingSessionGrant } from "../authority/serving-session-grant";
import type { AlwaysOffer } from "../grants/always-offer";
import type { SessionLogs } from "../logs/session-logs";
import type { SessionExtensions } from "../service/session-extensions";
import { userPromptFor } from "../ui/user-prompt-for";
import type { PermissionSessionDeps, SessionFacts } from "./session-facts";

export interface SessionAuthorityParts {
	readonly query: PermissionQuery;
	readonly store: SessionRuleStore;
	readonly extensions: SessionExtensions;
	readonly logs: SessionLogs;
	/** The settings read when the session opened (a reload keeps them). */
	readonly settings: EffectiveSettings;
	/** The active agent when the session opened. */
	readonly agentName: string | null;
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
	const { settings, store } = parts;
	const flavor = pathFlavorFor(host.flavor);
	return SessionAuthority.create({
		session: { ...facts, agentName: parts.agentName },
		agentDir,
		env: host.env,
		userPrompt: userPromptFor({
			mode: facts.mode,
			ui: facts.ui,
			settings: () => ({
				promptMaxRows: settings.promptMaxRows,
				promptFieldMaxWidth: settings.promptFieldMaxWidth,
				doublePressToConfirm: settings.doublePressToConfirm,
				timeoutMs: settings.forwardingTimeoutMs,
			}),
			announce: deps.uiPrompts,
			...(parts.always === undefined ? {} : { always: parts.always }),
		}),
		query: authorityPermissionQuery(parts.query),
		authorizers: parts.extensions.authorizers,
		chainConfig: () => settings.authorizerChain,
		recordServingSessionGrant: (request) => {
			recordServingSessionGrant(store, request, flavor);
		},
		...(parts.persistServingGrant === undefined ? {} : { persistServingGrant: parts.persistServingGrant }),
		io: {
			fs: edges.forwardingFs,
			clock: edges.clock,
			ids: edges.ids,
			pid: host.pid,
			isPidAlive: edges.isPidAlive,
			globalHost: edges.globalHost,
		},
		log: deps.authorityLog ?? parts.logs.authority,
		timing: { forwardingTimeoutMs: settings.forwardingTimeoutMs },
	});
}
