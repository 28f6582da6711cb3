/**
 * Owns: the bash write gate: every path the one parse says a unit writes, deletes, creates or changes the mode of is
 * judged on the `write` surface, the same rule the `write` tool meets for that path (the universal default included,
 * so a policy whose `write` asks now asks for `echo x > f` too); the most restrictive wins, a deny stops the scan.
 * Never: re-parses or lists writes itself (access-intent does); protection is the protected-target gate's.
 */
import { displayPath, resolvedAlias, type WriteTarget } from "@pi-permissions/access-intent";
import { restrictiveness, suggestSessionApproval } from "@pi-permissions/policy";
import { buildWriteAskPayload } from "@pi-permissions/presentation";
import { type GateContext, ruleOutcome } from "./gate-context";
import type { GateOutcome } from "./gate-outcome";

export const WRITE_SURFACE = "write";

export function bashWriteGate(context: GateContext): GateOutcome | null {
	const bash = context.bash;
	if (bash === null || bash.program.writeTargets.length === 0) return null;
	let worst: {
		readonly target: WriteTarget;
		readonly match: ReturnType<typeof context.policy.evaluateAliases>;
	} | null = null;
	for (const target of bash.program.writeTargets) {
		const match = context.policy.evaluateAliases(WRITE_SURFACE, target.path.matchValues);
		if (worst === null || restrictiveness(match.state) > restrictiveness(worst.match.state)) worst = { target, match };
		if (match.state === "deny") break;
	}
	// An allowed write adds nothing to the call's record: the per-tool gate still reports the call's own allow.
	if (worst === null || worst.match.state === "allow") return null;
	const { target, match } = worst;
	const value = displayPath(target.path);
	const suggestion =
		match.state === "ask" && target.path.kind === "resolved"
			? suggestSessionApproval(WRITE_SURFACE, value, { flavor: context.flavor })
			: null;
	const payload = buildWriteAskPayload({
		requester: context.requester,
		matchedPattern: match.matchedPattern,
		ruleOrigin: match.origin,
		sessionSuggestion: suggestion?.patterns.join(", ") ?? null,
		surface: WRITE_SURFACE,
		toolName: "bash",
		invokedToolName: context.kind.kind === "bash" && context.kind.alias ? context.call.toolName : null,
		path: value,
		canonical: resolvedAlias(target.path, context.flavor),
		via: describeWrite(target),
		command: bash.command,
		protectedBecause: null,
	});
	return ruleOutcome("bash-write", WRITE_SURFACE, value, match, {
		payload,
		suggestion,
		normalizer: context.normalizer,
	});
}

/** `> (write)`, `rm (delete, with everything below)`: how the command changes the file, for the prompt. */
export function describeWrite(target: WriteTarget): string {
	const below = target.tree ? ", with everything below it" : "";
	return `${target.via} (${target.effect}${below})`;
}
