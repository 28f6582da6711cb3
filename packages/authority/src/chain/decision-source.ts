/**
 * Owns: `DecisionSource`, the record of what decided an ask (`decidedBy`), and its tolerant reader for values read off disk.
 * Never: decides anything; a variant only names a decider, and the reader rejects rather than repairs.
 */

import type { RuleOrigin } from "@pi-permissions/policy";
import { isRuleOrigin } from "../rule-origin";

export type DecisionSource =
	| { readonly kind: "user"; readonly via: "dialog" | "select" }
	| {
			readonly kind: "authorizer";
			readonly name: string;
			readonly verdict: "allow" | "deny";
			readonly reason: string | null;
	  }
	| { readonly kind: "rule"; readonly surface: string; readonly pattern: string; readonly origin: RuleOrigin }
	| { readonly kind: "session_approval"; readonly surface: string; readonly pattern: string }
	| { readonly kind: "yolo"; readonly pattern: string }
	| { readonly kind: "infrastructure_read" }
	| { readonly kind: "unavailable"; readonly reason: string }
	| { readonly kind: "gate_error"; readonly reason: string }
	| { readonly kind: "forwarded"; readonly responderSessionId: string; readonly decision: DecisionSource };

/** How many `forwarded` hops a value read back from disk may nest; a deeper chain is rejected whole. */
export const DECISION_SOURCE_MAX_DEPTH = 4;

/** Longest string field kept from disk; a longer one rejects the value (never truncated into a different fact). */
const MAX_FIELD_LENGTH = 4096;

type Fields = Readonly<Record<string, unknown>>;

function isFields(value: unknown): value is Fields {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(fields: Fields, key: string): string | undefined {
	const value = fields[key];
	return typeof value === "string" && value.length <= MAX_FIELD_LENGTH ? value : undefined;
}

function nullableText(fields: Fields, key: string): string | null | undefined {
	return fields[key] === null || fields[key] === undefined ? null : text(fields, key);
}

/**
 * Reads a `decidedBy` value that came off disk: rebuilds it from known fields only, and returns `null` for anything
 * malformed, unknown, or nested deeper than {@link DECISION_SOURCE_MAX_DEPTH} `forwarded` hops. Never throws.
 */
export function readDecisionSource(value: unknown, depth = 0): DecisionSource | null {
	if (!isFields(value)) return null;
	const kind = value.kind;
	switch (kind) {
		case "user": {
			const via = value.via;
			return via === "dialog" || via === "select" ? { kind, via } : null;
		}
		case "authorizer": {
			const name = text(value, "name");
			const verdict = value.verdict;
			const reason = nullableText(value, "reason");
			if (name === undefined || reason === undefined || (verdict !== "allow" && verdict !== "deny")) return null;
			return { kind, name, verdict, reason };
		}
		case "rule": {
			const surface = text(value, "surface");
			const pattern = text(value, "pattern");
			const origin = value.origin;
			if (surface === undefined || pattern === undefined || !isRuleOrigin(origin)) return null;
			return { kind, surface, pattern, origin };
		}
		case "session_approval": {
			const surface = text(value, "surface");
			const pattern = text(value, "pattern");
			return surface === undefined || pattern === undefined ? null : { kind, surface, pattern };
		}
		case "yolo": {
			const pattern = text(value, "pattern");
			return pattern === undefined ? null : { kind, pattern };
		}
		case "infrastructure_read":
			return { kind };
		case "unavailable":
		case "gate_error": {
			const reason = text(value, "reason");
			return reason === undefined ? null : { kind, reason };
		}
		case "forwarded": {
			// SECURITY: a hostile response could nest forever; past the bound the whole chain is rejected.
			if (depth >= DECISION_SOURCE_MAX_DEPTH) return null;
			const responderSessionId = text(value, "responderSessionId");
			const decision = readDecisionSource(value.decision, depth + 1);
			if (responderSessionId === undefined || decision === null) return null;
			return { kind, responderSessionId, decision };
		}
		default:
			return null;
	}
}

/** The decider at the end of a forwarding chain (the one that really ruled). */
export function innermostDecisionSource(source: DecisionSource): DecisionSource {
	let current = source;
	while (current.kind === "forwarded") current = current.decision;
	return current;
}
