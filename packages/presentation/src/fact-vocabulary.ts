/**
 * Owns: the render vocabulary every renderer shares: fact labels, what an ask flags, how a nesting context reads,
 * and the flattened view of a (possibly forwarded) payload.
 * Never: shortens or styles text; the renderers decide how much of a fact fits.
 */
import { failClosedRuleText } from "./build/invalid-config-note";
import {
	type BashCommandContext,
	type ForwardingProvenance,
	forwardingHops,
	originPayload,
	type PromptEvidence,
	type PromptPayload,
	type PromptPayloadKind,
	type PromptRequestFacts,
} from "./prompt-payload";

/** The label of the evidence entry that says why a command could not be checked completely. */
export const NOT_CHECKED_LABEL = "not checked";

/**
 * Why the asking command could not be checked completely (the parser's specific reason, or a work bound's), or
 * `null`. The dialog states it as a fact and the agent's denial names it, so it is never elided with the evidence.
 */
export function notCheckedReason(evidence: readonly PromptEvidence[] | undefined): string | null {
	return evidence?.find((entry) => entry.label === NOT_CHECKED_LABEL)?.text ?? null;
}

/** True for an evidence entry `factLines` already states (renderers show it once, as the fact). */
export function isFactEvidence(entry: PromptEvidence): boolean {
	return entry.label === NOT_CHECKED_LABEL;
}

/** How a nesting context reads; a `Record` over the union, so a new context cannot go unworded. */
const COMMAND_CONTEXT_WORDS: Readonly<Record<BashCommandContext, string>> = {
	command_substitution: "inside command substitution",
	process_substitution: "inside process substitution",
	subshell: "inside subshell",
};

export function describeCommandContext(context: BashCommandContext | null): string | null {
	return context === null ? null : wordOf(COMMAND_CONTEXT_WORDS, context, "command context");
}

/** A vocabulary table's row; a key outside the union (a value typed around the compiler) throws, as a switch did. */
function wordOf<K extends string, V>(table: Readonly<Record<K, V>>, key: K, what: string): V {
	if (!Object.hasOwn(table, key)) throw new Error(`unhandled ${what} ${String(key)}`);
	return table[key];
}

type LocalKind = Exclude<PromptPayloadKind, "forwarded">;

/** Per ask kind: the word for its decision value, and its short title. */
const KIND_WORDS: Readonly<Record<LocalKind, { readonly value: string; readonly title: string }>> = {
	bash: { value: "command", title: "bash command" },
	mcp: { value: "target", title: "MCP tool" },
	tool: { value: "value", title: "tool" },
	path: { value: "path", title: "path" },
	external_directory: { value: "path", title: "external directory" },
	bash_external_directory: { value: "path", title: "external directory (bash)" },
	skill: { value: "skill", title: "skill" },
	skill_read: { value: "skill", title: "skill read" },
	network: { value: "host", title: "network" },
};

/** The word for the decision value of an ask kind (`command`, `path`, `target`, `skill`, `value`). */
function valueLabel(kind: LocalKind): string {
	return wordOf(KIND_WORDS, kind, "payload kind").value;
}

/** A short title for the ask kind. */
export function kindTitle(kind: LocalKind): string {
	return wordOf(KIND_WORDS, kind, "payload kind").title;
}

function describeRequester(requester: PromptRequestFacts["requester"]): string {
	const parts = [requester.agentName ?? "main agent"];
	if (requester.subagent) parts.push("subagent");
	if (requester.sessionId !== null) parts.push(`session ${requester.sessionId}`);
	return parts.join(" · ");
}

function describeRule(request: PromptRequestFacts, evidence: readonly PromptEvidence[] = []): string {
	const failClosed = failClosedRuleText(request, evidence, false);
	if (failClosed !== null)
		return request.matchedPattern === null ? failClosed : `${request.matchedPattern} (${failClosed})`;
	if (request.matchedPattern === null) return "no matching rule";
	return request.ruleOrigin === null ? request.matchedPattern : `${request.matchedPattern} (${request.ruleOrigin})`;
}

