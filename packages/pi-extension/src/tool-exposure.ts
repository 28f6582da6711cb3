/**
 * Owns: which tools stay declared to the model: every active tool not denied outright, plus the tools this extension
 * hid earlier whose deny has since been lifted (a reload), and the record of which tools it hid.
 * Never: activates a tool Pi (or the user, or another extension) left inactive; only its own removals are undone.
 */
import type { PermissionState } from "@pi-permissions/policy";

interface ToolExposure {
	/** The tools to declare: Pi's active tools in Pi's order, then the restored ones. */
	readonly exposed: readonly string[];
	/** The tools this extension has hidden and may restore later. */
	readonly hidden: readonly string[];
}

/**
 * `active` narrowed (a tool whose permission cannot be read is hidden: fail closed), with `previouslyHidden` tools that are still registered (`registered`) and no longer denied
 * restored after them.
 */
export function toolExposure(
	active: readonly string[],
	previouslyHidden: readonly string[],
	registered: ReadonlySet<string>,
	permission: (toolName: string) => PermissionState,
): ToolExposure {
	const activeSet = new Set(active);
	const candidates = [
		...active,
		...previouslyHidden.filter((toolName) => !activeSet.has(toolName) && registered.has(toolName)),
	];
	const exposed: string[] = [];
	const hidden: string[] = [];
	for (const toolName of candidates) (isDenied(toolName, permission) ? hidden : exposed).push(toolName);
	return { exposed, hidden };
}

function isDenied(toolName: string, permission: (toolName: string) => PermissionState): boolean {
	try {
		return permission(toolName) === "deny";
	} catch {
		return true;
	}
}
