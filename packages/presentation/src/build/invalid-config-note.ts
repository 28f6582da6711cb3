/**
 * Owns: the wording of an ask that a broken config file forced: by the fail-closed floor (an allow lowered to ask), or
 * by the default because the broken file's own rules are not applied (a broken global config); one evidence entry per
 * invalid scope naming its file, and the rule text the dialog and the agent read instead of "no matching rule".
 * Never: decides that a scope is invalid; the engine hands in the scopes the composition floored.
 */
import type { PromptEvidence, PromptRequestFacts } from "../prompt-payload";

/** The evidence label of an invalid scope's entry (its text is the file, its detail the scope). */
export const INVALID_CONFIG_EVIDENCE_LABEL = "invalid config";

/** One invalid scope and the file it was read from (`null` when it has none). */
export interface InvalidScope {
	readonly scope: string;
	readonly file: string | null;
}

const NO_FILE = "(no file)";
const SCOPE_SUFFIX = " scope";

/** The evidence entries naming each invalid scope's file. */
export function invalidConfigEvidence(scopes: readonly InvalidScope[]): PromptEvidence[] {
	return scopes.map((entry) => ({
		label: INVALID_CONFIG_EVIDENCE_LABEL,
		text: entry.file ?? NO_FILE,
		detail: `${entry.scope}${SCOPE_SUFFIX}`,
	}));
}

/**
 * For an ask the fail-closed floor raised, or one the default raised while a config file is invalid (the engine then
 * hands in the invalid files as evidence): "your global config is invalid, so allow rules are asked", with the files
 * after a colon when `withFiles` (the agent's text, which shows no evidence); `null` for any other request.
 */
export function failClosedRuleText(
	request: PromptRequestFacts,
	evidence: readonly PromptEvidence[] | undefined,
	withFiles: boolean,
): string | null {
	const entries = (evidence ?? []).filter((entry) => entry.label === INVALID_CONFIG_EVIDENCE_LABEL);
	const byDefault = (request.ruleOrigin === null || request.ruleOrigin === "builtin") && entries.length > 0;
	if (request.ruleOrigin !== "fail-closed" && !byDefault) return null;
	if (entries.length === 0) return "a config file is invalid, so allow rules are asked";
	const scopes = entries.map((entry) => (entry.detail ?? "").replace(/ scope$/, ""));
	const sentence = `your ${scopes.join(" and ")} ${entries.length === 1 ? "config is" : "configs are"} invalid, so allow rules are asked`;
	const files = entries.map((entry) => entry.text).filter((text) => text !== NO_FILE);
	return withFiles && files.length > 0 ? `${sentence}: ${files.join(", ")}` : sentence;
}
