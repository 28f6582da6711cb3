/**
 * Owns: whether an ask offers "Always, in this project" and "Always, everywhere", and their labels: the exact
 * pattern and the file each writes.
 * Never: offers either without a session suggestion (never-suggest families, floors: the engine gives those
 * none), offers the project one when Pi does not trust the project, or offers anything where nothing may be written.
 */
import type { AskDetails } from "@pi-permissions/authority";

export interface AlwaysOffer {
	/** The label of "Always, in this project", or `null` when it is not offered. */
	readonly project: string | null;
	readonly global: string | null;
}

export const NO_ALWAYS: AlwaysOffer = { project: null, global: null };

export interface AlwaysOfferFacts {
	/** Whether this session can write grants at all (a UI, a grant file system). */
	readonly writable: boolean;
	readonly projectTrusted: boolean;
	/** The files as shown to the person, e.g. `.pi/extensions/pi-permissions/config.json`. */
	readonly projectFile: string;
	readonly globalFile: string;
}

export function alwaysOffer(details: AskDetails, facts: AlwaysOfferFacts): AlwaysOffer {
	const { payload, access } = details;
	if (!facts.writable || payload.kind === "forwarded" || details.forwarding !== null) return NO_ALWAYS;
	// SECURITY: a floor (unparseable text, an opaque payload, a dynamic name) raised the ask past the rules; no rule
	// written for it could be trusted to mean what the person saw. Only an ask the rules made carries plain facts.
	if (access === null || access.floored === true) return NO_ALWAYS;
	const suggestion = payload.annotations.find((note) => note.kind === "session-suggestion");
	if (suggestion === undefined || suggestion.kind !== "session-suggestion") return NO_ALWAYS;
	const sessionSuggestion = suggestion.text;
	// JSON quoting keeps the label one line and inert in a terminal, as the session label does.
	const pattern = JSON.stringify(sessionSuggestion);
	return {
		project: facts.projectTrusted ? `Always, in this project (${pattern} → ${facts.projectFile})` : null,
		global: `Always, everywhere (${pattern} → ${facts.globalFile})`,
	};
}
