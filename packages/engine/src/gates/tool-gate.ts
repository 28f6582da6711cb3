/**
 * Owns: the per-tool gate, last in the order: bash and shell aliases through `checkBashCommand` over the one parse,
 * MCP through its ordered candidates, path-bearing built-ins on their own surface with the path's match values, a
 * skill by name, and any other tool as a whole (`*`).
 * Never: parses bash or derives MCP targets itself; access-intent names what is accessed.
 */
import { displayPath, mcpNativeTargets, mcpProxyTargets, mcpResourceTargets } from "@pi-permissions/access-intent";
import { BASH_SURFACE, MCP_SURFACE, SKILL_SURFACE, suggestSessionApproval, WHOLE_TOOL } from "@pi-permissions/policy";
import { buildBashAskPayload, buildMcpAskPayload, buildToolAskPayload } from "@pi-permissions/presentation";
import { checkBashCommand } from "../bash/bash-command-check";
import { type BashCall, type GateContext, ruleOutcome } from "./gate-context";
import type { GateOutcome } from "./gate-outcome";

export function toolGate(context: GateContext, mcpServers: readonly string[]): GateOutcome {
	const { kind } = context;
	switch (kind.kind) {
		case "bash": {
			if (context.bash === null) throw new Error("a bash tool reached the tool gate without its parse");
			return bashOutcome(context, context.bash);
		}
		case "mcp":
			return mcpOutcome(context, mcpServers);
		case "path-builtin": {
			const path = context.inputPaths[0];
			if (path === undefined) return wholeToolOutcome(context, kind.toolName);
			const value = displayPath(path);
			return askableOutcome(
				context,
				kind.toolName,
				value,
				context.policy.evaluateAliases(kind.toolName, path.matchValues),
			);
		}
		case "skill": {
			const name = skillName(context.call.input);
			return askableOutcome(context, SKILL_SURFACE, name, context.policy.evaluate(SKILL_SURFACE, name));
		}
		case "extension":
			return wholeToolOutcome(context, kind.toolName);
		default: {
			const unhandled: never = kind;
			throw new Error(`unhandled tool kind ${String(unhandled)}`);
		}
	}
}

function bashOutcome(context: GateContext, bash: BashCall): GateOutcome {
	const check = checkBashCommand(bash.program, context.policy);
	const suggestion =
		check.state === "ask" ? suggestSessionApproval(BASH_SURFACE, check.decidingUnit, { flavor: context.flavor }) : null;
	const alias = context.kind.kind === "bash" && context.kind.alias;
	const payload =
		check.state === "allow"
			? null
			: buildBashAskPayload({
					requester: context.requester,
					matchedPattern: check.matchedPattern,
					ruleOrigin: check.match?.origin ?? null,
					sessionSuggestion: suggestion?.patterns.join(", ") ?? null,
					toolName: BASH_SURFACE,
					invokedToolName: alias ? context.call.toolName : null,
					command: bash.command,
					unit: { text: check.decidingUnit, context: check.commandContext, start: null },
					executedUnit: check.executedUnit,
					units: bash.program.units.map((unit) => ({ text: unit.text, context: unit.context, start: null })),
					notChecked: check.floored ? check.reason : null,
				});
	return {
		gate: "tool",
		surface: BASH_SURFACE,
		value: check.decidingUnit,
		state: check.state,
		matchedPattern: check.matchedPattern,
		origin: check.match?.origin ?? null,
		basis: check.floored ? "floor" : "rule",
		reason: check.reason,
		payload,
		suggestion,
	};
}

function mcpOutcome(context: GateContext, mcpServers: readonly string[]): GateOutcome {
	const { call, kind } = context;
	if (kind.kind !== "mcp") throw new Error("mcpOutcome needs an MCP tool");
	let candidates: readonly string[];
	switch (kind.form) {
		case "proxy":
			candidates = mcpProxyTargets(call.input, mcpServers);
			break;
		case "native":
			candidates = mcpNativeTargets(call.toolName, mcpServers);
			break;
		case "resource":
			candidates = mcpResourceTargets(call.toolName, call.input);
			break;
		default: {
			const unhandled: never = kind.form;
			throw new Error(`unhandled mcp form ${String(unhandled)}`);
		}
	}
	const match = context.policy.evaluateCandidates(MCP_SURFACE, candidates);
	const target = match.matchedValue;
	const suggestion =
		match.state === "ask" ? suggestSessionApproval(MCP_SURFACE, target, { flavor: context.flavor }) : null;
	const payload =
		match.state === "allow"
			? null
			: buildMcpAskPayload({
					requester: context.requester,
					matchedPattern: match.matchedPattern,
					ruleOrigin: match.origin,
					sessionSuggestion: suggestion?.patterns.join(", ") ?? null,
					toolName: call.toolName,
					target,
					arguments: kind.form === "proxy" ? field(call.input, "arguments") : call.input,
				});
	return ruleOutcome("tool", MCP_SURFACE, target, match, { payload, suggestion });
}

function wholeToolOutcome(context: GateContext, toolName: string): GateOutcome {
	return askableOutcome(context, toolName, WHOLE_TOOL, context.policy.evaluate(toolName, WHOLE_TOOL));
}

function askableOutcome(
	context: GateContext,
	surface: string,
	value: string,
	match: ReturnType<GateContext["policy"]["evaluate"]>,
): GateOutcome {
	const suggestion = match.state === "ask" ? suggestSessionApproval(surface, value, { flavor: context.flavor }) : null;
	const payload =
		match.state === "allow"
			? null
			: buildToolAskPayload({
					requester: context.requester,
					matchedPattern: match.matchedPattern,
					ruleOrigin: match.origin,
					sessionSuggestion: suggestion?.patterns.join(", ") ?? null,
					toolName: context.call.toolName,
					value,
					input: context.call.input,
				});
	return ruleOutcome("tool", surface, value, match, { payload, suggestion });
}

function field(input: unknown, key: string): unknown {
	if (typeof input !== "object" || input === null || Array.isArray(input)) return undefined;
	return Object.hasOwn(input, key) ? (input as Record<string, unknown>)[key] : undefined;
}

/** The skill a `skill` tool call names (`name`), or `*` when it names none. */
function skillName(input: unknown): string {
	const name = field(input, "name");
	return typeof name === "string" && name !== "" ? name : WHOLE_TOOL;
}
