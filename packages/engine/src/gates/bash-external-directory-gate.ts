/**
 * Owns: the bash `external_directory` gate: every path the one parse found outside the working directory is judged;
 * those already allowed are dropped, the worst of the rest decides (the first on a tie), and one session suggestion
 * with a pattern per directory covers every path still asking.
 * Never: re-parses the command or judges paths inside the working directory.
 */
import { type AccessPath, displayPath, resolvedAlias } from "@pi-permissions/access-intent";
import {
	EXTERNAL_DIRECTORY_SURFACE,
	type RuleMatch,
	restrictiveness,
	suggestPathApproval,
} from "@pi-permissions/policy";
import { buildBashExternalDirectoryAskPayload } from "@pi-permissions/presentation";
import { type GateContext, ruleOutcome } from "./gate-context";
import type { GateOutcome } from "./gate-outcome";

interface Judged {
	readonly path: AccessPath;
	readonly match: RuleMatch;
}

export function bashExternalDirectoryGate(context: GateContext): GateOutcome | null {
	const bash = context.bash;
	if (bash === null || bash.program.externalPaths.length === 0) return null;
	const { policy, flavor } = context;
	const judged: Judged[] = bash.program.externalPaths.map((path) => ({
		path,
		match: policy.evaluateAliases(EXTERNAL_DIRECTORY_SURFACE, path.matchValues),
	}));
	const uncovered = judged.filter((entry) => entry.match.state !== "allow");
	if (uncovered.length === 0) {
		const first = judged[0] as Judged;
		return ruleOutcome("bash-external-directory", EXTERNAL_DIRECTORY_SURFACE, displayPath(first.path), first.match, {
			normalizer: context.normalizer,
		});
	}
	let worst = uncovered[0] as Judged;
	for (const entry of uncovered) {
		if (restrictiveness(entry.match.state) > restrictiveness(worst.match.state)) worst = entry;
	}
	const value = displayPath(worst.path);
	const asking = uncovered.filter((entry) => entry.match.state === "ask").map((entry) => displayPath(entry.path));
	// One answer must cover every path that still asks, or the next call would prompt again for the rest.
	const suggestion =
		worst.match.state === "ask" ? suggestPathApproval(EXTERNAL_DIRECTORY_SURFACE, asking, { flavor }) : null;
	const payload = buildBashExternalDirectoryAskPayload({
		requester: context.requester,
		matchedPattern: worst.match.matchedPattern,
		ruleOrigin: worst.match.origin,
		sessionSuggestion: suggestion?.patterns.join(", ") ?? null,
		toolName: "bash",
		invokedToolName: context.kind.kind === "bash" && context.kind.alias ? context.call.toolName : null,
		command: bash.command,
		value,
		flaggedPath: worst.path.typed,
		workingDirectory: context.normalizer.cwd,
		externalPaths: uncovered.map((entry) => ({
			path: displayPath(entry.path),
			canonical: resolvedAlias(entry.path, flavor),
		})),
	});
	return ruleOutcome("bash-external-directory", EXTERNAL_DIRECTORY_SURFACE, value, worst.match, {
		payload,
		suggestion,
		normalizer: context.normalizer,
	});
}
