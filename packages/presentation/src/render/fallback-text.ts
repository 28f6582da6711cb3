/**
 * Owns: the text of the `select`/`input` fallback used when Pi has no TUI (RPC mode): the title, the four
 * decision options, the reason prompt, and the grant-scope choice of a forwarded ask.
 * Never: decides or records anything; the adapter maps the chosen label back to its decision.
 */
import { evidenceView } from "../fact-vocabulary";
import { originPayload, type PromptPayload } from "../prompt-payload";
import { segment, truncateLine } from "../text/line-fitting";
import { type DialogOptions, renderDialog } from "./dialog-renderer";

/** The decision states of an answered ask (wire names). */
type FallbackDecision = "approved" | "approved_for_session" | "denied" | "denied_with_reason";

export interface FallbackOption<D extends string> {
	readonly decision: D;
	readonly label: string;
}

type ScopeDecision = "approved_for_session" | "approved_for_serving_session";

interface FallbackText {
	/** The bounded dialog body, rows joined with `\n`, for `ctx.ui.select`'s title. */
	readonly title: string;
	readonly options: readonly FallbackOption<FallbackDecision>[];
	/** The title of the `ctx.ui.input` that asks for a denial reason. */
	readonly reasonTitle: string;
	/** For a forwarded ask with a session suggestion: where a session approval applies. */
	readonly scope: { readonly title: string; readonly options: readonly FallbackOption<ScopeDecision>[] } | null;
}

export function renderFallbackText(payload: PromptPayload, options: Omit<DialogOptions, "expanded">): FallbackText {
	const { sessionSuggestion } = evidenceView(payload);
	const sessionLabel =
		sessionSuggestion === null
			? "Yes, for this session"
			: labelWith(
					"Yes, for this session",
					sessionSuggestion,
					chainUnits(payload),
					Math.min(options.width, options.fieldMaxWidth + 24),
				);
	return {
		title: renderDialog(payload, { ...options, expanded: false }).join("\n"),
		options: [
			{ decision: "approved", label: "Yes" },
			{ decision: "approved_for_session", label: sessionLabel },
			{ decision: "denied", label: "No" },
			{ decision: "denied_with_reason", label: "No, provide reason" },
		],
		reasonTitle: "Reason for denying (sent to the agent)",
		scope:
			payload.kind === "forwarded" && sessionSuggestion !== null
				? {
						title: "Apply the session approval to",
						options: [
							{ decision: "approved_for_session", label: "This subagent only" },
							{ decision: "approved_for_serving_session", label: "The whole serving session" },
						],
					}
				: null,
	};
}

/** What a session grant never covers: said on the option itself, so nobody reads it as "allow all of `git push *`". */
const SESSION_GRANT_LIMIT = "not calls your policy denies";

/** The most units a session label names; the rest are counted. */
const SESSION_LABEL_MAX_UNITS = 4;
/** The most cells one named unit takes in a session label. */
const SESSION_LABEL_UNIT_WIDTH = 24;

/**
 * `Yes, for this session (\`git push *\`; not calls your policy denies)`: the pattern is shortened to fit `width`,
 * never the clause that says a grant does not cover the policy's denies. For a chain, the label also says that the
 * answer approves every unit of this call, naming them (at most `SESSION_LABEL_MAX_UNITS`, the rest counted), since
 * the grant's pattern names only the unit that asked.
 */
function labelWith(prefix: string, suggestion: string, units: readonly string[], width: number): string {
	const runs = units.length > 1 ? `; approves all ${units.length} units of this call: ${namedUnits(units)}` : "";
	const fixed = `${prefix} (\`\`${runs}; ${SESSION_GRANT_LIMIT})`.length;
	const pattern = truncateLine([segment(suggestion)], Math.max(16, width - fixed))
		.line.map((part) => part.text)
		.join("");
	return `${prefix} (\`${pattern}\`${runs}; ${SESSION_GRANT_LIMIT})`;
}

function namedUnits(units: readonly string[]): string {
	const named = units.slice(0, SESSION_LABEL_MAX_UNITS).map((unit) => {
		const text = truncateLine([segment(unit)], SESSION_LABEL_UNIT_WIDTH)
			.line.map((part) => part.text)
			.join("");
		return `\`${text}\``;
	});
	const more = units.length - named.length;
	return more > 0 ? `${named.join(", ")} and ${more} more` : named.join(", ");
}

/** The units of a bash chain the ask shows (its `unit` evidence); empty for a single unit or another kind. */
function chainUnits(payload: PromptPayload): string[] {
	const origin = originPayload(payload);
	if (origin.kind !== "bash") return [];
	return origin.evidence.filter((entry) => entry.label === "unit").map((entry) => entry.text);
}
