// The contracts: what an ask is, who may answer it, and what they answer (ADR 0043: forwarding and liveness are
// internal, tested from inside; the adapter reaches them through `SessionAuthority`).
export type { AuthorityEventName, AuthorityLog, AuthorityLogFields } from "./authority-log";
export { silentAuthorityLog } from "./authority-log";
export type {
	AccessFacts,
	AskDetails,
	Authorizer,
	AuthorizerVerdict,
	GrantScope,
	PermissionCheck,
	PolicyLookup,
	TerminalAuthorizer,
	TerminalDecision,
} from "./chain/authorizer";
export { AuthorizerRegistry } from "./chain/authorizer-registry";
export type { DecisionSource } from "./chain/decision-source";
export { innermostDecisionSource } from "./chain/decision-source";
export type { UserAnswer, UserPrompt } from "./chain/local-user-authorizer";
export type { Clock } from "./clock";
export { systemClock } from "./clock";
export type { ForwardedAccessIntent, ForwardedRequest } from "./forwarding/forwarded-request";
export type { ForwardedYolo } from "./forwarding/forwarded-request-resolver";
export type { ForwardingFileSystem } from "./forwarding/forwarding-file-system";
export { NodeForwardingFileSystem } from "./forwarding/node-forwarding-file-system";
export type { IdGenerator } from "./ids";
export { systemIdGenerator } from "./ids";
export { processIsAlive } from "./liveness/pid-probe";
export type { PidProbe } from "./liveness/serving-heartbeat";
export { ServingRegistry } from "./liveness/serving-registry";
export { ProcessGlobalSlot } from "./process-global-slot";
export type { SessionAuthorityOptions } from "./session-authority";
export { SessionAuthority } from "./session-authority";
export type { ChildSession } from "./subagent/subagent-registry";
export { SubagentRegistry } from "./subagent/subagent-registry";
