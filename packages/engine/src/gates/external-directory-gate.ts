/**
 * Owns: the `external_directory` gate for the paths a tool input names: a path outside the working directory (on
 * its canonical form) is judged on `external_directory`; a read-only built-in reading inside a Pi infrastructure
 * directory or glob (`InfrastructureReads`) is allowed as `infrastructure-read`.
 * Never: gates a tool that names no path (`find`/`grep`/`ls` without one) or a path inside the working directory.
 */
import { type AccessPath, displayPath, resolvedAlias } from "@pi-permissions/access-intent";
import { EXTERNAL_DIRECTORY_SURFACE, suggestPathApproval } from "@pi-permissions/policy";
import { buildExternalDirectoryAskPayload } from "@pi-permissions/presentation";
import { askableRuleOutcome, canonicalOf, type GateContext } from "./gate-context";
import { type GateOutcome, mostRestrictiveOutcome } from "./gate-outcome";
import type { InfrastructureReads } from "./infrastructure-reads";

export function externalDirectoryGate(context: GateContext, infrastructure: InfrastructureReads): GateOutcome | null {
	const outcomes: GateOutcome[] = [];
	for (const path of context.inputPaths) {
		if (!path.external) continue;
		const outcome = judgeExternalPath(context, path, infrastructure);
		outcomes.push(outcome);
		if (outcome.state === "deny") break;
	}
	return mostRestrictiveOutcome(outcomes);
}

function judgeExternalPath(context: GateContext, path: AccessPath, infrastructure: InfrastructureReads): GateOutcome {
	const { kind, flavor, policy } = context;
	const value = displayPath(path);
	const canonical = canonicalOf(path);
	const readOnly = kind.kind === "path-builtin" && !kind.writes;
	if (readOnly && canonical !== null && infrastructure.covers(canonical)) {
		return {
			gate: "external-directory",
			surface: EXTERNAL_DIRECTORY_SURFACE,
			value,
			state: "allow",
			matchedPattern: null,
			origin: null,
			basis: "infrastructure-read",
			reason: null,
			payload: null,
			suggestion: null,
			access: null,
		};
	}
	const match = policy.evaluateAliases(EXTERNAL_DIRECTORY_SURFACE, path.matchValues);
	return askableRuleOutcome(
		context,
		"external-directory",
		EXTERNAL_DIRECTORY_SURFACE,
		value,
		match,
		(base) =>
			buildExternalDirectoryAskPayload({
				...base,
				toolName: context.call.toolName,
				value,
				path: path.typed,
				canonical: resolvedAlias(path, flavor),
				workingDirectory: context.normalizer.cwd,
			}),
		(surface, approved, pathFlavor) => suggestPathApproval(surface, [approved], { flavor: pathFlavor }),
	);
}
