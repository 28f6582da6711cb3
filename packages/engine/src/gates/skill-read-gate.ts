/**
 * Owns: the skill-read gate: a read-only file tool reaching into the directory of a skill the policy denies is
 * denied on the `skill` surface, so a denied skill's instructions cannot be read around the `/skill:` gate.
 * Never: gates writes (the path gates do) or skills the policy does not deny.
 */
import { displayPath } from "@pi-permissions/access-intent";
import { buildSkillReadAskPayload } from "@pi-permissions/presentation";
import { canonicalOf, type GateContext, isWithinDirectory, ruleOutcome } from "./gate-context";
import type { GateOutcome } from "./gate-outcome";

/** A skill Pi has loaded: its name and the directory holding its files. */
export interface ActiveSkill {
	readonly name: string;
	/** Absolute directory of the skill (its `SKILL.md` and resources). */
	readonly directory: string;
}

export const SKILL_SURFACE = "skill";

export function skillReadGate(context: GateContext, skills: readonly ActiveSkill[]): GateOutcome | null {
	const { kind, inputPaths, normalizer, flavor, policy } = context;
	if (kind.kind !== "path-builtin" || kind.writes || skills.length === 0) return null;
	for (const path of inputPaths) {
		const canonical = canonicalOf(path);
		const lexical = path.kind === "resolved" ? path.lexical : null;
		for (const skill of skills) {
			const directory = normalizer.forPath(skill.directory);
			const skillCanonical = canonicalOf(directory) ?? skill.directory;
			const inside =
				(canonical !== null && isWithinDirectory(canonical, skillCanonical, flavor)) ||
				(lexical !== null && isWithinDirectory(lexical, displayPath(directory), flavor));
			if (!inside) continue;
			const match = policy.evaluate(SKILL_SURFACE, skill.name);
			if (match.state !== "deny") continue;
			const payload = buildSkillReadAskPayload({
				requester: context.requester,
				matchedPattern: match.matchedPattern,
				ruleOrigin: match.origin,
				sessionSuggestion: null,
				toolName: kind.toolName,
				skillName: skill.name,
				path: displayPath(path),
			});
			return ruleOutcome("skill-read", SKILL_SURFACE, skill.name, match, { payload });
		}
	}
	return null;
}
