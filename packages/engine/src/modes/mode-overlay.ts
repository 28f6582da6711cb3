/**
 * Owns: what the mode in force and the managed scope do to one gate's outcome, after the rules, session grants and
 * the gate itself decided it (ADRs 0054, 0055): accept-edits allows a write or edit inside the project and the bash
 * writes the gate sees whole; dont-ask denies every ask with its reason; a managed ask is put to the person only (no
 * authorizer link, no session grant, never resolved by a parent's rule).
 * Never: touches a deny or an allow it did not make, lifts a protected region, a floor, a managed or a fail-closed
 * ask, or anything while a scope is invalid; plan mode is a gate of its own (`gates/mode-gate.ts`).
 */
import type { AccessPath, CommandUnit } from "@pi-permissions/access-intent";
import { type ComposedPolicy, WRITE_FILE_TOOLS } from "@pi-permissions/policy";
import type { LocalPromptPayload } from "@pi-permissions/presentation";
import { checkBashCommand } from "../bash/bash-command-check";
import type { GateContext } from "../gates/gate-context";
import type { GateOutcome } from "../gates/gate-outcome";
import type { ShellParse } from "../pipeline/shell-workdir";
import { ACCEPT_EDITS_PROGRAMS, isAcceptedWrite } from "./accept-edits-writes";

/**
 * `outcome` as the mode in force and the managed scope leave it; `context` is the call's (`null` for a `/skill:`
 * input, which is no tool call and so nothing accept-edits allows). Pure; throws only on a broken invariant.
 */
export function overlayMode(outcome: GateOutcome, context: GateContext | null, policy: ComposedPolicy): GateOutcome {
	if (outcome.state !== "ask") return outcome;
	const held = outcome.origin === "managed" ? personOnly(outcome) : outcome;
	switch (policy.mode) {
		case "accept-edits":
			return context !== null && acceptsEdit(held, context, policy) ? accepted(held) : held;
		case "dont-ask":
			return deniedAsk(held);
		case "default":
		case "plan":
		case "auto":
		case "yolo":
			return held;
		default: {
			const unhandled: never = policy.mode;
			throw new Error(`unhandled mode ${String(unhandled)}`);
		}
	}
}

/** A managed ask: the person answers it, once; no link, grant or serving rule may (ADR 0055). */
function personOnly(outcome: GateOutcome): GateOutcome {
	const payload: LocalPromptPayload | null =
		outcome.payload === null
			? null
			: {
					...outcome.payload,
					answerableBy: "person",
					annotations: outcome.payload.annotations.filter((note) => note.kind !== "session-suggestion"),
				};
	// SECURITY: a grant would never answer it (the managed tier decides above grants), so none is offered or forwarded.
	return { ...outcome, payload, suggestion: null, access: null };
}

function deniedAsk(outcome: GateOutcome): GateOutcome {
	// The agent reads the reason: a floor's reason that quotes the command stays out of it.
	const own = outcome.reason !== null && !outcome.reason.includes("`") ? `: ${outcome.reason}` : "";
	return {
		...outcome,
		state: "deny",
		origin: "mode:dont-ask",
		reason: `dont-ask mode denies what would be asked${own}`,
		suggestion: null,
		access: null,
	};
}

function accepted(outcome: GateOutcome): GateOutcome {
	return {
		...outcome,
		state: "allow",
		matchedPattern: null,
		origin: "mode:accept-edits",
		reason: null,
		payload: null,
		suggestion: null,
		access: null,
	};
}

function acceptsEdit(outcome: GateOutcome, context: GateContext, policy: ComposedPolicy): boolean {
	// SECURITY: only a rule's ask is lifted: never a floor (what runs is unknown), a protected region, a managed ask,
	// and nothing at all while a scope is invalid (as yolo is suspended then).
	if (outcome.basis !== "rule" || outcome.origin === "managed" || outcome.origin === "fail-closed") return false;
	if (policy.failClosedScopes.length > 0) return false;
	const { kind, bash } = context;
	switch (outcome.gate) {
		case "tool":
			if (kind.kind === "path-builtin" && WRITE_FILE_TOOLS.has(kind.toolName))
				return context.inputPaths.length > 0 && context.inputPaths.every(insideProject);
			return bash !== null && writesAccepted(bash.program) && unitsAccepted(bash.program, context);
		case "bash-write":
			return bash !== null && writesAccepted(bash.program);
		default:
			return false;
	}
}

function insideProject(path: AccessPath): boolean {
	return path.kind === "resolved" && !path.external;
}

/** Every write of the command is one accept-edits allows, to a file inside the project. */
function writesAccepted(program: ShellParse): boolean {
	if (program.unparseable !== null || program.pathsTruncated || program.writeTargets.length === 0) return false;
	return program.writeTargets.every((target) => insideProject(target.path) && isAcceptedWrite(target.via));
}

/**
 * Every unit of the command is a writer accept-edits allows (its writes checked above) or a unit the policy allows on
 * its own: `mkdir a && curl x` keeps the ask `curl` raised.
 */
function unitsAccepted(program: ShellParse, context: GateContext): boolean {
	for (const unit of program.units) {
		if (isAcceptedWriter(unit)) continue;
		const check = checkBashCommand({ command: unit.text, units: [unit], unparseable: null }, context.policy);
		// No unit decided: a compound statement, an assignment or a lone redirect, judged by its parts.
		if (check.unit === null) continue;
		if (check.state !== "allow") return false;
	}
	return true;
}

function isAcceptedWriter(unit: CommandUnit): boolean {
	return unit.wrapperKind === null && unit.commandName !== null && ACCEPT_EDITS_PROGRAMS.has(unit.commandName);
}
