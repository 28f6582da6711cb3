/**
 * Owns: the cross-cutting `path` gate over the paths a tool input names (built-in `path`, MCP `arguments.path`,
 * extractors): it fires only when a rule written for `path` matched, never on the universal default alone.
 * Never: looks at bash tokens (the bash path gate does) or decides containment.
 */
import { type AccessPath, displayPath, resolvedAlias } from "@pi-permissions/access-intent";
import { suggestSessionApproval } from "@pi-permissions/policy";
import { buildPathAskPayload } from "@pi-permissions/presentation";
import { type GateContext, isExplicitOn, ruleOutcome } from "./gate-context";
import { type GateName, type GateOutcome, mostRestrictiveOutcome } from "./gate-outcome";

export const PATH_SURFACE = "path";

/** One path judged on the `path` surface, or `null` when no explicit path rule matched it. */
export function pathOutcome(
	context: GateContext,
	gate: GateName,
	path: AccessPath,
	command: string | null,
): GateOutcome | null {
	const match = context.policy.evaluateAliases(PATH_SURFACE, path.matchValues);
	if (!isExplicitOn(match, PATH_SURFACE)) return null;
	const value = displayPath(path);
	const suggestion =
		match.state === "ask" ? suggestSessionApproval(PATH_SURFACE, value, { flavor: context.flavor }) : null;
	const payload =
		match.state === "allow"
			? null
			: buildPathAskPayload({
					requester: context.requester,
					matchedPattern: match.matchedPattern,
					ruleOrigin: match.origin,
					sessionSuggestion: suggestion?.patterns.join(", ") ?? null,
					toolName: context.kind.kind === "bash" ? "bash" : context.call.toolName,
					invokedToolName: context.kind.kind === "bash" && context.kind.alias ? context.call.toolName : null,
					path: value,
					canonical: resolvedAlias(path, context.flavor),
					command,
				});
	return ruleOutcome(gate, PATH_SURFACE, value, match, { payload, suggestion });
}

/** The most restrictive explicit path decision over `paths`; a deny stops the scan. */
export function worstPathOutcome(
	context: GateContext,
	gate: GateName,
	paths: readonly AccessPath[],
	command: string | null,
): GateOutcome | null {
	const outcomes: GateOutcome[] = [];
	for (const path of paths) {
		const outcome = pathOutcome(context, gate, path, command);
		if (outcome === null) continue;
		outcomes.push(outcome);
		if (outcome.state === "deny") break;
	}
	return mostRestrictiveOutcome(outcomes);
}

export function toolPathGate(context: GateContext): GateOutcome | null {
	return worstPathOutcome(context, "path", context.inputPaths, null);
}
