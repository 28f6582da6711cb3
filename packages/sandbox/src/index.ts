export type { BlockedAccess, BlockedContext } from "./blocked-report";
export { explainBlocked, MAX_BLOCKED_REPORTS, renderBlocked } from "./blocked-report";
export type { ComposedPlanFacts } from "./composed-sandbox-plan";
export { composedSandboxPlan } from "./composed-sandbox-plan";
export { renderSandboxPlan } from "./plan-text";
export type { GlobRoots, GlobTranslation } from "./policy-glob";
export { isCatchAllPattern, toSandboxGlob, translatePattern } from "./policy-glob";
export type { SandboxRuntimeSettings } from "./runtime-config";
export { toRuntimeSettings } from "./runtime-config";
export type {
	ProtectedTargetEntry,
	SandboxBecause,
	SandboxEntry,
	SandboxPlan,
	SandboxPlanInput,
	SkippedEntry,
} from "./sandbox-plan";
export { planSandbox, READ_DENY_SURFACES, WRITE_DENY_SURFACES } from "./sandbox-plan";
export type { SandboxUnavailable } from "./sandbox-runtime";
export { installHint, RUNTIME_PACKAGE, SandboxRuntime } from "./sandbox-runtime";
