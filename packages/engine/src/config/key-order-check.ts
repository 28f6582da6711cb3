/**
 * Owns: finding number-like keys in `permission` (surfaces and patterns), which JavaScript objects move ahead of
 * every other key, and judging whether that move changes a decision (an error) or only the order (a warning).
 * Never: rewrites the config or validates it; it reads the keys in the order they were written.
 */
import { type ConfigIssue, compileWildcard, UNIVERSAL_SURFACE, type WildcardMatcher } from "@pi-permissions/policy";
import { quoteInput as quote } from "./config-load-issue";
import { isOrderedObject, type OrderedObject, type OrderedValue } from "./ordered-value";

/** A file with thousands of number-like keys gets this many issues, then one summary. */
export const MAX_KEY_ORDER_ISSUES = 20;

/**
 * How many moved keys are compared with the keys written above them. Past this, a moved key is not compared and
 * counts as an error (fail closed). SECURITY: bounds the work to this many passes over the file's keys.
 */
const MAX_CHECKED_MOVED_KEYS = 100;

const INDEX_LIMIT = 4_294_967_295; // 2^32 - 1 is the first integer that is not an array index

/**
 * Whether JavaScript enumerates `key` before string keys: a canonical array index ("0", "42", not "042" or "-1").
 * Such keys come first, in ascending numeric order, whatever order the file wrote them in.
 */
export function isIndexLikeKey(key: string): boolean {
	return /^(?:0|[1-9]\d{0,9})$/.test(key) && Number(key) < INDEX_LIMIT;
}

/**
 * Issues for the `permission` map of a parsed config (the root holds `permission`, as a file or agent block does).
 *
 * A number-like key written after other keys is evaluated before them once the config becomes an object. Last match
 * wins, so if an earlier-written key also matches it with a different action, that earlier key now decides it: the
 * file would say `"*": "allow", "0": "deny"` and allow `0`. That is an error (fail closed). A move that changes no
 * decision is a warning, so the file can be put in the order it is evaluated in.
 */
export function keyOrderIssues(root: OrderedValue): ConfigIssue[] {
	if (!isOrderedObject(root)) return [];
	const permission = root.get("permission");
	if (!isOrderedObject(permission)) return [];
	const budget = { remaining: MAX_CHECKED_MOVED_KEYS };
	const issues: ConfigIssue[] = [];
	issues.push(...movedKeys(permission, ["permission"], "surface", budget));
	for (const [surface, value] of permission) {
		if (isOrderedObject(value)) issues.push(...movedKeys(value, ["permission", surface], "pattern", budget));
	}
	if (issues.length <= MAX_KEY_ORDER_ISSUES) return issues;
	const more = issues.length - MAX_KEY_ORDER_ISSUES;
	return [
		...issues.slice(0, MAX_KEY_ORDER_ISSUES),
		{
			keyPath: ["permission"],
			message: `…and ${more} more number-like keys`,
			hint: "fix the keys above, then check the file again",
			severity: issues.some((issue) => issue.severity === "error") ? "error" : "warning",
		},
	];
}

function movedKeys(
	map: OrderedObject,
	keyPath: readonly string[],
	role: "surface" | "pattern",
	budget: { remaining: number },
): ConfigIssue[] {
	const issues: ConfigIssue[] = [];
	const writtenBefore: WrittenKey[] = [];
	for (const [key, value] of map) {
		if (!isIndexLikeKey(key)) {
			writtenBefore.push({ key, value, matcher: undefined });
			continue;
		}
		if (writtenBefore.length === 0) continue; // already where it is evaluated
		const path = [...keyPath, key];
		if (budget.remaining <= 0) {
			issues.push({
				keyPath: path,
				message: `the number-like ${role} ${quote(key)} is read before the ${role}s written above it, and was not checked`,
				hint: "keep number-like keys at the top of their map",
				severity: "error",
			});
			continue;
		}
		budget.remaining -= 1;
		const overriding = writtenBefore.find((earlier) => overrides(role, earlier, key, value));
		if (overriding !== undefined) {
			// SECURITY: `"*": "allow", "0": "deny"` would otherwise allow `0`; the scope fails closed instead.
			const winner = quote(overriding.key);
			issues.push({
				keyPath: path,
				message: `the number-like ${role} ${quote(key)} is read before ${winner}, which then decides it instead`,
				hint: `number-like keys are always read first; reword it so it is not a bare number (e.g. ${quote(`${key} *`)}), or move it to the top if ${winner} should win`,
				severity: "error",
			});
		} else {
			issues.push({
				keyPath: path,
				message: `the number-like ${role} ${quote(key)} is read before the ${role}s written above it`,
				hint: "move it to the top of its map, where number-like keys are always read",
				severity: "warning",
			});
		}
	}
	return issues;
}

interface WrittenKey {
	readonly key: string;
	readonly value: OrderedValue;
	/** Compiled on first use, so each written key is compiled at most once. */
	matcher: WildcardMatcher | undefined;
}

function matches(earlier: WrittenKey, key: string): boolean {
	earlier.matcher ??= compileWildcard(earlier.key);
	return earlier.matcher.test(key);
}

/** Whether `earlier`, once it follows `key` in evaluation order, decides `key` differently than `key` would. */
function overrides(role: "surface" | "pattern", earlier: WrittenKey, key: string, value: OrderedValue): boolean {
	switch (role) {
		case "surface":
			// The universal surface is composed ahead of every surface, so where it was written never matters.
			return earlier.key !== UNIVERSAL_SURFACE && matches(earlier, key) && !sameValue(earlier.value, value);
		case "pattern":
			return actionOf(earlier.value) !== actionOf(value) && matches(earlier, key);
		default: {
			const unhandled: never = role;
			throw new Error(`unhandled key role ${String(unhandled)}`);
		}
	}
}

/** The action of a pattern value as written (`"deny"`, or `{ action }`); anything else compares as itself. */
function actionOf(value: OrderedValue): OrderedValue | undefined {
	return isOrderedObject(value) ? value.get("action") : value;
}

function sameValue(a: OrderedValue, b: OrderedValue): boolean {
	if (isOrderedObject(a) && isOrderedObject(b)) {
		if (a.size !== b.size) return false;
		for (const [key, inner] of a) {
			const other = b.get(key);
			if (other === undefined || !sameValue(inner, other)) return false;
		}
		return true;
	}
	if (Array.isArray(a) && Array.isArray(b)) {
		return a.length === b.length && a.every((item, index) => sameValue(item, b[index] as OrderedValue));
	}
	return a === b;
}
