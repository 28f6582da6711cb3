/**
 * Owns: the flat, JSON-safe request facts the review log persists for an ask, every string capped.
 * Never: writes evidence or annotations (the unbounded part), and never reads a value to decide what to shorten.
 */

import { describeHop } from "../fact-vocabulary";
import { forwardingHops, originPayload, type PromptPayload, type PromptPayloadKind } from "../prompt-payload";
import { capLength } from "../text/line-fitting";

/** The command names one record lists, at most (the rest are counted in `commandsOmitted`). */
export const REVIEW_LOG_MAX_COMMANDS = 32;

/** The most characters one listed command name keeps. */
const COMMAND_NAME_MAX_WIDTH = 64;

interface ReviewLogFacts {
	readonly kind: PromptPayloadKind;
	readonly askKind: Exclude<PromptPayloadKind, "forwarded">;
	readonly agentName: string | null;
	readonly sessionId: string | null;
	readonly subagent: boolean;
	readonly surface: string;
	readonly toolName: string | null;
	readonly invokedToolName: string | null;
	readonly value: string;
	readonly matchedPattern: string | null;
	readonly ruleOrigin: string | null;
	readonly commandContext: string | null;
	readonly executedUnit: string | null;
	/** The forwarding chain, outermost first, or `null` for a local ask. */
	readonly forwardedFrom: string | null;
	/**
	 * The command name of every unit of a bash ask, in order (`ls`, `rm` for `ls …; rm -rf x`), so the record says
	 * what ran however long the command; empty for other asks. At most `REVIEW_LOG_MAX_COMMANDS`.
	 */
	readonly commands: readonly string[];
	/** How many unit names `commands` left out. */
	readonly commandsOmitted: number;
}

/**
 * The request facts of `payload`, each string narrowed to `fieldMaxWidth` characters with a `…(+N)` mark. The width is
 * required: its one default is the config's `reviewLogFieldMaxWidth` (`CONFIG_DEFAULTS` in `@pi-permissions/policy`).
 */
export function renderReviewLogFacts(payload: PromptPayload, fieldMaxWidth: number): ReviewLogFacts {
	const { request } = payload;
	const hops = forwardingHops(payload);
	const cap = (text: string): string => capLength(text, Math.max(1, fieldMaxWidth));
	const capOrNull = (text: string | null): string | null => (text === null ? null : cap(text));
	return {
		kind: payload.kind,
		askKind: originPayload(payload).kind,
		agentName: capOrNull(request.requester.agentName),
		sessionId: capOrNull(request.requester.sessionId),
		subagent: request.requester.subagent,
		surface: cap(request.surface),
		toolName: capOrNull(request.toolName),
		invokedToolName: capOrNull(request.invokedToolName),
		value: cap(request.value),
		matchedPattern: capOrNull(request.matchedPattern),
		ruleOrigin: request.ruleOrigin,
		commandContext: request.commandContext,
		executedUnit: capOrNull(request.executedUnit),
		forwardedFrom: hops.length === 0 ? null : cap(hops.map(describeHop).join(" <- ")),
		...commandNames(payload),
	};
}

function commandNames(payload: PromptPayload): { commands: string[]; commandsOmitted: number } {
	const origin = originPayload(payload);
	if (origin.kind !== "bash") return { commands: [], commandsOmitted: 0 };
	const units = origin.evidence.filter((entry) => entry.label === "unit").map((entry) => entry.text);
	const texts = units.length > 0 ? units : [origin.request.value];
	const names = texts
		.slice(0, REVIEW_LOG_MAX_COMMANDS)
		.map((text) => capLength(commandName(text), COMMAND_NAME_MAX_WIDTH));
	return { commands: names, commandsOmitted: texts.length - names.length };
}

/** The first word of a unit that is not an assignment (`FOO=1 rm x` runs `rm`); the whole unit when none is found. */
function commandName(unit: string): string {
	// Only the front of a long unit is scanned: a name sits within its first words.
	const words = unit.slice(0, 4096).trim().split(/\s+/);
	return words.find((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) ?? words[0] ?? "";
}
