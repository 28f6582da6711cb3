/**
 * Owns: the cross-cutting `path` gate over the paths a tool input names (built-in `path`, MCP `arguments.path`,
 * extractors): it fires only when a rule written for `path` matched, never on the universal default alone; and the
 * floor for a path a bash command computes at run time, which no rule can be matched against.
 * Never: looks at bash tokens (the bash path gate does) or decides containment.
 */
import { type AccessPath, displayPath, resolvedAlias } from "@pi-permissions/access-intent";
import { type CompiledPolicy, PATH_SURFACE, type Ruleset } from "@pi-permissions/policy";
import { BASH_SENTINELS, buildPathAskPayload } from "@pi-permissions/presentation";
import { flooredFacts } from "./access-facts";
import { askableRuleOutcome, type GateContext, isExplicitOn } from "./gate-context";
import { type GateName, type GateOutcome, mostRestrictiveOutcome } from "./gate-outcome";

/** One path judged on the `path` surface, or `null` when no explicit path rule matched it. */
function pathOutcome(
	context: GateContext,
	gate: GateName,
	path: AccessPath,
	command: string | null,
): GateOutcome | null {
	const match = context.policy.evaluateAliases(PATH_SURFACE, path.matchValues);
	const explicit = isExplicitOn(match, PATH_SURFACE);
	// SECURITY: `cat $f` could be `cat .env`: a computed path that no deny or ask written for `path` matched by its
	// spelling asks while any `path` rule denies or asks (docs/architecture.md, "what cannot be resolved never lets a
	// path rule pass silently"), also when only the universal default matched it (`"*": "ask"` with `"cat *": "allow"`).
	if ((match.state === "allow" || !explicit) && isUnresolved(path) && pathRulesRestrict(context.policy))
		return unresolvedPathFloor(context, gate, path, command);
	if (!explicit) return null;
	const value = displayPath(path);
	return askableRuleOutcome(context, gate, PATH_SURFACE, value, match, (base) =>
		buildPathAskPayload({
			...base,
			toolName: context.kind.kind === "bash" ? "bash" : context.call.toolName,
			invokedToolName: context.kind.kind === "bash" && context.kind.alias ? context.call.toolName : null,
			path: value,
			canonical: resolvedAlias(path, context.flavor),
			command,
		}),
	);
}

function isUnresolved(path: AccessPath): boolean {
	return path.kind === "literal" && path.reason === "unresolved-word";
}

/** Per composed ruleset: whether any rule written for `path` denies or asks (session rules only ever allow). */
const restrictiveRulesets = new WeakMap<Ruleset, boolean>();

function pathRulesRestrict(policy: CompiledPolicy): boolean {
	const rules = policy.composedRules;
	let restricts = restrictiveRulesets.get(rules);
	if (restricts === undefined) {
		restricts = rules.some((rule) => rule.surface === PATH_SURFACE && rule.action !== "allow");
		restrictiveRulesets.set(rules, restricts);
	}
	return restricts;
}

/** An ask for a computed path: "allow once" only (no pattern could name what it will be next time). */
function unresolvedPathFloor(
	context: GateContext,
	gate: GateName,
	path: AccessPath,
	command: string | null,
): GateOutcome {
	const value = displayPath(path);
	const matchedPattern = BASH_SENTINELS.unresolvedPath;
	return {
		gate,
		surface: PATH_SURFACE,
		value,
		state: "ask",
		matchedPattern,
		origin: null,
		basis: "floor",
		reason: null,
		payload: buildPathAskPayload({
			requester: context.requester,
			matchedPattern,
			ruleOrigin: null,
			sessionSuggestion: null,
			toolName: context.kind.kind === "bash" ? "bash" : context.call.toolName,
			invokedToolName: context.kind.kind === "bash" && context.kind.alias ? context.call.toolName : null,
			path: value,
			canonical: null,
			command,
		}),
		suggestion: null,
		// SECURITY: a computed path is floored; a serving rule must not settle what no pattern can name.
		access: flooredFacts(PATH_SURFACE, value),
	};
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
