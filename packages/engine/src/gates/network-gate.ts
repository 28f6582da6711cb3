/**
 * Owns: the `network` gate (ADR 0058): every destination of a bash command's parse (a URL, a remote's URL from the
 * repository config, a registry) and the `url` input of an MCP or extension tool, judged on the `network` surface, explicit `network` rules only (a policy with
 * no `network` rule decides nothing here); a destination the command computes asks while any `network` rule denies
 * or asks. The most restrictive wins, with the command's own decision from the other gates (a deny is never widened).
 * Never: re-parses the command or reads a file (the parse read the configuration), or falls back to the universal `*`.
 */
import { type NetworkDestination, toolInputDestinations } from "@pi-permissions/access-intent";
import { type CompiledPolicy, NETWORK_SURFACE, networkMatchValues, type Ruleset } from "@pi-permissions/policy";
import { BASH_SENTINELS, buildNetworkAskPayload } from "@pi-permissions/presentation";
import { flooredFacts } from "./access-facts";
import { askableRuleOutcome, type GateContext, isExplicitOn } from "./gate-context";
import { type GateOutcome, mostRestrictiveOutcome } from "./gate-outcome";

export function networkGate(context: GateContext): GateOutcome | null {
	const bash = context.bash;
	const destinations =
		bash === null ? toolInputDestinations(context.kind, context.call.input) : bash.program.networkDestinations;
	if (destinations.length === 0) return null;
	const rules = networkRules(context.policy);
	if (rules === "none") return null;
	const command = bash === null ? null : bash.command;
	const outcomes: GateOutcome[] = [];
	for (const destination of destinations) {
		const outcome =
			destination.kind === "host"
				? hostOutcome(context, destination, command)
				: rules === "restrict"
					? unresolvedFloor(context, destination, command)
					: null;
		if (outcome === null) continue;
		outcomes.push(outcome);
		if (outcome.state === "deny") break;
	}
	return mostRestrictiveOutcome(outcomes);
}

type HostDestination = Extract<NetworkDestination, { kind: "host" }>;

/** The decision value of a destination: `host:port`, or the host alone when the port is unknown. */
function destinationValue(host: string, port: number | null): string {
	return networkMatchValues(host, port).at(-1) as string;
}

/** The tool as the payload names it: `bash` for a shell call, the tool's own name otherwise. */
function toolOf(context: GateContext): { readonly toolName: string; readonly invokedToolName: string | null } {
	if (context.kind.kind !== "bash") return { toolName: context.call.toolName, invokedToolName: null };
	return { toolName: "bash", invokedToolName: context.kind.alias ? context.call.toolName : null };
}

function hostOutcome(context: GateContext, destination: HostDestination, command: string | null): GateOutcome | null {
	const match = context.policy.evaluateAliases(NETWORK_SURFACE, networkMatchValues(destination.host, destination.port));
	if (!isExplicitOn(match, NETWORK_SURFACE)) return null;
	const value = destinationValue(destination.host, destination.port);
	return askableRuleOutcome(context, "network", NETWORK_SURFACE, value, match, (base) =>
		buildNetworkAskPayload({
			...base,
			...toolOf(context),
			destination: value,
			unit: destination.unit,
			via: destination.via,
			unresolved: null,
			sends: destination.sends,
			command,
		}),
	);
}

type UnresolvedDestination = Extract<NetworkDestination, { kind: "unresolved" }>;

/** An ask for a destination no pattern can be matched against: "allow once" only. */
function unresolvedFloor(
	context: GateContext,
	destination: UnresolvedDestination,
	command: string | null,
): GateOutcome {
	const matchedPattern = BASH_SENTINELS.unresolvedDestination;
	const value = `${destination.program}: ${destination.reason}`;
	return {
		gate: "network",
		surface: NETWORK_SURFACE,
		value,
		state: "ask",
		matchedPattern,
		origin: null,
		basis: "floor",
		reason: null,
		payload: buildNetworkAskPayload({
			requester: context.requester,
			matchedPattern,
			ruleOrigin: null,
			sessionSuggestion: null,
			...toolOf(context),
			destination: value,
			unit: destination.unit,
			via: null,
			unresolved: destination.reason,
			sends: destination.sends,
			command,
		}),
		suggestion: null,
		// SECURITY: a computed destination is floored; a serving rule must not settle what no pattern can name.
		access: flooredFacts(NETWORK_SURFACE, value),
	};
}

/** Per composed ruleset: whether it has `network` rules, and whether any of them denies or asks. */
const rulesetKinds = new WeakMap<Ruleset, "none" | "allow-only" | "restrict">();

function networkRules(policy: CompiledPolicy): "none" | "allow-only" | "restrict" {
	const rules = policy.composedRules;
	let kind = rulesetKinds.get(rules);
	if (kind === undefined) {
		const network = rules.filter((rule) => rule.surface === NETWORK_SURFACE);
		kind = network.length === 0 ? "none" : network.some((rule) => rule.action !== "allow") ? "restrict" : "allow-only";
		rulesetKinds.set(rules, kind);
	}
	return kind;
}
