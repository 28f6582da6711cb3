/**
 * Owns: composing validated scopes into the policy a session decides with: universal default -> MCP baseline ->
 * config rules (an invalid scope contributes only its salvaged denies) -> the managed tier (ADR 0055), then the
 * fail-closed overlay (any invalid scope, global included), then yolo (suspended while a scope is invalid, never over
 * a managed ask); all deny-preserving. The mode in force (ADR 0054) is settled here too: yolo is the mode `yolo`.
 * Never: reads files or session state; the loader hands in each scope's outcome and the caller layers session rules.
 */
import { CompiledPolicy, isCatchAll, type PolicyEnvironment } from "../compiled-policy";
import type { ConfigIssue } from "../config/config-issue";
import type { PermissionConfig, ShellToolConfig, TelemetryConfig } from "../config/permission-config";
import { CONFIG_DEFAULTS } from "../config/permission-config";
import type { EffectiveSandboxSettings } from "../config/sandbox-config";
import { type ManagedFacts, type ManagedOutcome, managedFacts } from "../managed/managed-scope";
import type { ModeSettings } from "../modes/mode-settings";
import type { PermissionMode } from "../modes/permission-mode";
import type { PermissionState } from "../permission-state";
import type { Rule, Ruleset, ScopeName } from "../rule";
import { UNIVERSAL_SURFACE } from "../rule";
import { surfaceConfigRules, universalRules } from "./config-rules";
import { type ManagedComposition, managedComposition } from "./managed-composition";
import { mcpBaselineRules } from "./mcp-baseline";
import { failClosedOverlay, yoloOverlay } from "./policy-overlays";
import { type MergedScopes, mergeScopes, type ScopedConfig } from "./scope-merge";

/** What the loader found for one scope. */
export type ScopeOutcome =
	| { readonly scope: ScopeName; readonly status: "valid"; readonly config: PermissionConfig; readonly source?: string }
	| {
			readonly scope: ScopeName;
			readonly status: "invalid";
			readonly issues: readonly ConfigIssue[];
			readonly source?: string;
			/**
			 * What the broken file still says that is safe to apply (`salvageConfig`): its deny rules, each validated on
			 * its own. Absent when the file did not parse: it then contributes nothing, and still floors every allow.
			 */
			readonly salvaged?: PermissionConfig;
	  }
	| { readonly scope: ScopeName; readonly status: "absent" };

export type EffectiveSettings = Required<
	Omit<
		PermissionConfig,
		| "permission"
		| "shellTools"
		| "$schema"
		| "doublePressToConfirm"
		| "toolInputPreviewMaxLength"
		| "toolTextSummaryMaxLength"
		| "knownTools"
		// Examples are read per scope by the tools that run them; they are not a setting and never decide.
		| "tests"
		| "sandbox"
		// Modes and the managed scope are reported as `ComposedPolicy.modes`, `.managed` and `.telemetry`.
		| "defaultMode"
		| "allowedModes"
		| "disableYolo"
		| "requireSandbox"
		| "allowManagedRulesOnly"
		| "telemetry"
	>
>;

/** A fact about the composition the operator should see (startup warnings, `/permissions`, `config show`). */
type CompositionNotice =
	| { readonly kind: "fail-closed"; readonly scopes: readonly ScopeName[]; readonly message: string }
	| { readonly kind: "yolo-suspended"; readonly scopes: readonly ScopeName[]; readonly message: string }
	| { readonly kind: "permissive-universal"; readonly message: string }
	/** The managed file, its modes and telemetry: a refused or broken managed file, a refused mode, an ignored key. */
	| { readonly kind: "managed" | "mode" | "ignored-key"; readonly message: string };

export interface CompositionInput {
	/** Scope outcomes in precedence order, lowest first (global, project, agent, project-agent). */
	readonly scopes: readonly ScopeOutcome[];
	readonly env: PolicyEnvironment;
	/** Overrides the merged `yoloMode` (a CLI flag, an environment override, a session toggle). */
	readonly yolo?: boolean;
	/** The mode asked for (a person's switch, a launcher, `--mode`); it wins over `yolo`. Absent: the start mode. */
	readonly mode?: PermissionMode;
	/** What the loader found at the managed location (ADR 0055); absent: none. */
	readonly managed?: ManagedOutcome;
}

export interface ComposedPolicy {
	readonly settings: EffectiveSettings;
	readonly shellTools: ReadonlyMap<string, ShellToolConfig>;
	readonly merged: MergedScopes;
	/** The sandbox settings (ADR 0037); `mode: "off"` unless a scope asks for it. */
	readonly sandbox: EffectiveSandboxSettings;
	/** The rules decisions use: overlays applied. */
	readonly rules: Ruleset;
	/** The rules shown to people and used for tool exposure: fail-closed applied, yolo not. */
	readonly displayRules: Ruleset;
	/**
	 * The rules as the scopes wrote them, before any overlay: overlays rewrite rules one for one, so the rule at an
	 * index of `rules` was written as the rule at that index here (an explanation names both).
	 */
	readonly writtenRules: Ruleset;
	/** Whether yolo is in effect: requested and not suspended. */
	readonly yolo: boolean;
	/**
	 * Yolo was requested (flag, toggle or `yoloMode`) but lifts nothing because a scope is invalid (ADR 0021); the
	 * status line and `/permissions` should say so.
	 */
	readonly yoloSuspended: boolean;
	/** Scopes that failed to load and so clamp every allow to ask (global included, ADR 0021). */
	readonly failClosedScopes: readonly ScopeName[];
	readonly notices: readonly CompositionNotice[];
	/** The mode in force (ADR 0054); `yolo` exactly when `yolo` is requested (suspended or not). */
	readonly mode: PermissionMode;
	/** The allowed modes, the start mode and why a requested mode was refused. */
	readonly modes: ModeSettings;
	/** The managed file and what of it is in force; `null` when there is none. */
	readonly managed: ManagedFacts | null;
	/** Where decisions are exported (the managed scope's, else the global scope's); `null`: nowhere. */
	readonly telemetry: TelemetryConfig | null;
	readonly decision: CompiledPolicy;
	/** Surface-level state for tool exposure (`getToolPermission`): fail-closed applies, yolo does not. */
	toolPermission(tool: string): PermissionState;
}

