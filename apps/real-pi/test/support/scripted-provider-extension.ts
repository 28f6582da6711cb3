/**
 * Owns: a test-only Pi extension that registers pi-ai's faux provider playing the conversation in the JSON file named
 * by `REAL_PI_SCRIPT`: each model turn a tool call or a text reply, in order; a run past the script's end ends in text.
 * Never: ships: it exists only for the real-Pi suites, which load it with `pi -e`.
 */
import { readFileSync } from "node:fs";
import {
	type AssistantMessage,
	type FauxResponseStep,
	fauxAssistantMessage,
	fauxProvider,
	fauxText,
	fauxToolCall,
	type Message,
} from "@earendil-works/pi-ai";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import {
	REPORT_PREFIX,
	type ReportedToolResult,
	SCRIPT_ENV,
	SCRIPTED_MODEL,
	SCRIPTED_PROVIDER,
	type ScriptedTurn,
} from "./scripted-turns";

export default function scriptedProvider(pi: ExtensionAPI): void {
	const file = process.env[SCRIPT_ENV];
	const turns: ScriptedTurn[] = file === undefined ? [] : JSON.parse(readFileSync(file, "utf8"));
	const faux = fauxProvider({ provider: SCRIPTED_PROVIDER, models: [{ id: SCRIPTED_MODEL }] });
	faux.setResponses([...turns.map(stepOf), () => fauxAssistantMessage("(script finished)")]);
	pi.registerProvider(faux.provider);
}

function stepOf(turn: ScriptedTurn, index: number): FauxResponseStep {
	switch (turn.kind) {
		case "tool":
			return fauxAssistantMessage(
				[fauxText(`calling ${turn.tool}`), fauxToolCall(turn.tool, { ...turn.arguments }, { id: `call_${index + 1}` })],
				{
					stopReason: "toolUse",
				},
			);
		case "text":
			return fauxAssistantMessage(turn.text);
		case "report":
			return (context): AssistantMessage =>
				fauxAssistantMessage(`${REPORT_PREFIX}${JSON.stringify(resultsSinceLastTurn(context.messages))}`);
		default: {
			const unhandled: never = turn;
			throw new Error(`unhandled scripted turn ${String(unhandled)}`);
		}
	}
}

function resultsSinceLastTurn(messages: readonly Message[]): ReportedToolResult[] {
	const results: ReportedToolResult[] = [];
	for (let index = messages.length - 1; index >= 0; index--) {
		const message = messages[index];
		if (message === undefined || message.role !== "toolResult") break;
		const text = message.content.map((block) => (block.type === "text" ? block.text : "")).join("");
		results.unshift({ toolName: message.toolName, isError: message.isError, text });
	}
	return results;
}
