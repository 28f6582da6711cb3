/**
 * Owns: the warnings a user must see when a session starts: a project config skipped because the project is not
 * trusted, every config error (file, line, fix), the composition's notices (an invalid scope's fail-closed
 * consequence, a permissive top-level `"*": "allow"` that bash inherits), and an authorizer link the chain names that
 * is not answering.
 * Also the ledger of the lines one session has already shown, so a reload shows only what is new.
 * Never: decides anything or shows anything; the `session_start` and `resources_discover` handlers show the lines.
 */
import { type ConfigLoadResult, formatConfigLoadIssue } from "@pi-permissions/engine";
import type { ComposedPolicy } from "@pi-permissions/policy";
import { type ChainLinkProblem, chainProblemLine } from "./authority/chain-health";

const PREFIX = "pi-permissions:";

export function startupWarnings(config: ConfigLoadResult, policy: ComposedPolicy): string[] {
	const lines: string[] = [];
	for (const notice of config.notices) lines.push(`${PREFIX} ${notice.message} (${notice.file})`);
	for (const issue of config.issues) {
		if (issue.severity === "error") lines.push(`${PREFIX} ${formatConfigLoadIssue(issue)}`);
	}
	for (const notice of policy.notices) lines.push(`${PREFIX} ${notice.message}`);
	return lines;
}

/** The warnings of the authorizer links `authorizerChain` names that are not answering (shown once all started). */
export function chainWarnings(problems: readonly ChainLinkProblem[]): string[] {
	return problems.map((problem) => `${PREFIX} ${chainProblemLine(problem)}`);
}

/** The warning lines one session has shown; a line is shown once per session, however often the config reloads. */
export class ShownWarnings {
	private readonly shown: Set<string>;

	constructor(alreadyShown: readonly string[]) {
		this.shown = new Set(alreadyShown);
	}

	/** The lines of `lines` not shown before, in order and without repeats; they are recorded as shown. */
	unseen(lines: readonly string[]): string[] {
		const fresh: string[] = [];
		for (const line of lines) {
			if (this.shown.has(line)) continue;
			this.shown.add(line);
			fresh.push(line);
		}
		return fresh;
	}
}
