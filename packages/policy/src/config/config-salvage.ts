/**
 * Owns: `salvageConfig`, what a config that failed validation still contributes: every deny rule under `permission`
 * that validates on its own (a deny written under a mistyped surface also applies to the surface it was meant for).
 * Never: keeps an `allow` or an `ask` (under the fail-closed floor they could only turn a lower scope's deny into an
 * ask), a setting, a shell alias or anything else of a broken file; never throws (ADR 0021).
 */
import { MAX_DENY_REASON_LENGTH } from "./config-schema";
import type { PatternValue, PermissionConfig } from "./permission-config";
import { judgeSurfaceKey } from "./surface-keys";

type DenyMap = Record<string, PatternValue>;

/**
 * The deny rules of `raw` (a parsed file that failed validation) as a config: surfaces in file order, each holding
 * its denies in file order. An empty object when nothing can be salvaged (not an object, no `permission`).
 */
export function salvageConfig(raw: unknown): PermissionConfig {
	try {
		return salvageUnguarded(raw);
	} catch {
		// SECURITY: a throwing getter or proxy costs only the salvage; the scope is still invalid and floored.
		return {};
	}
}

function salvageUnguarded(raw: unknown): PermissionConfig {
	if (!isRecord(raw) || !Object.hasOwn(raw, "permission")) return {};
	const permission = raw.permission;
	if (!isRecord(permission)) return {};
	const declared = declaredTools(raw);
	const out = new Map<string, DenyMap | "deny">();
	const add = (surface: string, pattern: string | null, value: PatternValue) => {
		const existing = out.get(surface);
		if (existing === "deny") return; // the whole surface is denied already
		if (pattern === null) {
			out.set(surface, "deny");
			return;
		}
		const map = existing ?? {};
		Object.defineProperty(map, pattern, { value, enumerable: true, writable: true, configurable: true });
		out.set(surface, map);
	};
	for (const [surface, value] of Object.entries(permission)) {
		if (!usableKey(surface)) continue;
		const judged = judgeSurfaceKey(surface, declared);
		// SECURITY: ADR 0022: `"paths": {"*.env": "deny"}` still denies `.env` reads on `path`.
		const targets = judged.kind === "near-miss" ? [surface, judged.suggestion] : [surface];
		if (value === "deny") {
			for (const target of targets) add(target, null, "deny");
			continue;
		}
		if (!isRecord(value)) continue;
		for (const [pattern, patternValue] of Object.entries(value)) {
			const deny = usableKey(pattern) ? asDeny(patternValue) : null;
			if (deny !== null) for (const target of targets) add(target, pattern, deny);
		}
	}
	if (out.size === 0) return {};
	return { permission: Object.fromEntries(out) };
}

/** A deny as written (`"deny"`, or `{ "action": "deny" }` with its reason when that reason is valid), else `null`. */
function asDeny(value: unknown): PatternValue | null {
	if (value === "deny") return "deny";
	if (!isRecord(value) || value.action !== "deny") return null;
	const reason = value.reason;
	// A bad reason costs the reason, never the deny.
	return typeof reason === "string" && reason.length <= MAX_DENY_REASON_LENGTH
		? { action: "deny", reason }
		: { action: "deny" };
}

function declaredTools(raw: Readonly<Record<string, unknown>>): ReadonlySet<string> {
	const names = new Set<string>();
	const known = Object.hasOwn(raw, "knownTools") ? raw.knownTools : undefined;
	if (Array.isArray(known)) for (const name of known) if (typeof name === "string") names.add(name);
	const shell = Object.hasOwn(raw, "shellTools") ? raw.shellTools : undefined;
	if (isRecord(shell)) for (const name of Object.keys(shell)) names.add(name);
	return names;
}

function usableKey(key: string): boolean {
	return key.length > 0 && key !== "__proto__";
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
