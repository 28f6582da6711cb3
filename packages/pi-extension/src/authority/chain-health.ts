/**
 * Owns: whether the authorizer links `authorizerChain` names can answer: a link that never registered (not installed,
 * not built, failed to start) or one that reports it cannot (a judge without credentials), and the words each is
 * shown in: the start-up warning, the status-line mark and the `/permissions` line.
 * Never: changes the chain (an unregistered link is skipped by authority, so its asks reach the person) or shows
 * anything itself.
 */
import type { LinkState } from "../service/session-extensions";

/** One named link that is not answering: it never registered, or it says why it cannot answer. */
export type ChainLinkProblem =
	| { readonly kind: "unregistered"; readonly name: string }
	| { readonly kind: "not-answering"; readonly name: string; readonly problem: string };

/** The links of `chain` that cannot answer, in chain order, each once. */
export function chainProblems(chain: readonly string[], state: (name: string) => LinkState): ChainLinkProblem[] {
	const problems: ChainLinkProblem[] = [];
	for (const name of new Set(chain)) {
		const link = state(name);
		switch (link.kind) {
			case "unregistered":
				problems.push({ kind: "unregistered", name });
				break;
			case "registered":
				if (link.problem !== null) problems.push({ kind: "not-answering", name, problem: link.problem });
				break;
			default: {
				const unhandled: never = link;
				throw new Error(`unhandled link state ${String(unhandled)}`);
			}
		}
	}
	return problems;
}

/** The start-up warning (and the `/permissions` line) of one link that is not answering. */
export function chainProblemLine(problem: ChainLinkProblem): string {
	return `authorizer \`${problem.name}\` (authorizerChain) ${whyOf(problem)}`;
}

/** The consequence comes before the link's own reason, so a bounded report line cuts only the reason's tail. */
function whyOf(problem: ChainLinkProblem): string {
	switch (problem.kind) {
		case "unregistered":
			return "is not registered (not installed, not built, or it failed to start): its asks come to you";
		case "not-answering":
			return `is not judging, its asks come to you: ${problem.problem}`;
		default: {
			const unhandled: never = problem;
			throw new Error(`unhandled chain problem ${String(unhandled)}`);
		}
	}
}

/**
 * The `/permissions` lines of one link that is not answering: the line of `chainProblemLine`, with a link's own reason
 * on a second, indented line (a report line is bounded in width; the reason is what the person needs to read).
 */
export function chainReportLines(problem: ChainLinkProblem): string[] {
	switch (problem.kind) {
		case "unregistered":
			return [chainProblemLine(problem)];
		case "not-answering":
			return [
				`authorizer \`${problem.name}\` (authorizerChain) is not judging, its asks come to you:`,
				`  ${problem.problem}`,
			];
		default: {
			const unhandled: never = problem;
			throw new Error(`unhandled chain problem ${String(unhandled)}`);
		}
	}
}

/** The status-line mark: the names of the links that are not answering, `null` when every named link answers. */
export function chainStatusMark(problems: readonly ChainLinkProblem[]): string | null {
	if (problems.length === 0) return null;
	return `authorizer ${problems.map((problem) => problem.name).join(", ")} off, see /permissions`;
}
