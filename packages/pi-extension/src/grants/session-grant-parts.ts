/**
 * Owns: a session's persisted-grant wiring: its two grant files, the grant view (list, forget, attribution), the
 * persister behind an "always" answer (only with a UI and a grant edge) and the "always" offer of each ask.
 * Never: decides or writes by itself; the session hands these parts to its authority and runner.
 */
import type { AskDetails, ForwardedRequest } from "@pi-permissions/authority";
import { configLocations, type GateOutcome } from "@pi-permissions/engine";
import { pathFlavorFor, type ScopeOutcome } from "@pi-permissions/policy";
import type { PermissionSessionDeps, SessionFacts } from "../session/session-facts";
import { type AlwaysOffer, alwaysOffer } from "./always-offer";
import { GrantPersister } from "./grant-persister";
import { PersistedGrantAccess } from "./persisted-grant-access";
import { shownFile } from "./shown-file";

interface SessionGrantParts {
	readonly persisted: PersistedGrantAccess | null;
	readonly always: (details: AskDetails) => AlwaysOffer;
	readonly persistGrant?: (
		outcome: GateOutcome,
		scope: "project" | "global",
	) => Promise<{ readonly kind: "written" | "not-written" }>;
	readonly persistServingGrant?: (request: ForwardedRequest, scope: "project" | "global") => Promise<void>;
}

interface SessionGrantHooks {
	/** The session's current scope outcomes. Must not throw. */
	readonly scopes: () => readonly ScopeOutcome[];
	/** Reloads the session's config after a write. May reject. */
	readonly reload: () => Promise<void>;
}

/** Builds the parts; does no I/O (the session lists the persisted grants once before its first decision). */
export function sessionGrantParts(
	deps: PermissionSessionDeps,
	facts: SessionFacts,
	hooks: SessionGrantHooks,
): SessionGrantParts {
	const { host, agentDir, edges } = deps;
	const flavor = pathFlavorFor(host.flavor);
	const files = (): { project: string; global: string } => {
		const at = configLocations({ cwd: facts.cwd, agentDir, agentName: null, flavor: host.flavor });
		return { project: at.project as string, global: at.global as string };
	};
	const persisted = edges.grantFs === undefined ? null : new PersistedGrantAccess(edges.grantFs, files);
	// SECURITY: without a UI nobody can answer "always", so print and JSON modes never write a grant.
	const persister =
		edges.grantFs === undefined || !facts.hasUI
			? null
			: new GrantPersister({
					fs: edges.grantFs,
					files,
					scopes: hooks.scopes,
					env: { home: host.home, flavor, now: edges.now },
					now: edges.now,
					notify: (text, level) => facts.ui.notify(text, level),
					reload: hooks.reload,
				});
	const always = (details: AskDetails): AlwaysOffer =>
		alwaysOffer(details, {
			writable: persister !== null,
			projectTrusted: facts.isProjectTrusted(),
			projectFile: shownFile(files().project, facts.cwd, host.home),
			globalFile: shownFile(files().global, facts.cwd, host.home),
			flavor,
		});
	if (persister === null) return { persisted, always };
	return {
		persisted,
		always,
		persistGrant: (outcome, scope) => persister.persist(outcome, scope),
		persistServingGrant: async (request, scope) => {
			await persister.persistForwarded(request, scope);
		},
	};
}
