/**
 * Owns: turning an arbitrary tool input or MCP argument object into complete, labelled, JSON-safe evidence text.
 * Never: throws on any input (cycles, bigint, functions, symbols) or drops a key; it never shortens a value.
 */
import type { PromptEvidence } from "../prompt-payload";

/**
 * One evidence entry per top-level key of `input` (`<prefix> <key>`), in key order; a string value is shown raw,
 * anything else as compact JSON. A non-object input becomes a single `<prefix>` entry.
 */
export function inputEvidence(prefix: string, input: unknown): PromptEvidence[] {
	if (input === null || input === undefined) return [];
	if (typeof input !== "object" || Array.isArray(input)) {
		return [{ label: prefix, text: valueText(input), detail: null }];
	}
	return Object.keys(input).map((key) => ({
		label: `${prefix} ${key}`,
		text: valueText(readKey(input, key)),
		detail: null,
	}));
}

/** A property read that cannot throw (a hostile getter yields a marker instead). */
function readKey(object: object, key: string): unknown {
	try {
		return (object as Record<string, unknown>)[key];
	} catch {
		return "[unreadable]";
	}
}

function valueText(value: unknown): string {
	return typeof value === "string" ? value : jsonText(value, new Set<object>());
}

function jsonText(value: unknown, ancestors: Set<object>): string {
	switch (typeof value) {
		case "string":
			return JSON.stringify(value);
		case "number":
			return Number.isFinite(value) ? String(value) : `"${String(value)}"`;
		case "boolean":
			return String(value);
		case "bigint":
			return `"${value.toString()}n"`;
		case "undefined":
			return "null";
		case "function":
			return '"[function]"';
		case "symbol":
			return JSON.stringify(value.toString());
		case "object": {
			if (value === null) return "null";
			if (ancestors.has(value)) return '"[circular]"';
			ancestors.add(value);
			const text = Array.isArray(value)
				? `[${value.map((item: unknown) => jsonText(item, ancestors)).join(",")}]`
				: `{${Object.keys(value)
						.map((key) => `${JSON.stringify(key)}:${jsonText(readKey(value, key), ancestors)}`)
						.join(",")}}`;
			ancestors.delete(value);
			return text;
		}
		default:
			// `typeof` has no other results; `unknown` does not narrow to `never`, so this stays a safe marker.
			return '"[unknown]"';
	}
}
