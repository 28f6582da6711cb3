/**
 * Owns: the per-tool gate, last in the order: bash and shell aliases through `checkBashCommand` over the one parse,
 * MCP through its ordered candidates, path-bearing built-ins on their own surface with the path's match values, a
 * skill by name, and any other tool as a whole (`*`).
 * Never: parses bash or derives MCP targets itself; access-intent names what is accessed.
 */
import { displayPath, mcpNativeTargets, mcpProxyTargets, mcpResourceTargets } from "@pi-permissions/access-intent";
import { BASH_SURFACE, MCP_SURFACE, restrictiveness, SKILL_SURFACE, WHOLE_TOOL } from "@pi-permissions/policy";
import { buildBashAskPayload, buildMcpAskPayload, buildToolAskPayload } from "@pi-permissions/presentation";
import { type BashCommandCheck, checkBashCommand } from "../bash/bash-command-check";
import { bashSessionSuggestion } from "../session/bash-session-suggestion";
import { bashRuleFacts, type ForwardedAccessFacts, flooredFacts } from "./access-facts";
import { askableRuleOutcome, type BashCall, type GateContext } from "./gate-context";
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
			if (context.inputPaths.length === 0) return wholeToolOutcome(context, kind.toolName);
			// SECURITY: every file the tool may open is judged (`read`'s fallback spellings, `grep`'s glob): the
			// strictest decides, the first on a tie.
			let strictest: GateOutcome | null = null;
			for (const path of context.inputPaths) {
				const match = context.policy.evaluateAliases(kind.toolName, path.matchValues);
				const outcome = askableOutcome(context, kind.toolName, displayPath(path), match);
				if (strictest === null || restrictiveness(outcome.state) > restrictiveness(strictest.state))
					strictest = outcome;
				if (strictest.state === "deny") break;
			}
			return strictest as GateOutcome;
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
	const suggestion = bashSessionSuggestion(check);
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
		access: bashAccess(check, bash),
	};
}

/** The facts an ask of this command fixes for a forwarding hop, from the call's one parse (ADR 0041). */
function bashAccess(check: BashCommandCheck, bash: BashCall): ForwardedAccessFacts | null {
	if (check.state !== "ask") return null;
	// SECURITY: a floor raised a rule's allow to ask (wrapper, dynamic name, unparseable); by rule it would pass.
	// SECURITY: `echo hi; $CMD x` under `echo *: ask`: a floored unit beside the deciding rule's unit goes to a human too.
	if (check.floored || check.asking?.floored === true) return flooredFacts(BASH_SURFACE, check.decidingUnit);
	const units = check.asking?.units ?? (check.unit === null ? null : [check.unit]);
	return bashRuleFacts(check.decidingUnit, units, bash.program);
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
	return askableRuleOutcome(context, "tool", MCP_SURFACE, target, match, (base) =>
		buildMcpAskPayload({
			...base,
			toolName: call.toolName,
			target,
			arguments: kind.form === "proxy" ? field(call.input, "arguments") : call.input,
		}),
	);
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
	return askableRuleOutcome(context, "tool", surface, value, match, (base) =>
		buildToolAskPayload({ ...base, toolName: context.call.toolName, value, input: context.call.input }),
	);
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
