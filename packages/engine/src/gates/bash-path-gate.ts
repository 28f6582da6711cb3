/**
 * Owns: the bash `path` gate: every path-rule candidate of the one parse (operands, redirect targets, `--opt=value`,
 * expanded globs, resolved variables) judged on `path`; explicit path rules only; the most restrictive wins.
 * Never: re-parses the command; candidacy is decided by access-intent, the decision here.
 */
import type { GateContext } from "./gate-context";
import type { GateOutcome } from "./gate-outcome";
import { worstPathOutcome } from "./path-gate";

export function bashPathGate(context: GateContext): GateOutcome | null {
	const bash = context.bash;
	if (bash === null) return null;
	return worstPathOutcome(context, "bash-path", bash.program.pathCandidates, bash.command);
}