const BUILTIN_DEFAULT: Rule = { surface: UNIVERSAL_SURFACE, pattern: "*", action: "ask", origin: "builtin" };

export function composePolicy(input: CompositionInput): ComposedPolicy {
	const valid: ScopedConfig[] = [];
	const failClosedScopes: ScopeName[] = [];
	const notices: CompositionNotice[] = [];
	for (const outcome of input.scopes) {
		switch (outcome.status) {
			case "valid":
				valid.push({ scope: outcome.scope, config: outcome.config });
				break;
			case "invalid":
				// SECURITY: ADR 0022: a broken file keeps its denies (ADR 0021, superseding ADR 0003 on PP-102).
				if (outcome.salvaged !== undefined) valid.push({ scope: outcome.scope, config: outcome.salvaged });
				failClosedScopes.push(outcome.scope);
				break;
			case "absent":
				break;
			default: {
				const unhandled: never = outcome;
				throw new Error(`unhandled scope outcome ${String(unhandled)}`);
			}
		}
	}
	if (failClosedScopes.length > 0) {
		notices.push({
			kind: "fail-closed",
			scopes: failClosedScopes,
			message: `${failClosedScopes.join(", ")} scope invalid, allow clamped to ask`,
		});
	}

	const merged = mergeScopes(valid);
	const managed: ManagedComposition = managedComposition(input, valid, merged);
	notices.push(...managed.notices);
	const universal = managed.lowerRules(universalRules(merged));
	const configRules = managed.lowerRules(surfaceConfigRules(merged));
	const base: Rule[] = [
		BUILTIN_DEFAULT, // shadowed by a config `"*"` catch-all; still answers values a narrower universal rule misses
		...universal,
		...mcpBaselineRules([...configRules, ...managed.rules]),
		...configRules,
		// ADR 0055: the managed tier, last; `CompiledPolicy` combines it above everything below.
		...managed.rules,
	];
	if (hasPermissiveUniversal(universal) && !configRules.some((r) => r.surface === "bash" && isCatchAll(r.pattern))) {
		notices.push({
			kind: "permissive-universal",
			message: 'bash inherits permissive top-level "*": "allow"; give `bash` its own rules',
		});
	}

	const displayRules = failClosedScopes.length > 0 ? failClosedOverlay(base) : base;
	const settings: EffectiveSettings = { ...CONFIG_DEFAULTS, ...stripDeprecated(merged.settings) };
	const modes = managed.modes(settings);
	if (modes.refusal !== null) notices.push({ kind: "mode", message: modes.refusal });
	for (const note of modes.notes) notices.push({ kind: "mode", message: note });
	const yoloRequested = modes.mode === "yolo";
	// SECURITY: ADR 0022: while any scope is invalid yolo lifts nothing, so a broken file never becomes an allow.
	const yoloSuspended = yoloRequested && failClosedScopes.length > 0;
	const yolo = yoloRequested && !yoloSuspended;
	if (yoloSuspended) {
		notices.push({
			kind: "yolo-suspended",
			scopes: failClosedScopes,
			message: `yolo suspended: ${failClosedScopes.join(", ")} scope invalid, asks are asked until it is fixed`,
		});
	}
	const rules = yolo ? yoloOverlay(displayRules) : displayRules;
	const decision = CompiledPolicy.compile(rules, input.env);
	let display: CompiledPolicy | undefined = yolo ? undefined : decision;
	return {
		settings: { ...settings, yoloMode: yolo, protectedPaths: managed.protectedPaths(settings.protectedPaths) },
		shellTools: merged.shellTools,
		merged,
		sandbox: managed.sandbox,
		rules,
		displayRules,
		writtenRules: base,
		yolo,
		yoloSuspended,
		failClosedScopes,
		notices,
		mode: modes.mode,
		modes,
		managed: input.managed === undefined ? null : managedFacts(input.managed),
		telemetry: managed.telemetry,
		decision,
		toolPermission(tool: string): PermissionState {
			display ??= CompiledPolicy.compile(displayRules, input.env);
			return display.surfaceState(tool);
		},
	};
}

function hasPermissiveUniversal(universal: readonly Rule[]): boolean {
	const catchAll = universal.filter((rule) => rule.pattern === "*").at(-1);
	return catchAll?.action === "allow";
}

function stripDeprecated(settings: MergedScopes["settings"]): Partial<EffectiveSettings> {
	const {
		$schema: _schema,
		doublePressToConfirm: _double,
		toolInputPreviewMaxLength: _a,
		toolTextSummaryMaxLength: _b,
		knownTools: _known,
		tests: _tests,
		defaultMode: _defaultMode,
		allowedModes: _allowedModes,
		disableYolo: _disableYolo,
		requireSandbox: _requireSandbox,
		allowManagedRulesOnly: _managedOnly,
		telemetry: _telemetry,
		...rest
	} = settings;
	return rest;
}
