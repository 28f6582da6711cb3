/**
 * Owns: the TypeScript shape of a validated config file and the defaults of its optional settings.
 * Never: validates; `config-validation.ts` produces these values, and a compile-time check in `config-schema.ts` ties
 * them to the zod schema.
 */
import type { PermissionMode } from "../modes/permission-mode";
import type { PermissionState } from "../permission-state";
import type { SandboxConfig } from "./sandbox-config";

/** A deny rule that carries the operator's reason for the user and the agent. */
type DenyWithReason = { readonly action: "deny"; readonly reason?: string };

/**
 * An allow rule that ends (ADR 0061): it decides until `expires` (a UTC date `YYYY-MM-DD`, ending at 00:00 UTC of that
 * day, or a UTC instant `YYYY-MM-DDTHH:MM[:SS]Z`) and never after.
 */
type AllowUntil = { readonly action: "allow"; readonly expires: string };

/** What one pattern maps to. */
export type PatternValue = PermissionState | DenyWithReason | AllowUntil;

/** Patterns of one surface mapped to actions, in insertion order (the last match wins). */
type PatternMap = Readonly<Record<string, PatternValue>>;

/** A surface maps to one action (short for `{ "*": action }`) or to a pattern map. */
export type SurfaceValue = PermissionState | PatternMap;

/** Where a shell-like tool keeps its command and, optionally, its working directory. */
export interface ShellToolConfig {
	readonly commandArgument: string;
	readonly workdirArgument?: string;
}

/** One example call of the policy and the decision it must get (the `tests` key); exactly one input form is set. */
export interface PolicyExample {
	readonly name?: string;
	readonly tool: string;
	readonly command?: string;
	readonly path?: string;
	readonly input?: Readonly<Record<string, unknown>>;
	readonly agent?: string;
	readonly expect: PermissionState;
}

/** The desktop notification escape a waiting dialog sends: none, OSC 9, or OSC 777. */
export type PromptPingDesktop = "off" | "osc9" | "osc777";

/**
 * Where decision records go as OpenTelemetry log records over OTLP/HTTP (ADR 0055). Read from the managed or the
 * global scope only: a project (which the agent may have written) never names a collector.
 */
export interface TelemetryConfig {
	/** The OTLP/HTTP logs endpoint, e.g. `https://otel.example.com/v1/logs`. */
	readonly endpoint: string;
	/** Headers sent with every export (an API key); never shown or logged. */
	readonly headers?: Readonly<Record<string, string>>;
}

/** One config file (or agent frontmatter block) after validation. Absent keys take `CONFIG_DEFAULTS`. */
export interface PermissionConfig {
	readonly $schema?: string;
	readonly debugLog?: boolean;
	readonly permissionReviewLog?: boolean;
	readonly yoloMode?: boolean;
	/** Deprecated: accepted, ignored, and reported as a warning (ADR 0049: the dialog always confirms with enter). */
	readonly doublePressToConfirm?: boolean;
	readonly forwardingTimeoutMs?: number;
	readonly promptMaxRows?: number;
	readonly promptFieldMaxWidth?: number;
	readonly reviewLogFieldMaxWidth?: number;
	/** Deprecated: accepted, ignored, and reported as a warning. */
	readonly toolInputPreviewMaxLength?: number;
	/** Deprecated: accepted, ignored, and reported as a warning. */
	readonly toolTextSummaryMaxLength?: number;
	readonly piInfrastructureReadPaths?: readonly string[];
	/** More protected targets; extend-only: scopes add to each other and to the built-in list. */
	readonly protectedPaths?: readonly string[];
	readonly authorizerChain?: readonly string[];
	/** Extension tools `permission` may name without a warning. */
	readonly knownTools?: readonly string[];
	// The prompt ping (ADR 0033).
	readonly promptPingBell?: boolean;
	readonly promptPingDesktop?: PromptPingDesktop;
	readonly promptPingDelaySeconds?: number;
	readonly permission?: Readonly<Record<string, SurfaceValue>>;
	readonly shellTools?: Readonly<Record<string, ShellToolConfig>>;
	/** Examples the policy must satisfy; they never change a decision. */
	readonly tests?: readonly PolicyExample[];
	/** Run allowed bash calls in an OS sandbox; scopes merge it with `layerSandboxConfig`. */
	readonly sandbox?: SandboxConfig;
	// Modes and the managed scope (ADRs 0054, 0055).
	/** The mode a session starts in; absent: `yolo` when `yoloMode` is set, `auto` with an `authorizerChain`, else `default`. */
	readonly defaultMode?: PermissionMode;
	/** The modes a session may use; scopes only narrow it (their lists intersect). */
	readonly allowedModes?: readonly PermissionMode[];
	/** Yolo cannot be used (`--yolo`, the flag, the toggle and the mode are refused); any scope may set it. */
	readonly disableYolo?: boolean;
	/** Raises `sandbox.mode` to `required`. */
	readonly requireSandbox?: boolean;
	/** Only the managed scope's allow rules count (read from the managed file only). */
	readonly allowManagedRulesOnly?: boolean;
	/** Decision records exported over OTLP/HTTP (read from the managed or global scope only). */
	readonly telemetry?: TelemetryConfig;
}

/** The value of every setting that has a default, used when no scope sets it. */
export const CONFIG_DEFAULTS = {
	debugLog: false,
	permissionReviewLog: true,
	yoloMode: false,
	forwardingTimeoutMs: 600_000,
	promptMaxRows: 24,
	promptFieldMaxWidth: 400,
	reviewLogFieldMaxWidth: 1000,
	piInfrastructureReadPaths: [] as readonly string[],
	protectedPaths: [] as readonly string[],
	authorizerChain: [] as readonly string[],
	promptPingBell: true,
	promptPingDesktop: "off" as PromptPingDesktop,
	promptPingDelaySeconds: 15,
} as const satisfies Required<
	Pick<
		PermissionConfig,
		| "debugLog"
		| "permissionReviewLog"
		| "yoloMode"
		| "forwardingTimeoutMs"
		| "promptMaxRows"
		| "promptFieldMaxWidth"
		| "reviewLogFieldMaxWidth"
		| "piInfrastructureReadPaths"
		| "protectedPaths"
		| "authorizerChain"
		| "promptPingBell"
		| "promptPingDesktop"
		| "promptPingDelaySeconds"
	>
>;
