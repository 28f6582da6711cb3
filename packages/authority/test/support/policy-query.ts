/**
 * A `PolicyLookup` over the real policy core: the parent's recorded authority in tests is a composed ruleset,
 * not a scripted answer. The engine's query does the same with bash decomposition on top.
 */
import { composePolicy, type PermissionConfig, POSIX_FLAVOR } from "@pi-permissions/policy";
import type { PermissionCheck, PolicyLookup } from "../../src/chain/authorizer";

export function policyQuery(config: PermissionConfig, yolo = false): PolicyLookup {
	const { decision } = composePolicy({
		scopes: [{ scope: "global", status: "valid", config }],
		env: { home: "/home/u", flavor: POSIX_FLAVOR },
		yolo,
	});
	const toCheck = (match: ReturnType<typeof decision.evaluate>): PermissionCheck => ({
		state: match.state,
		matchedPattern: match.matchedPattern,
		origin: match.origin,
		reason: match.reason,
	});
	return {
		checkPermission: (surface, value) => toCheck(decision.evaluate(surface, value ?? "*")),
		resolveForwarded: (facts) => toCheck(decision.evaluateAliases(facts.surface, facts.matchValues)),
	};
}
