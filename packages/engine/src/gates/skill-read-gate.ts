/**
 * Owns: the skill-read gate: a read-only file tool reaching into the directory of a skill the policy denies, or asks
 * about by a rule written for `skill`, is judged on the `skill` surface (denied, or asked with an exact-name session
 * suggestion), so a skill's instructions cannot be read around the `/skill:` gate.
 * Never: gates writes (the path gates do), skills the policy allows, or an ask that only the universal default raised
 * (reading Pi's own skills must not prompt under `"*": "ask"`; the infrastructure read allows them).
 */
import { displayPath } from "@pi-permissions/access-intent";
import { SKILL_SURFACE, suggestSessionApproval } from "@pi-permissions/policy";
import { buildSkillReadAskPayload } from "@pi-permissions/presentation";
import { canonicalOf, type GateContext, isExplicitOn, isWithinDirectory, ruleOutcome } from "./gate-context";
import type { GateOutcome } from "./gate-outcome";

/** A skill Pi has loaded: its name and the directory holding its files. */
export interface ActiveSkill {
	readonly name: string;
	/** Absolute directory of the skill (its `SKILL.md` and resources). */
	readonly directory: string;
}

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
			// ADR 0036 (seed 000, "Skill-read gate"): a skill at `ask` is asked about when read, as when invoked.
			if (match.state === "allow" || (match.state === "ask" && !isExplicitOn(match, SKILL_SURFACE))) continue;
			const suggestion = match.state === "ask" ? suggestSessionApproval(SKILL_SURFACE, skill.name, { flavor }) : null;
			const payload = buildSkillReadAskPayload({
				requester: context.requester,
				matchedPattern: match.matchedPattern,
				ruleOrigin: match.origin,
				sessionSuggestion: suggestion?.patterns.join(", ") ?? null,
				toolName: kind.toolName,
				skillName: skill.name,
				path: displayPath(path),
			});
			return ruleOutcome("skill-read", SKILL_SURFACE, skill.name, match, { payload, suggestion });
		}
	}
	return null;
}
