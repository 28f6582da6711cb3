/**
 * Owns: `GateContext`, the facts one tool call's gates share (classified tool, input paths, the one bash parse, the
 * policy with session rules), and the helpers that turn a rule match into an outcome.
 * Never: evaluates a gate itself or parses; the pipeline builds the context once per call.
 */
import type { AccessPath, PathNormalizer, ToolKind } from "@pi-permissions/access-intent";
import {
	type CompiledPolicy,
	type PathFlavor,
	type RuleMatch,
	type SessionSuggestion,
	suggestSessionApproval,
} from "@pi-permissions/policy";
import type { AskBase, LocalPromptPayload, PromptRequester } from "@pi-permissions/presentation";
import type { ShellParse } from "../pipeline/shell-workdir";
import type { ToolCall } from "../pipeline/tool-call";
import { type ForwardedAccessFacts, ruleFacts } from "./access-facts";
import type { GateName, GateOutcome } from "./gate-outcome";

/** The bash command of a call and its one parse (run from the alias's working directory when it names one). */
export interface BashCall {
	readonly command: string;
	readonly program: ShellParse;
}

export interface GateContext {
	readonly call: ToolCall;
	readonly kind: ToolKind;
	/** The composed policy with this session's rules after it. */
	readonly policy: CompiledPolicy;
	/** A per-call view of the session normalizer (probe answers cached for this call only). */
	readonly normalizer: PathNormalizer;
	readonly flavor: PathFlavor;
	readonly requester: PromptRequester;
	/** The paths the tool input names (built-in `path`, MCP `arguments.path`, extractors, an alias's workdir). */
	readonly inputPaths: readonly AccessPath[];
	/** Set for bash and shell aliases. */
	readonly bash: BashCall | null;
}

interface OutcomeExtras {
	readonly payload?: LocalPromptPayload | null;
	readonly suggestion?: SessionSuggestion | null;
	/** The call's normalizer; needed for an ask on a path surface, whose facts carry the path's aliases. */
	readonly normalizer?: PathNormalizer;
	/** The ask's facts when the gate built them itself (a bash unit); otherwise read from `surface` and `value`. */
	readonly access?: ForwardedAccessFacts | null;
}

/** An outcome decided by a rule (or the built-in default) on `surface`. */
export function ruleOutcome(
	gate: GateName,
	surface: string,
	value: string,
	match: RuleMatch,
	extras: OutcomeExtras = {},
): GateOutcome {
	return {
		gate,
		surface,
		value,
		state: match.state,
		matchedPattern: match.matchedPattern,
		origin: match.origin,
		basis: "rule",
		reason: match.reason,
		payload: match.state === "allow" ? null : (extras.payload ?? null),
		suggestion: match.state === "ask" ? (extras.suggestion ?? null) : null,
		access: match.state === "ask" ? askFacts(surface, value, extras) : null,
	};
}

function askFacts(surface: string, value: string, extras: OutcomeExtras): ForwardedAccessFacts | null {
	return extras.access !== undefined ? extras.access : ruleFacts(surface, value, extras.normalizer ?? null);
}

/** What a "for this session" answer to an ask on `surface` for `value` would grant. */
type SuggestApproval = (surface: string, value: string, flavor: PathFlavor) => SessionSuggestion | null;

const SUGGEST_SESSION_APPROVAL: SuggestApproval = (surface, value, flavor) =>
	suggestSessionApproval(surface, value, { flavor });

/**
 * `ruleOutcome` for a rule match that may ask: the session suggestion (asks only) and the payload `build` makes
 * from the ask's base facts (the requester, the rule and the suggestion; never built for an allow).
 */
export function askableRuleOutcome(
	context: GateContext,
	gate: GateName,
	surface: string,
	value: string,
	match: RuleMatch,
	build: (base: AskBase) => LocalPromptPayload,
	suggest: SuggestApproval = SUGGEST_SESSION_APPROVAL,
): GateOutcome {
	const suggestion = match.state === "ask" ? suggest(surface, value, context.flavor) : null;
	const payload =
		match.state === "allow"
			? null
			: build({
					requester: context.requester,
					matchedPattern: match.matchedPattern,
					ruleOrigin: match.origin,
					sessionSuggestion: suggestion?.patterns.join(", ") ?? null,
				});
	return ruleOutcome(gate, surface, value, match, { payload, suggestion, normalizer: context.normalizer });
}

/** True when the match came from a rule written for `surface` itself (not the universal default or the fallback). */
export function isExplicitOn(match: RuleMatch, surface: string): boolean {
	return match.rule !== null && match.rule.surface === surface;
}

/** True when `child` is `parent` or lies below it (both absolute, compared in the flavor's folded form). */
export function isWithinDirectory(child: string, parent: string, flavor: PathFlavor): boolean {
	const c = flavor.fold(child);
	let p = flavor.fold(parent);
	while (p.length > 1 && p.endsWith("/")) p = p.slice(0, -1);
	if (c === p) return true;
	// SECURITY: a sibling with a common prefix (`/a/skills-evil` vs `/a/skills`) is not inside.
	return c.startsWith(p.endsWith("/") ? p : `${p}/`);
}

/** The canonical form of a path whose location is known, else `null`. */
export function canonicalOf(path: AccessPath): string | null {
	return path.kind === "resolved" ? path.canonical : null;
}
