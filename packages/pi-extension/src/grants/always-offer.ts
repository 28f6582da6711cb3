/**
 * Owns: whether an ask offers "Always, in this project" and "Always, everywhere", their labels, and what each writes
 * (the exact rule and the file) for the dialog's confirmation step.
 * Never: offers either without a session suggestion (never-suggest families, floors: the engine gives those
 * none), offers the project one when Pi does not trust the project, or offers anything where nothing may be written.
 */
import type { AskDetails } from "@pi-permissions/authority";
import { type PathFlavor, suggestSessionApproval } from "@pi-permissions/policy";

/** One offered "always" grant: its choice label, the rule it adds (as written in the file) and the file. */
interface AlwaysGrant {
	readonly label: string;
	/** The rule, e.g. `"npm test *": "allow" in permission.bash`. */
	readonly rule: string;
	/** The file as shown to the person. */
	readonly file: string;
}

export interface AlwaysOffer {
	/** "Always, in this project", or `null` when it is not offered. */
	readonly project: AlwaysGrant | null;
	readonly global: AlwaysGrant | null;
}

export const NO_ALWAYS: AlwaysOffer = { project: null, global: null };

interface AlwaysOfferFacts {
	/** Whether this session can write grants at all (a UI, a grant file system). */
	readonly writable: boolean;
	readonly projectTrusted: boolean;
	/** The files as shown to the person, e.g. `.pi/extensions/pi-permissions/config.json`. */
	readonly projectFile: string;
	readonly globalFile: string;
	/** This session's path flavor: a forwarded ask's grant is computed here from the child's facts. */
	readonly flavor: PathFlavor;
}

export function alwaysOffer(details: AskDetails, facts: AlwaysOfferFacts): AlwaysOffer {
	const { access } = details;
	if (!facts.writable) return NO_ALWAYS;
	// SECURITY: a floor (unparseable text, an opaque payload, a dynamic name) raised the ask past the rules; no rule
	// written for it could be trusted to mean what the person saw. Only an ask the rules made carries plain facts
	// (a child never forwards a floor's facts, so a floored forwarded ask has none either).
	if (access === null || access.floored === true) return NO_ALWAYS;
	const sessionSuggestion =
		details.forwarding === null ? localSuggestion(details) : forwardedSuggestion(details, facts);
	if (sessionSuggestion === null) return NO_ALWAYS;
	// JSON quoting keeps the label one line and inert in a terminal, as the session label does.
	const pattern = JSON.stringify(sessionSuggestion);
	const rule = `${pattern}: "allow" in permission.${JSON.stringify(access.surface).slice(1, -1)}`;
	return {
		project: facts.projectTrusted
			? {
					label: `Always, in this project (${pattern} → ${facts.projectFile})`,
					rule,
					file: `${facts.projectFile} (this project)`,
				}
			: null,
		global: {
			label: `Always, everywhere (${pattern} → ${facts.globalFile})`,
			rule,
			file: `${facts.globalFile} (every project)`,
		},
	};
}

function localSuggestion(details: AskDetails): string | null {
	if (details.payload.kind === "forwarded") return null;
	const note = details.payload.annotations.find((annotation) => annotation.kind === "session-suggestion");
	return note?.kind === "session-suggestion" ? note.text : null;
}

/** The grant this session would write for a child's ask, from the child's fixed facts (as the writer computes it). */
function forwardedSuggestion(details: AskDetails, facts: AlwaysOfferFacts): string | null {
	const [asked] = details.access?.matchValues ?? [];
	if (details.access === null || asked === undefined) return null;
	const suggestion = suggestSessionApproval(details.access.surface, asked, { flavor: facts.flavor });
	return suggestion === null ? null : suggestion.patterns.join(", ");
}
