/**
 * Owns: `ConfigIssue`, one problem found in a config, and the rules for quoting user input inside its text.
 * Never: decides what is valid; the schema and `config-validation.ts` do. Text is one line, without type names.
 */

/** One problem in a config. `keyPath` locates it; `message` states it; `hint` says how to fix it. */
export interface ConfigIssue {
	/** Keys and list indexes from the top of the file to the offending value; `[]` is the whole file. */
	readonly keyPath: readonly (string | number)[];
	readonly message: string;
	readonly hint: string;
	/** An `error` makes the whole scope invalid; a `warning` is reported and the config is still used. */
	readonly severity: "error" | "warning";
}

export function configError(keyPath: readonly (string | number)[], message: string, hint: string): ConfigIssue {
	return { keyPath, message, hint, severity: "error" };
}

export function configWarning(keyPath: readonly (string | number)[], message: string, hint: string): ConfigIssue {
	return { keyPath, message, hint, severity: "warning" };
}

const MAX_QUOTED_LENGTH = 60;

/**
 * User text in backticks, on one line and bounded: control characters are escaped and long text is cut.
 * SECURITY: a 5 MB key or a key with newlines must not produce a 5 MB or multi-line message.
 */
export function quote(text: string): string {
	const cut = text.length > MAX_QUOTED_LENGTH ? `${text.slice(0, MAX_QUOTED_LENGTH)}…` : text;
	const escaped = JSON.stringify(cut).slice(1, -1).replaceAll('\\"', '"');
	return `\`${escaped}\``;
}

/** A short, user-facing description of a JSON value (never its full contents). */
export function describeValue(value: unknown): string {
	if (value === null) return "`null`";
	if (Array.isArray(value)) return "a list";
	switch (typeof value) {
		case "string":
			return value.length === 0 ? "empty text" : `the text ${quote(value)}`;
		case "number":
			return `the number ${quote(String(value))}`;
		case "boolean":
			return `\`${String(value)}\``;
		case "undefined":
			return "nothing";
		case "object":
			return "an object";
		default:
			return "a value that JSON cannot hold";
	}
}

/** A list of names in backticks: "`a`, `b` or `c`". */
export function listNames(names: readonly string[], conjunction = "or"): string {
	const quoted = names.map(quote);
	if (quoted.length <= 1) return quoted.join("");
	return `${quoted.slice(0, -1).join(", ")} ${conjunction} ${quoted[quoted.length - 1]}`;
}

/** Names longer than this are never compared, which keeps the suggestion linear in the input. */
const MAX_COMPARED_LENGTH = 64;

/**
 * The known name closest to `name` by edit distance (case-insensitive), when it is close enough to be a typo:
 * at most 2 edits, or a third of the known name's length for longer names.
 */
export function nearestName(name: string, known: readonly string[]): string | undefined {
	if (name.length > MAX_COMPARED_LENGTH) return undefined;
	let best: string | undefined;
	let bestDistance = Number.POSITIVE_INFINITY;
	for (const candidate of known) {
		const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
		const allowed = Math.max(2, Math.floor(candidate.length / 3));
		if (distance <= allowed && distance < bestDistance) {
			best = candidate;
			bestDistance = distance;
		}
	}
	return best;
}

/** Levenshtein distance with two rows; O(a·b) time for names already bounded by `MAX_COMPARED_LENGTH`. */
function editDistance(a: string, b: string): number {
	let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
	for (let i = 1; i <= a.length; i++) {
		const current = [i];
		for (let j = 1; j <= b.length; j++) {
			const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
			current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
		}
		previous = current;
	}
	return previous[b.length] ?? 0;
}

/** The issue for a key the schema does not know, with the nearest known key or the full list as the fix. */
export function unknownKeyIssue(
	keyPath: readonly (string | number)[],
	key: string,
	known: readonly string[],
): ConfigIssue {
	const suggestion = nearestName(key, known);
	const hint =
		suggestion !== undefined
			? `did you mean ${quote(suggestion)}?`
			: known.length > 0
				? `use one of ${listNames(known)}, or remove the key`
				: "remove the key";
	return configError([...keyPath, key], `unknown key ${quote(key)}`, hint);
}
