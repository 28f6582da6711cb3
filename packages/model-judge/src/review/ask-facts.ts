/**
 * Owns: `AskFacts`, the only view of an ask the judge (and so the model) ever gets: surface, tool, value, executed
 * unit, matched rule, command context, the whole command and the candidate paths, each bounded.
 * Never: carries the conversation, the tool's full input, or anything a renderer merely annotates (advisories).
 */
import type { AskDetails } from "@pi-permissions/authority";
import { CROSS_CUTTING_PATH_SURFACES } from "@pi-permissions/policy";

type PromptPayload = AskDetails["payload"];

/** Longest single fact shown to the model; longer text is cut and marked. */
const MAX_FACT_LENGTH = 4000;
/** The most candidate paths kept from one ask. */
const MAX_PATHS = 16;
const MAX_FORWARDING_DEPTH = 4;

export interface AskFacts {
	readonly requestId: string;
	/** The gate surface, from the access facts when present, else from the display payload. */
	readonly surface: string;
	/** Whether the ask carries access facts; without them the delegation envelope caps every link allow. */
	readonly accessKnown: boolean;
	readonly toolName: string | null;
	/** The decision value (a bash unit, a path, an MCP target). Unbounded: used for matching, never shown uncut. */
	readonly value: string;
	/** The whole bash command when the payload carries it as evidence; else `value`. */
	readonly command: string;
	readonly executedUnit: string | null;
	readonly matchedPattern: string | null;
	readonly commandContext: string | null;
	/** Every spelling a path rule was matched against, then the value: the candidates a typo pattern is tested on. */
	readonly paths: readonly string[];
	readonly agentName: string | null;
}

/** The local payload a forwarded ask wraps (bounded unwrapping). */
function innermost(payload: PromptPayload): PromptPayload {
	let current = payload;
	for (let depth = 0; depth < MAX_FORWARDING_DEPTH && current.kind === "forwarded" && current.child; depth++) {
		current = current.child;
	}
	return current;
}

export function askFacts(details: AskDetails): AskFacts {
	const payload = innermost(details.payload);
	const request = payload.request;
	const surface = details.access?.surface ?? request.surface;
	const isPath = CROSS_CUTTING_PATH_SURFACES.has(surface);
	const matchValues = isPath ? (details.access?.matchValues ?? []) : [];
	const paths = [...new Set([...matchValues, ...(isPath ? [request.value] : [])])].slice(0, MAX_PATHS);
	const command = payload.evidence.find((item) => item.label === "command")?.text ?? request.value;
	return {
		requestId: details.requestId,
		surface,
		accessKnown: details.access !== null,
		toolName: request.toolName,
		value: request.value,
		command,
		executedUnit: request.executedUnit,
		matchedPattern: request.matchedPattern,
		commandContext: request.commandContext,
		paths,
		agentName: details.agentName,
	};
}

/** Text cut to the fact bound, with the cut marked. */
function bounded(text: string, limit = MAX_FACT_LENGTH): string {
	return text.length <= limit ? text : `${text.slice(0, limit)}… [${text.length - limit} more characters]`;
}

/** The facts as the model reads them: labelled JSON, every string bounded, nothing else. */
export function renderFactsForModel(facts: AskFacts, extra: Readonly<Record<string, string>> = {}): string {
	const shown = {
		surface: facts.surface,
		tool: facts.toolName,
		value: bounded(facts.value),
		command: facts.command === facts.value ? null : bounded(facts.command),
		executedUnit: facts.executedUnit === null ? null : bounded(facts.executedUnit),
		matchedRule: facts.matchedPattern,
		commandContext: facts.commandContext,
		paths: facts.paths.map((path) => bounded(path)),
		...extra,
	};
	return JSON.stringify(shown, null, 2);
}
