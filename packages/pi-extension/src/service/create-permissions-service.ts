/**
 * Owns: building one session's `PermissionsService`: a frozen object of plain functions over the engine's
 * `PermissionQuery` (gate parity) and the session's `SessionExtensions`.
 * Never: hands out an internal object: every answer is a fresh copy, and a query that throws answers `ask`.
 */
import type { PermissionCheckResult, PermissionQuery } from "@pi-permissions/engine";
import type { PermissionState } from "@pi-permissions/policy";
import type { PermissionsService } from "./permissions-service";
import type { SessionExtensions } from "./session-extensions";

export function createPermissionsService(
	sessionId: string,
	query: PermissionQuery,
	extensions: SessionExtensions,
): PermissionsService {
	return Object.freeze({
		sessionId,
		checkPermission(surface: string, value?: string, agentName?: string): PermissionCheckResult {
			try {
				const result = query.checkPermission(surface, value, agentName);
				return { ...result, matchValues: result.matchValues === null ? null : [...result.matchValues] };
			} catch (error) {
				// SECURITY: a query that cannot be evaluated never reads as allow.
				return undecided(surface, value, error);
			}
		},
		getToolPermission(toolName: string, agentName?: string): PermissionState {
			try {
				return query.getToolPermission(toolName, agentName);
			} catch {
				return "ask";
			}
		},
		registerToolInputFormatter: (toolName, formatter) => extensions.registerFormatter(toolName, formatter),
		registerToolAccessExtractor: (toolName, extractor) => extensions.registerExtractor(toolName, extractor),
		registerAuthorizer: (name, authorizer, status) => extensions.registerAuthorizer(name, authorizer, status),
	} satisfies PermissionsService);
}

function undecided(surface: string, value: string | undefined, error: unknown): PermissionCheckResult {
	return {
		surface,
		value: value ?? "*",
		state: "ask",
		matchedPattern: null,
		origin: null,
		reason: error instanceof Error ? error.message : String(error),
		decidingUnit: null,
		commandContext: null,
		executedUnit: null,
		matchValues: null,
		floored: false,
	};
}
