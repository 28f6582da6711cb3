export type { AuthorityEventName, AuthorityLog, AuthorityLogFields } from "./authority-log";
export { silentAuthorityLog } from "./authority-log";
export type {
	AuthoritySelectionDeps,
	SelectedAuthority,
	SessionAuthorityContext,
	TerminalKind,
} from "./chain/authority-selection";
export { selectAuthority } from "./chain/authority-selection";
export type {
	AccessFacts,
	AskDetails,
	Authorizer,
	AuthorizerVerdict,
	DecisionState,
	GrantScope,
	PermissionCheck,
	PolicyLookup,
	TerminalAuthorizer,
	TerminalDecision,
} from "./chain/authorizer";
export { decisionState, gateErrorDecision, unavailableDecision } from "./chain/authorizer";
export type { AuthorizerChainOptions, NamedAuthorizer } from "./chain/authorizer-chain";
export { composeAuthorizerChain, DEFAULT_LINK_BUDGET_MS } from "./chain/authorizer-chain";
export type { AuthorizerLookup, AuthorizerRegistrar } from "./chain/authorizer-registry";
export { AuthorizerRegistry } from "./chain/authorizer-registry";
export type { ChainEscalatorDeps } from "./chain/chain-escalator";
export { ChainEscalator } from "./chain/chain-escalator";
export type { DecisionSource, DecisionSourceKind } from "./chain/decision-source";
export { DECISION_SOURCE_MAX_DEPTH, innermostDecisionSource, readDecisionSource } from "./chain/decision-source";
export { capVerdict, isDelegationExcluded } from "./chain/delegation-envelope";
export { DenyingAuthorizer, NO_AUTHORITY_REASON } from "./chain/denying-authorizer";
export type { UserAnswer, UserPrompt } from "./chain/local-user-authorizer";
export { LocalUserAuthorizer, offeredScopes } from "./chain/local-user-authorizer";
export type { Clock } from "./clock";
export { systemClock } from "./clock";
export type { ForwardedAccessIntent, ForwardedRequest } from "./forwarding/forwarded-request";
export { readAccessIntent, readForwardedRequest } from "./forwarding/forwarded-request";
export type { ForwardedYolo } from "./forwarding/forwarded-request-resolver";
export type { ForwardedAnswerListener, ForwardedRequestServerDeps } from "./forwarding/forwarded-request-server";
export { DEFAULT_MAX_REQUEST_BYTES, ForwardedRequestServer } from "./forwarding/forwarded-request-server";
export type { ForwardedResponse } from "./forwarding/forwarded-response";
export { readForwardedResponse } from "./forwarding/forwarded-response";
export type { BoundedRead, EntryKind, ForwardingFileSystem } from "./forwarding/forwarding-file-system";
export type { Inbox } from "./forwarding/forwarding-layout";
export { encodeSessionIdForPath, ForwardingLayout, isSafeRequestId } from "./forwarding/forwarding-layout";
export type { ForwardingServingLoopDeps } from "./forwarding/forwarding-serving-loop";
export { ForwardingServingLoop } from "./forwarding/forwarding-serving-loop";
export { ForwardingStore } from "./forwarding/forwarding-store";
export { NodeForwardingFileSystem } from "./forwarding/node-forwarding-file-system";
export type { ParentAuthorizerDeps } from "./forwarding/parent-authorizer";
export {
	ParentAuthorizer,
	PERMISSION_FORWARDING_POLL_INTERVAL_MS,
	PERMISSION_FORWARDING_SERVING_GRACE_MS,
	PERMISSION_FORWARDING_TIMEOUT_MS,
} from "./forwarding/parent-authorizer";
export type { IdGenerator } from "./ids";
export { systemIdGenerator } from "./ids";
export { ForwardingLivenessJudge } from "./liveness/forwarding-liveness";
export { processIsAlive } from "./liveness/pid-probe";
export type { HeartbeatRecord, LivenessState, PidProbe } from "./liveness/serving-heartbeat";
export {
	classifyHeartbeat,
	HeartbeatStore,
	readHeartbeatRecord,
	SERVING_HEARTBEAT_REFRESH_MS,
	SERVING_HEARTBEAT_STALE_MS,
} from "./liveness/serving-heartbeat";
export { ServingRegistry } from "./liveness/serving-registry";
export type { SessionAuthorityOptions, SessionAuthorityTiming } from "./session-authority";
export { DEFAULT_TIMING, SessionAuthority } from "./session-authority";
export type { Environment, ForwardingTarget, TargetSource } from "./subagent/forwarding-target";
export {
	isSubagentSession,
	normalizeSessionId,
	resolveForwardingTarget,
	SUBAGENT_ENV_HINT_KEYS,
	SUBAGENT_PARENT_SESSION_ENV_KEYS,
} from "./subagent/forwarding-target";
export type { ChildSession, SubagentLookup } from "./subagent/subagent-registry";
export { SubagentRegistry } from "./subagent/subagent-registry";
