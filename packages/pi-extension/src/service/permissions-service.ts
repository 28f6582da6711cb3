/**
 * Owns: the public vocabulary of the cross-extension service: `PermissionsService`, the formatter type, and the
 * payload types of the `permissions:*` events, as plain data and functions.
 * Never: holds behaviour; the service is built in `create-permissions-service.ts` and published by the registry.
 */
import type { ToolAccessExtractor } from "@pi-permissions/access-intent";
import type { Authorizer } from "@pi-permissions/authority";
import type { DecisionFact, PermissionCheckResult } from "@pi-permissions/engine";
import type { PermissionState } from "@pi-permissions/policy";
import type { UiPromptEvent } from "@pi-permissions/presentation";

export type { ToolAccessExtractor } from "@pi-permissions/access-intent";
export type {
	AskDetails,
	AuthorityLog,
	Authorizer,
	AuthorizerVerdict,
	PermissionCheck,
	PolicyLookup as AuthorizerPermissionQuery,
} from "@pi-permissions/authority";
export type { DecisionFact, DecisionResolution, PermissionCheckResult } from "@pi-permissions/engine";
export type { PermissionState } from "@pi-permissions/policy";
export type {
	PromptAnnotation,
	PromptEvidence,
	PromptPayload,
	PromptPayloadKind,
	PromptRequester,
	PromptRequestFacts,
	UiPromptSource,
} from "@pi-permissions/presentation";

/**
 * A one-line preview of a tool's input, shown in the ask as an attributed advisory. `undefined` (or a blank string)
 * shows nothing extra; a throw is ignored. It never changes a decision.
 */
export type ToolInputFormatter = (input: unknown) => string | undefined;

/** Removes one registration; after a re-registration under the same name it does nothing. Idempotent. */
export type Disposer = () => void;

/**
 * Why a registered authorizer cannot answer now, as one line (`no usable credentials for its model`), or `null` when
 * it can. pi-permissions reads it after the session started and for `/permissions`, and shows a link that is not
 * judging as a start-up warning, a status-line mark and a `/permissions` line. Must not throw (a throw reads as a
 * problem).
 */
export type AuthorizerStatus = () => string | null;

/** What one Pi session's pi-permissions publishes for other extensions. Every member is a plain function. */
export interface PermissionsService {
	/** The session this service belongs to. */
	readonly sessionId: string;
	/** The decision a gate would reach for `value` on `surface` (`*` when omitted), session rules included. */
	checkPermission(surface: string, value?: string, agentName?: string): PermissionCheckResult;
	/** The tool's surface-level state (for pre-filtering tools): fail-closed applies, yolo and session rules do not. */
	getToolPermission(toolName: string, agentName?: string): PermissionState;
	/** One formatter per tool name (a second registration throws). */
	registerToolInputFormatter(toolName: string, formatter: ToolInputFormatter): Disposer;
	/** Declares the paths a custom tool accesses, so the `path` and `external_directory` gates see them. */
	registerToolAccessExtractor(toolName: string, extractor: ToolAccessExtractor): Disposer;
	/**
	 * A named chain link; it decides nothing until the operator names it in `authorizerChain`. `status`, when given,
	 * says whether it can answer (see `AuthorizerStatus`).
	 */
	registerAuthorizer(name: string, authorizer: Authorizer, status?: AuthorizerStatus): Disposer;
}

/** The `permissions:ready` payload: emitted at `session_start`, right after the session's service is published. */
export interface PermissionsReadyEvent {
	readonly sessionId: string;
}

/** The `permissions:ui_prompt` payload: emitted immediately before a human is actually asked, and only then. */
export type PermissionsUiPromptEvent = UiPromptEvent;

/** The `permissions:decision` payload: one per permission request (a tool call may raise several). */
export type PermissionsDecisionEvent = DecisionFact;

export const PERMISSIONS_READY_CHANNEL = "permissions:ready";
export const PERMISSIONS_DECISION_CHANNEL = "permissions:decision";
export const PERMISSIONS_UI_PROMPT_CHANNEL = "permissions:ui_prompt";
