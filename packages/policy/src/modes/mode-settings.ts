/**
 * Owns: which modes a session may use and which one is in force (ADR 0054): `allowedModes` narrowed by every scope
 * that sets it and by the managed file (the lists intersect, none widens), yolo removed wherever `disableYolo` is set,
 * `auto` only with an authorizer chain, the configured start mode, and the requested mode (a launcher's or a person's
 * choice) checked against all of them, with the reason when it is refused.
 * Never: reads a launcher or the environment (callers pass the request in) or changes a rule.
 */
import type { PermissionConfig } from "../config/permission-config";
import type { ScopeName } from "../rule";
import { PERMISSION_MODES, type PermissionMode } from "./permission-mode";

/** Where a mode limit was written. */
export type ModeLimitSource = ScopeName | "managed";

export interface ModeSettings {
	/** The mode in force. */
	readonly mode: PermissionMode;
	/** The modes a person may switch to, in cycling order. */
	readonly allowed: readonly PermissionMode[];
	/** The mode a session starts in when nobody asks for another. */
	readonly defaultMode: PermissionMode;
	/** Who disables yolo (`disableYolo`); `null` when nobody does. */
	readonly yoloDisabledBy: ModeLimitSource | null;
	/** Why the requested mode (or the configured start mode) is not the one in force; `null` when it is. */
	readonly refusal: string | null;
	/** Configuration facts worth a notice (lists that share no mode). */
	readonly notes: readonly string[];
}

export interface ModeRequest {
	/** The scopes' configs, lowest first (an invalid scope contributes only its salvage, which sets no mode key). */
	readonly scopes: readonly { readonly scope: ScopeName; readonly config: PermissionConfig }[];
	/** The trusted managed config, if any. */
	readonly managed: PermissionConfig | null;
	/** The merged `yoloMode` and `authorizerChain`. */
	readonly yoloMode: boolean;
	readonly authorizerChain: readonly string[];
	/** The mode asked for (a person's switch, a launcher); absent: the configured start mode. */
	readonly mode?: PermissionMode;
	/** The legacy yolo override (`--yolo`, the toggle): `true` asks for yolo, `false` for the start mode without it. */
	readonly yolo?: boolean;
}

/** Settles the allowed modes and the mode in force. Pure; never throws. */
export function resolveModes(request: ModeRequest): ModeSettings {
	const notes: string[] = [];
	const limits: { readonly source: ModeLimitSource; readonly config: PermissionConfig }[] = [
		...request.scopes.map(({ scope, config }) => ({ source: scope, config })),
		...(request.managed === null ? [] : [{ source: "managed" as const, config: request.managed }]),
	];
	let listed: readonly PermissionMode[] = PERMISSION_MODES;
	const narrowedBy: ModeLimitSource[] = [];
	for (const { source, config } of limits) {
		if (config.allowedModes === undefined) continue;
		const narrower = listed.filter((mode) => config.allowedModes?.includes(mode));
		narrowedBy.push(source);
		if (narrower.length === 0) {
			notes.push(
				`allowedModes of ${narrowedBy.join(", ")} share no mode; ${source === "managed" ? "the managed list" : `the ${source} list`} is used alone`,
			);
			listed = PERMISSION_MODES.filter((mode) => config.allowedModes?.includes(mode));
		} else listed = narrower;
	}
	const yoloDisabledBy = limits.find(({ config }) => config.disableYolo === true)?.source ?? null;
	const usable = (mode: PermissionMode): string | null => {
		if (!listed.includes(mode)) return `\`${mode}\` is not in allowedModes (${listed.join(", ")})`;
		// SECURITY: ADR 0055: `disableYolo` from the managed file (or any scope) cannot be undone below it.
		if (mode === "yolo" && yoloDisabledBy !== null) return `yolo is disabled by the ${yoloDisabledBy} scope`;
		if (mode === "auto" && request.authorizerChain.length === 0)
			return "`auto` needs an authorizer link: name one in `authorizerChain` (e.g. the model judge)";
		return null;
	};
	let allowed = listed.filter((mode) => usable(mode) === null);
	if (allowed.length === 0) {
		notes.push("no allowed mode can be used; the session runs in `default`");
		allowed = ["default"];
	}
	const configured = configuredStartMode(request);
	const configuredProblem = usable(configured);
	const defaultMode = configuredProblem === null ? configured : fallback(allowed);
	if (configuredProblem !== null && request.mode === undefined && request.yolo === undefined) {
		const refusal = `start mode \`${configured}\` refused: ${configuredProblem}; running in \`${defaultMode}\``;
		return settings(defaultMode, allowed, defaultMode, yoloDisabledBy, refusal, notes);
	}
	const requested = requestedMode(request, defaultMode);
	const problem = usable(requested);
	const mode = problem === null ? requested : defaultMode;
	const refusal = problem === null ? null : `mode \`${requested}\` refused: ${problem}; running in \`${mode}\``;
	return settings(mode, allowed, defaultMode, yoloDisabledBy, refusal, notes);
}

function settings(
	mode: PermissionMode,
	allowed: readonly PermissionMode[],
	defaultMode: PermissionMode,
	yoloDisabledBy: ModeLimitSource | null,
	refusal: string | null,
	notes: readonly string[],
): ModeSettings {
	return { mode, allowed, defaultMode, yoloDisabledBy, refusal, notes };
}

/** The highest scope's `defaultMode`; else `yolo` for `yoloMode`, `auto` with an authorizer chain, else `default`. */
function configuredStartMode(request: ModeRequest): PermissionMode {
	const set = request.scopes.findLast(({ config }) => config.defaultMode !== undefined)?.config.defaultMode;
	if (set !== undefined) return set;
	if (request.yoloMode) return "yolo";
	return request.authorizerChain.length > 0 ? "auto" : "default";
}

function requestedMode(request: ModeRequest, defaultMode: PermissionMode): PermissionMode {
	if (request.mode !== undefined) return request.mode;
	if (request.yolo === true) return "yolo";
	// Yolo switched off: the start mode, unless that is yolo itself.
	if (request.yolo === false && defaultMode === "yolo") return "default";
	return defaultMode;
}

/** The start mode when the configured one cannot be used: `default` when allowed, else the first allowed mode. */
function fallback(allowed: readonly PermissionMode[]): PermissionMode {
	return allowed.includes("default") ? "default" : (allowed[0] ?? "default");
}
