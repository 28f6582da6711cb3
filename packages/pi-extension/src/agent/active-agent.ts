/**
 * Owns: reading the generic active-agent signal: an `<active_agent name="…">` tag in the system prompt, or the latest
 * `active_agent` custom entry on the session branch; a name that is not a safe file-name word is rejected.
 * Never: reads the disk, the session or Pi's context itself; callers pass the prompt text and the entries in.
 */

/** The custom entry type a multi-agent extension appends when it switches agents. */
export const ACTIVE_AGENT_ENTRY_TYPE = "active_agent";

export const MAX_AGENT_NAME = 128;

/** A letter or digit first, then letters, digits, `.`, `_`, `-`: nothing that can leave the agents directory. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Only the first tag counts; its `name` attribute in double or single quotes, other attributes ignored. */
const TAG = /<active_agent\b[^>]*?\bname\s*=\s*(?:"([^"]*)"|'([^']*)')[^>]*>/;

/** One session entry as Pi stores it; only custom entries are looked at. */
export interface SessionEntryLike {
	readonly type: string;
	readonly customType?: string;
	readonly data?: unknown;
}

/**
 * What a signal says: `undefined` when there is none, `null` when it names no usable agent (a cleared or unsafe name),
 * else the name.
 */
type Signal = string | null | undefined;

/**
 * The active agent: the system-prompt tag wins (it describes the run about to start), otherwise the latest session
 * entry; `null` for the main session.
 */
export function detectActiveAgent(systemPrompt: string | null, entries: readonly SessionEntryLike[]): string | null {
	const fromPrompt = systemPrompt === null ? undefined : promptSignal(systemPrompt);
	if (fromPrompt !== undefined) return fromPrompt;
	return entrySignal(entries) ?? null;
}

/** Whether `name` is a safe file-name word (what `agents/<name>.md` may be built from). */
export function isSafeAgentFileName(name: string): boolean {
	return name.length <= MAX_AGENT_NAME && SAFE_NAME.test(name);
}

function promptSignal(systemPrompt: string): Signal {
	const match = TAG.exec(systemPrompt);
	if (match === null) return undefined;
	return safeName(match[1] ?? match[2] ?? "");
}

function entrySignal(entries: readonly SessionEntryLike[]): Signal {
	for (let index = entries.length - 1; index >= 0; index -= 1) {
		const entry = entries[index];
		if (entry === undefined || entry.type !== "custom" || entry.customType !== ACTIVE_AGENT_ENTRY_TYPE) continue;
		// The latest entry decides, even when it clears the agent or names none usable.
		return safeName(entryName(entry.data));
	}
	return undefined;
}

function entryName(data: unknown): string {
	if (typeof data === "string") return data;
	if (typeof data === "object" && data !== null && "name" in data) {
		const name = (data as { readonly name: unknown }).name;
		return typeof name === "string" ? name : "";
	}
	return "";
}

function safeName(raw: string): string | null {
	const name = raw.trim();
	// SECURITY: `../x`, `a/b`, `C:x` or control characters never reach a file path as an agent name.
	return isSafeAgentFileName(name) ? name : null;
}
