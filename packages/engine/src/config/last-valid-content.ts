/**
 * Owns: what a long-lived loader uses for a file that was valid and now reads as broken (an editor mid-save, a typo
 * being fixed): its last valid content, plus every deny the broken version adds, with a warning (ADR 0021).
 * Never: widens the last valid content (it only adds denies), or stands in for a trust refusal or a bad agent name.
 */
import type { PatternValue, PermissionConfig, SurfaceValue } from "@pi-permissions/policy";
import type { ConfigLoadIssue, ConfigLoadIssueKind } from "./config-load-issue";
import { loadIssue } from "./config-load-issue";
import type { FileIdentity, InterpretedScope } from "./config-text-interpretation";

/** The content a loader last read as valid for one scope's file. */
export interface LastValid {
	readonly config: PermissionConfig;
}

/** Problems of the file's content or of reading it, which an in-progress save explains. */
const CONTENT_KINDS: ReadonlySet<ConfigLoadIssueKind> = new Set(["syntax", "schema", "key-order", "unreadable"]);

/**
 * The last valid content (with the broken version's salvaged denies added) as a valid scope whose issues are the
 * broken version's, as warnings, after one that says what happened; `null` when the failure is not about content.
 */
export function lastValidFallback(
	last: LastValid,
	broken: InterpretedScope & { status: "invalid" },
	at: FileIdentity,
): InterpretedScope | null {
	if (!broken.issues.every((issue) => CONTENT_KINDS.has(issue.kind))) return null;
	const config = broken.salvaged === undefined ? last.config : withDenies(last.config, broken.salvaged);
	const first = broken.issues.find((issue) => issue.severity === "error");
	const where = first?.line === null || first === undefined ? "" : ` (line ${first.line}: ${first.message})`;
	const notice: ConfigLoadIssue = loadIssue(
		first?.kind ?? "schema",
		at.scope,
		at.file,
		{
			keyPath: [],
			message: `the file is not valid now${where}; its last valid content is used, with any denies the new text adds`,
			hint: "fix the file; it is used as written once it is valid again",
			severity: "warning",
		},
		null,
	);
	const issues = broken.issues.map((issue): ConfigLoadIssue => ({ ...issue, severity: "warning" }));
	return { status: "valid", config, issues: [notice, ...issues] };
}

/**
 * `config` with every deny of `denies` applied on top: a denied surface replaces the surface, a denied pattern moves
 * to the end of its surface (so it is the last match wherever it matches). Each step can only turn a call into a deny.
 */
export function withDenies(config: PermissionConfig, denies: PermissionConfig): PermissionConfig {
	const permission: Record<string, SurfaceValue> = { ...(config.permission ?? {}) };
	for (const [surface, value] of Object.entries(denies.permission ?? {})) {
		const existing = Object.hasOwn(permission, surface) ? permission[surface] : undefined;
		if (typeof value === "string" || existing === "deny") {
			define(permission, surface, "deny");
			continue;
		}
		const map: Record<string, PatternValue> =
			existing === undefined ? {} : typeof existing === "string" ? { "*": existing } : { ...existing };
		for (const [pattern, patternValue] of Object.entries(value)) {
			delete map[pattern];
			define(map, pattern, patternValue);
		}
		define(permission, surface, map);
	}
	return { ...config, permission };
}

function define<T>(target: Record<string, T>, key: string, value: T): void {
	Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
