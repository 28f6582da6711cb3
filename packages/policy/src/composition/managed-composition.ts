/**
 * Owns: what the managed scope and the mode keys change in a composition (ADRs 0054, 0055): the managed tier's rules,
 * lower allows dropped under `allowManagedRulesOnly`, the modes in force, `requireSandbox`, the protected paths the
 * managed file adds, the telemetry endpoint (managed, else global: never a project's), and the notices about each.
 * Never: evaluates or applies overlays; `policy-composition.ts` places these pieces in its order.
 */
import type { PermissionConfig, TelemetryConfig } from "../config/permission-config";
import type { EffectiveSandboxSettings } from "../config/sandbox-config";
import { type ManagedOutcome, managedConfigOf, managedProtectedPaths, managedRules } from "../managed/managed-scope";
import { type ModeSettings, resolveModes } from "../modes/mode-settings";
import type { PermissionMode } from "../modes/permission-mode";
import type { Rule } from "../rule";
import type { MergedScopes, ScopedConfig } from "./scope-merge";

/** A notice about the managed scope or a key a scope may not set. */
interface ManagedNotice {
	readonly kind: "managed" | "ignored-key";
	readonly message: string;
}

export interface ManagedComposition {
	/** The managed tier, origin `managed`. */
	readonly rules: readonly Rule[];
	readonly notices: readonly ManagedNotice[];
	/** `rules` of the scopes below, without their allows when the managed file allows only its own. */
	lowerRules(rules: readonly Rule[]): Rule[];
	/** The modes in force, given the merged `yoloMode` and `authorizerChain`. */
	modes(merged: { readonly yoloMode: boolean; readonly authorizerChain: readonly string[] }): ModeSettings;
	/** The merged protected paths plus the managed file's own and its location. */
	protectedPaths(merged: readonly string[]): readonly string[];
	readonly sandbox: EffectiveSandboxSettings;
	readonly telemetry: TelemetryConfig | null;
}

interface CompositionRequest {
	readonly managed?: ManagedOutcome;
	readonly mode?: PermissionMode;
	readonly yolo?: boolean;
}

export function managedComposition(
	request: CompositionRequest,
	valid: readonly ScopedConfig[],
	merged: MergedScopes,
): ManagedComposition {
	const outcome = request.managed;
	const config = managedConfigOf(outcome);
	const notices: ManagedNotice[] = [];
	if (outcome?.status === "refused")
		notices.push({
			kind: "managed",
			message: `managed policy ${outcome.file} refused: ${outcome.problem} (fix: ${outcome.fix}); every call is asked until it is fixed`,
		});
	if (outcome?.status === "invalid")
		notices.push({
			kind: "managed",
			message: `managed policy ${outcome.file} is invalid: ${outcome.problem}; its denies apply and every other call is asked`,
		});
	for (const { scope, config: scoped } of valid) {
		if (scoped.allowManagedRulesOnly !== undefined)
			notices.push({
				kind: "ignored-key",
				message: `allowManagedRulesOnly in the ${scope} scope is ignored: only the managed file sets it`,
			});
		// SECURITY: a project (which the agent may write) must never name where decisions are sent.
		if (scoped.telemetry !== undefined && scope !== "global")
			notices.push({
				kind: "ignored-key",
				message: `telemetry in the ${scope} scope is ignored: a collector is named only in the managed or global config`,
			});
	}
	// ADR 0060: Pi exports decisions to it (the adapter's telemetry sink); `/permissions` shows what was sent.
	const telemetry = config?.telemetry ?? globalTelemetry(valid);
	const managedOnly = config?.allowManagedRulesOnly === true;
	const requireSandbox = config?.requireSandbox === true || valid.some(({ config: c }) => c.requireSandbox === true);
	const extraProtected = managedProtectedPaths(outcome);
	return {
		rules: outcome === undefined ? [] : managedRules(outcome),
		notices,
		// SECURITY: ADR 0055: under `allowManagedRulesOnly` an allow written below is ignored; its denies and asks stay.
		lowerRules: (rules) => (managedOnly ? rules.filter((rule) => rule.action !== "allow") : [...rules]),
		modes: (settings) =>
			resolveModes({
				scopes: valid,
				managed: config,
				yoloMode: settings.yoloMode,
				authorizerChain: settings.authorizerChain,
				...(request.mode === undefined ? {} : { mode: request.mode }),
				...(request.yolo === undefined ? {} : { yolo: request.yolo }),
			}),
		protectedPaths: (mergedPaths) =>
			extraProtected.length === 0 ? mergedPaths : [...new Set([...mergedPaths, ...extraProtected])],
		sandbox: requireSandbox ? { ...merged.sandbox, mode: "required" } : merged.sandbox,
		telemetry,
	};
}

function globalTelemetry(valid: readonly ScopedConfig[]): TelemetryConfig | null {
	const global: PermissionConfig | undefined = valid.find(({ scope }) => scope === "global")?.config;
	return global?.telemetry ?? null;
}
