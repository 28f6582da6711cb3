/**
 * Owns: reading a `/skill:<name> …` input the way Pi expands it: the name runs from after `/skill:` to the first
 * space, and whatever follows (trimmed) is the arguments.
 * Never: trims or normalizes the name differently from Pi (the gated name must be the name Pi would expand).
 */
import type { SkillInvocation } from "@pi-permissions/engine";

const PREFIX = "/skill:";

/** The invocation the input spells, or `null` when it is not a skill command. */
export function skillCommand(text: string): SkillInvocation | null {
	// SECURITY: the same split as Pi's expansion, so no spelling reaches a skill under a name the gate did not see.
	if (!text.startsWith(PREFIX)) return null;
	const space = text.indexOf(" ");
	const skillName = space === -1 ? text.slice(PREFIX.length) : text.slice(PREFIX.length, space);
	const rest = space === -1 ? "" : text.slice(space + 1).trim();
	return { skillName, arguments: rest === "" ? null : rest, agentName: null };
}
