/**
 * Owns: which of Pi's active tools stay declared to the model: every active tool not denied outright.
 * Never: activates a tool Pi left inactive (the result is a subset of the active list, in Pi's order).
 */
import type { PermissionState } from "@pi-permissions/policy";

/** The active tools to keep; a tool whose permission cannot be read is hidden (fail closed). */
export function exposedTools(active: readonly string[], permission: (toolName: string) => PermissionState): string[] {
	return active.filter((toolName) => {
		try {
			return permission(toolName) !== "deny";
		} catch {
			return false;
		}
	});
}
