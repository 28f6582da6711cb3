/**
 * Owns: the MCP and generic-tool ask payloads: the target or tool asked about, with the complete input as evidence.
 * Never: formats a per-tool preview or shortens an input; every top-level input key is its own evidence entry.
 */
import type { LocalPromptPayload } from "../prompt-payload";
import { type AskBase, requestFacts, suggestionAnnotations, whoMayAnswer } from "./ask-base";
import { inputEvidence } from "./input-evidence";

export interface McpAskInput extends AskBase {
	/** The tool name the model called (`mcp__exa__search` or the `mcp` proxy tool). */
	readonly toolName: string;
	/** The MCP target the rule was matched against (`exa:search`). */
	readonly target: string;
	/** The arguments the call would send to the MCP server. */
	readonly arguments: unknown;
}

export function buildMcpAskPayload(input: McpAskInput): LocalPromptPayload {
	return {
		kind: "mcp",
		request: requestFacts(input, {
			surface: "mcp",
			toolName: input.toolName,
			invokedToolName: null,
			value: input.target,
			commandContext: null,
			executedUnit: null,
		}),
		evidence: inputEvidence("argument", input.arguments),
		annotations: suggestionAnnotations(input),
		answerableBy: whoMayAnswer(input),
	};
}

export interface ToolAskInput extends AskBase {
	readonly toolName: string;
	/** The decision value the gate matched (for most tools, the tool name itself). */
	readonly value: string;
	/** The tool input, complete. */
	readonly input: unknown;
}

export function buildToolAskPayload(input: ToolAskInput): LocalPromptPayload {
	return {
		kind: "tool",
		request: requestFacts(input, {
			surface: input.toolName,
			toolName: input.toolName,
			invokedToolName: null,
			value: input.value,
			commandContext: null,
			executedUnit: null,
		}),
		evidence: inputEvidence("input", input.input),
		annotations: suggestionAnnotations(input),
		answerableBy: whoMayAnswer(input),
	};
}
