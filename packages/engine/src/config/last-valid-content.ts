/**
 * Owns: what a long-lived loader uses for a file that was valid and now reads as broken (an editor mid-save, a typo
 * being fixed): its last valid content, plus every deny the broken version adds, with a notice (ADR 0021).
 * Never: widens the last valid content (it only adds denies), or stands in for a trust refusal or a bad agent name.
 */
import type { PatternValue, PermissionConfig, SurfaceValue } from "@pi-permissions/policy";
import type { ConfigLoadIssueKind, ConfigLoadNotice } from "./config-load-issue";
import type { FileIdentity, InterpretedScope } from "./config-text-interpretation";

/** The content a loader last read as valid for one scope's file. */
export interface LastValid {
	readonly config: PermissionConfig;
}

/** Problems of the file's content or of reading it, which an in-progress save explains. */
const CONTENT_KINDS: ReadonlySet<ConfigLoadIssueKind> = new Set(["syntax", "schema", "key-order", "unreadable"]);

/**
 * The last valid content (with the broken version's salvaged denies added) as a valid scope that still reports the
 * broken version's issues (errors stay errors: the file is broken), and the notice saying what is used instead;
 * `null` when the failure is not about content.
 */
export function lastValidFallback(
	last: LastValid,
	broken: InterpretedScope & { status: "invalid" },
	at: FileIdentity,
): { readonly scope: InterpretedScope; readonly notice: ConfigLoadNotice } | null {
	if (!broken.issues.every((issue) => CONTENT_KINDS.has(issue.kind))) return null;
	const config = broken.salvaged === undefined ? last.config : withDenies(last.config, broken.salvaged);
	const notice: ConfigLoadNotice = {
		kind: "last-valid-content",
		scope: at.scope,
		file: at.file,
		message: `${at.scope} config is not valid now; its last valid content is used, with any denies the new text adds, until it is fixed`,
	};
	return { scope: { status: "valid", config, issues: broken.issues }, notice };
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
