/**
 * Owns: finding the persisted grants in one config file's text: every `"<pattern>": "allow"` (or an allow with an
 * end, ADR 0061) under `permission` whose line carries the grant marker comment, with its file, line, date, source and a stable id.
 * Never: reads the disk or judges the file's validity; a file that does not parse holds no grants.
 */
import type { ScopeName } from "@pi-permissions/policy";
import { type Node, parseTree } from "jsonc-parser";
import { GRANT_MARKER, type GrantSource } from "./grant-text-edit";

export interface PersistedGrant {
	/** Stable across sessions and edits elsewhere in the file: the scope and a hash of surface and pattern. */
	readonly id: string;
	readonly scope: ScopeName;
	readonly file: string;
	/** 1-based line of the grant's key. */
	readonly line: number;
	readonly surface: string;
	readonly pattern: string;
	/** `YYYY-MM-DD` from the marker, or `null` when the marker was edited. */
	readonly date: string | null;
	readonly source: GrantSource | null;
	/** The grant's end as written (`"expires"`, ADR 0061), or `null` when it does not end. */
	readonly expires: string | null;
}

/** The id of a grant: `<scope>-<8 hex digits>` of surface and pattern (FNV-1a), e.g. `project-3fa9c1d2`. */
function persistedGrantId(scope: ScopeName, surface: string, pattern: string): string {
	let hash = 0x811c9dc5;
	const text = `${surface}\u0000${pattern}`;
	for (let i = 0; i < text.length; i++) {
		hash ^= text.charCodeAt(i);
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	return `${scope}-${hash.toString(16).padStart(8, "0")}`;
}

export function listPersistedGrants(text: string, scope: ScopeName, file: string): readonly PersistedGrant[] {
	const tree = parseTree(text, [], { allowTrailingComma: true });
	const permission = tree === undefined ? undefined : propertyValue(tree, "permission");
	if (permission?.type !== "object") return [];
	const grants: PersistedGrant[] = [];
	for (const surfaceProperty of permission.children ?? []) {
		const [surfaceKey, surfaceValue] = surfaceProperty.children ?? [];
		if (surfaceKey === undefined || surfaceValue?.type !== "object") continue;
		for (const property of surfaceValue.children ?? []) {
			const [key, value] = property.children ?? [];
			if (key === undefined || value === undefined) continue;
			const expires = endingAllow(value);
			if (value.value !== "allow" && expires === null) continue;
			const end = text.indexOf("\n", value.offset + value.length);
			const rest = text.slice(value.offset + value.length, end === -1 ? text.length : end);
			const marker = rest.indexOf(GRANT_MARKER);
			if (marker === -1 || !/^\s*,?\s*(\/\/|\/\*)/.test(rest)) continue;
			const note = rest.slice(marker);
			const surface = String(surfaceKey.value);
			const pattern = String(key.value);
			grants.push({
				id: persistedGrantId(scope, surface, pattern),
				scope,
				file,
				line: lineOf(text, key.offset),
				surface,
				pattern,
				date: /added (\d{4}-\d{2}-\d{2})/.exec(note)?.[1] ?? null,
				source: note.includes("from the dialog") ? "dialog" : note.includes("with the CLI") ? "cli" : null,
				expires,
			});
		}
	}
	return grants;
}

/** The end of an `{ "action": "allow", "expires": "…" }` value, or `null` for any other value. */
function endingAllow(value: Node): string | null {
	if (value.type !== "object") return null;
	const action = propertyValue(value, "action");
	const expires = propertyValue(value, "expires");
	return action?.value === "allow" && typeof expires?.value === "string" ? expires.value : null;
}

function propertyValue(object: Node, name: string): Node | undefined {
	if (object.type !== "object") return undefined;
	for (const property of object.children ?? []) {
		const [key, value] = property.children ?? [];
		if (key?.value === name) return value;
	}
	return undefined;
}

function lineOf(text: string, offset: number): number {
	let line = 1;
	for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
	return line;
}