export function describeHop(hop: ForwardingProvenance): string {
	const agent = hop.requesterAgentName ?? "unnamed agent";
	return hop.requesterSessionId === null ? agent : `${agent} (session ${hop.requesterSessionId})`;
}

/** One request fact as a labelled line; `flagged` marks the value the rule fired on. */
interface FactLine {
	readonly label: string;
	readonly value: string;
	readonly flagged: boolean;
}

/**
 * The request facts as lines, in dialog order. A fact an adjacent line already states is not repeated
 * (the surface when it equals the tool name or the value's label); no other fact is ever left out.
 */
export function factLines(payload: PromptPayload): FactLine[] {
	const { request } = payload;
	const kind = originPayload(payload).kind;
	const hops = forwardingHops(payload);
	const lines: FactLine[] = [{ label: "agent", value: describeRequester(request.requester), flagged: false }];
	// One hop is already stated by the agent line (re-stamped from it) and the title; a chain is spelled out.
	if (hops.length > 1) {
		lines.push({ label: "forwarded", value: hops.map(describeHop).join(" ← "), flagged: false });
	}
	if (request.toolName !== null) {
		const invoked = request.invokedToolName === null ? "" : ` (invoked as ${request.invokedToolName})`;
		lines.push({ label: "tool", value: `${request.toolName}${invoked}`, flagged: false });
	}
	const label = valueLabel(kind);
	if (request.surface !== request.toolName && request.surface !== label) {
		lines.push({ label: "surface", value: request.surface, flagged: false });
	}
	const originEvidence = originPayload(payload).evidence;
	lines.push({ label: "rule", value: describeRule(request, originEvidence), flagged: false });
	const notChecked = notCheckedReason(originEvidence);
	if (notChecked !== null) lines.push({ label: NOT_CHECKED_LABEL, value: notChecked, flagged: false });
	lines.push({ label, value: request.value, flagged: true });
	if (request.executedUnit !== null) lines.push({ label: "runs", value: request.executedUnit, flagged: false });
	const context = describeCommandContext(request.commandContext);
	if (context !== null) lines.push({ label: "context", value: context, flagged: false });
	return lines;
}

/** A highlight span over one entry of a flattened evidence list. */
interface EvidenceHighlight {
	readonly evidenceIndex: number;
	readonly start: number;
	readonly end: number;
}

/** The evidence of a payload and every payload it forwards, outermost first, with highlights re-based. */
interface EvidenceView {
	readonly evidence: readonly PromptEvidence[];
	readonly highlights: readonly EvidenceHighlight[];
	readonly advisories: readonly { readonly source: string; readonly text: string }[];
	readonly sessionSuggestion: string | null;
}

export function evidenceView(payload: PromptPayload): EvidenceView {
	const evidence: PromptEvidence[] = [];
	const highlights: EvidenceHighlight[] = [];
	const advisories: { source: string; text: string }[] = [];
	let sessionSuggestion: string | null = null;
	let current: PromptPayload | null = payload;
	while (current !== null) {
		const offset = evidence.length;
		evidence.push(...current.evidence);
		for (const note of current.annotations) {
			switch (note.kind) {
				case "highlight":
					highlights.push({ evidenceIndex: note.evidenceIndex + offset, start: note.start, end: note.end });
					break;
				case "session-suggestion":
					sessionSuggestion ??= note.text;
					break;
				case "advisory":
					advisories.push({ source: note.source, text: note.text });
					break;
				default: {
					const unhandled: never = note;
					throw new Error(`unhandled annotation ${String(unhandled)}`);
				}
			}
		}
		current = current.kind === "forwarded" ? current.child : null;
	}
	return { evidence, highlights, advisories, sessionSuggestion };
}
