/**
 * Owns: the mode gate, last in the order (ADR 0054): in plan mode it denies, with a reason naming the mode, a call of
 * the write or edit tool, a bash command that writes (any write target of the one parse), and a bash unit that runs a
 * program plan mode does not know as read-only (`plan-reading-programs.ts`), runs code the gate cannot see into, or
 * cannot be read whole; it asks before an MCP or extension tool, whose effects no table knows. Reads follow the policy.
 * Never: allows anything or lifts a deny (it only adds a deny or an ask), and never runs outside plan mode; the other
 * modes act on the gates' outcomes (`modes/mode-overlay.ts`).
 */
import { displayPath, literalWordText } from "@pi-permissions/access-intent";
import { type PermissionMode, WHOLE_TOOL, WRITE_FILE_TOOLS } from "@pi-permissions/policy";
import { buildToolAskPayload } from "@pi-permissions/presentation";
import { planRefusal } from "../modes/plan-reading-programs";
import type { BashCall, GateContext } from "./gate-context";
import type { GateOutcome } from "./gate-outcome";

/** The origin every outcome of plan mode carries. */
const PLAN = "mode:plan";

export function modeGate(context: GateContext, mode: PermissionMode): GateOutcome | null {
	if (mode !== "plan") return null;
	const { kind } = context;
	switch (kind.kind) {
		case "bash":
			return context.bash === null ? null : planBash(context.bash);
		case "path-builtin": {
			if (!WRITE_FILE_TOOLS.has(kind.toolName)) return null;
			const path = context.inputPaths[0];
			return planDeny(kind.toolName, path === undefined ? WHOLE_TOOL : displayPath(path), "it writes a file");
		}
		case "skill":
			return null;
		case "mcp":
		case "extension":
			return planAsk(context);
		default: {
			const unhandled: never = kind;
			throw new Error(`unhandled tool kind ${String(unhandled)}`);
		}
	}
}

function planBash(bash: BashCall): GateOutcome | null {
	const { program } = bash;
	// SECURITY: a command that could not be read whole may run or write anything.
	if (program.unparseable !== null || program.pathsTruncated)
		return planDeny("bash", bash.command, "the command cannot be checked completely");
	const written = program.writeTargets[0];
	if (written !== undefined) return planDeny("write", displayPath(written.path), "the command writes a file");
	for (const unit of program.units) {
		// Compound statements, assignments and lone redirects run no program of their own (their units and writes are
		// judged above and below).
		if (unit.compound || unit.nameWord === null) continue;
		if (unit.commandName === null) return planDeny("bash", unit.text, "it runs a program only known when it runs");
		if (unit.wrapperKind === "opaque-payload" && unit.scriptRead !== true)
			return planDeny("bash", unit.text, "it runs code the gate cannot see into");
		if (unit.wrapperKind === "indirection" && unit.executedUnit === null && unit.args.length > 0)
			return planDeny("bash", unit.text, "it runs a command the gate cannot establish");
		const refusal = planRefusal(
			unit.commandName,
			unit.args.map((word) => literalWordText(word)),
		);
		if (refusal !== null) return planDeny("bash", unit.text, refusal);
	}
	return null;
}

function planDeny(surface: string, value: string, why: string): GateOutcome {
	return {
		gate: "mode",
		surface,
		value,
		state: "deny",
		matchedPattern: null,
		origin: PLAN,
		basis: "rule",
		// The agent reads this: it names the mode and never the command.
		reason: `plan mode is read-only: ${why}; the person can switch modes (/permissions mode) to run it`,
		payload: null,
		suggestion: null,
		access: null,
	};
}

/** An MCP or extension tool may change anything: in plan mode the person confirms it (once; no grant is offered). */
function planAsk(context: GateContext): GateOutcome {
	const toolName = context.call.toolName;
	return {
		gate: "mode",
		surface: toolName,
		value: WHOLE_TOOL,
		state: "ask",
		matchedPattern: null,
		origin: PLAN,
		basis: "rule",
		reason: "plan mode is read-only and this tool's effects are unknown",
		payload: buildToolAskPayload({
			requester: context.requester,
			matchedPattern: null,
			ruleOrigin: PLAN,
			sessionSuggestion: null,
			toolName,
			value: WHOLE_TOOL,
			input: context.call.input,
		}),
		suggestion: null,
		// A serving session must put it to a person: no rule of the parent's knows what plan mode asks here.
		access: null,
	};
}
