/**
 * Owns: the Pi extension factory (the package's default export), and the tiny accessor and types other extensions use
 * to reach the published service.
 * Never: does I/O or starts anything; work begins at `session_start`.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { createPermissionsExtension } from "./create-permissions-extension";
import { readHostEnvironment } from "./host-environment";

export default function piPermissions(pi: ExtensionAPI): void {
	createPermissionsExtension(readHostEnvironment())(pi);
}

export type { Readiness } from "./readiness";
export { checkReadiness } from "./readiness";
export type {
	AskDetails,
	AuthorityLog,
	Authorizer,
	AuthorizerPermissionQuery,
	AuthorizerVerdict,
	DecisionFact,
	DecisionResolution,
	Disposer,
	PermissionCheck,
	PermissionCheckResult,
	PermissionState,
	PermissionsDecisionEvent,
	PermissionsReadyEvent,
	PermissionsService,
	PermissionsUiPromptEvent,
	PromptAnnotation,
	PromptEvidence,
	PromptPayload,
	PromptPayloadKind,
	PromptRequester,
	PromptRequestFacts,
	ToolAccessExtractor,
	ToolInputFormatter,
	UiPromptSource,
} from "./service/permissions-service";
export {
	PERMISSIONS_DECISION_CHANNEL,
	PERMISSIONS_READY_CHANNEL,
	PERMISSIONS_UI_PROMPT_CHANNEL,
} from "./service/permissions-service";
export type { PermissionsServiceRegistry } from "./service/service-registry";
export { getPermissionsService } from "./service/service-registry";
