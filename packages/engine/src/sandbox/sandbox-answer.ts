/**
 * Owns: `sandboxAnswer` (ADR 0059), the pure decision that a bash call which will run in the OS sandbox is not asked
 * because the sandbox holds every reason its asks carry: no outcome denies, yolo is off, and each ask's reason
 * (`ask-reason-table.ts`) is held by the plan's coverage for this call. Any other call is asked as before.
 * Never: reads a plan or the file system, or acts on the answer (the `GateRunner` records it).
 */
import type { GateOutcome } from "../gates/gate-outcome";
import type { ShellParse } from "../pipeline/shell-workdir";
import { ASK_REASONS, type AskReason, askReasonOf, type ReasonHolder } from "./ask-reason-table";
import { pathDeniesHeldUnder, type SandboxCoverage, writesRefused } from "./sandbox-coverage";

/** One ask the sandbox answers, with the reason it carried and what holds it. */
export interface SandboxAnswered {
	readonly outcome: GateOutcome;
	readonly reason: AskReason;
	readonly why: string;
}

/** What the answer reads of a pipeline decision. */
interface AnsweredDecision {
	readonly outcomes: readonly GateOutcome[];
	readonly combined: GateOutcome;
	readonly yolo: boolean;
	/** The coverage of the sandbox that will run the call; `null`: the call will not run sandboxed. */
	readonly sandbox: SandboxCoverage | null;
	readonly program: ShellParse | null;
}

/** The asks the sandbox answers, all of the call's, or `null` when the call is decided as before. */
export function sandboxAnswer(decision: AnsweredDecision): readonly SandboxAnswered[] | null {
	const { sandbox, program } = decision;
	// Denies stay denies; yolo keeps its own reconciliation of floors (ADR 0023).
	if (sandbox === null || program === null || decision.yolo || decision.combined.state !== "ask") return null;
	const answered: SandboxAnswered[] = [];
	for (const outcome of decision.outcomes) {
		if (outcome.state !== "ask") continue;
		const reason = askReasonOf(outcome);
		const row = ASK_REASONS[reason];
		// One reason the sandbox cannot hold and the person is asked about the whole call, as before.
		if (!holds(row.holder, sandbox, program)) return null;
		answered.push({ outcome, reason, why: row.why });
	}
	return answered.length === 0 ? null : answered;
}

function holds(holder: ReasonHolder, sandbox: SandboxCoverage, program: ShellParse): boolean {
	switch (holder) {
		case "path-denies-anywhere":
			// SECURITY: a `path` ask is no refusal, and a computed path may lie anywhere; a computed write target may make
			// a new file a deny names, which a mask over existing files cannot stop (ADR 0037, Linux).
			return (
				!sandbox.pathAsks &&
				sandbox.pathDenies.kind === "everywhere" &&
				!program.writeTargets.some((target) => target.path.kind === "literal")
			);
		case "path-denies-under-tree":
			// SECURITY: every tree the command reads whole, at its lexical and its canonical place (`*.env` is masked only
			// under the project and the allowed directories: `grep -r KEY ~` still asks).
			return program.recursiveReads.every((read) => {
				if (sandbox.pathDenies.kind === "everywhere") return true;
				if (read.root === null || read.root.kind !== "resolved") return false;
				return pathDeniesHeldUnder(sandbox, [read.root.lexical, read.root.canonical]);
			});
		case "protected-regions":
			// SECURITY: every write of the command must meet a read-only place: a protected name that does not exist is only
			// removed after the call, and a program outside (an editor's git) may read it meanwhile (`.git/commondir`).
			return (
				sandbox.protectedRegions &&
				program.writeTargets.every(
					(target) =>
						target.path.kind === "resolved" && writesRefused(sandbox, [target.path.lexical, target.path.canonical]),
				)
			);
		case "never":
			return false;
		default: {
			const unhandled: never = holder;
			throw new Error(`unhandled reason holder ${String(unhandled)}`);
		}
	}
}
