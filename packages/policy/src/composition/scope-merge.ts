/**
 * Owns: merging config scopes (global -> project -> agent -> project-agent) while remembering which scope set
 * each surface and pattern, so composed rules carry their origin.
 * Never: validates (scopes arrive validated) or applies overlays.
 */
import type { PatternValue, PermissionConfig, ShellToolConfig, SurfaceValue } from "../config/permission-config";
import {
	type EffectiveSandboxSettings,
	layerSandboxConfig,
	SANDBOX_DEFAULTS,
	type SandboxConfig,
} from "../config/sandbox-config";
import type { PermissionState } from "../permission-state";
import type { ScopeName } from "../rule";

export interface MergedPattern {
	readonly value: PatternValue;
	readonly origin: ScopeName;
	/**
	 * The lower scope's rule with the same pattern that an ending rule (ADR 0061) replaced: it decides again once the
	 * ending rule ends, so an end gives back exactly what was there before.
	 */
	readonly under?: MergedPattern;
}

export type MergedSurface =
	| { readonly kind: "state"; readonly state: PermissionState; readonly origin: ScopeName }
	/** INVARIANT: insertion order is the first time a pattern appeared; a later scope replaces the value in place. */
	| { readonly kind: "map"; readonly patterns: ReadonlyMap<string, MergedPattern> };

export interface MergedScopes {
	/** Every key but `permission`, `shellTools` and `sandbox`: scalars and arrays, the highest scope that set them wins. */
	readonly settings: Omit<PermissionConfig, "permission" | "shellTools" | "sandbox">;
	/** The `sandbox` blocks layered lowest scope first (`layerSandboxConfig`: the mode only tightens). */
	readonly sandbox: EffectiveSandboxSettings;
	readonly permission: ReadonlyMap<string, MergedSurface>;
	readonly shellTools: ReadonlyMap<string, ShellToolConfig>;
}

export interface ScopedConfig {
	readonly scope: ScopeName;
	readonly config: PermissionConfig;
}

/** Merges scopes in the order given (lowest precedence first). */
export function mergeScopes(scopes: readonly ScopedConfig[]): MergedScopes {
	const settings: Record<string, unknown> = {};
	const permission = new Map<string, MergedSurface>();
	const shellTools = new Map<string, ShellToolConfig>();
	let sandbox = SANDBOX_DEFAULTS;
	for (const { scope, config } of scopes) {
		for (const [key, value] of Object.entries(config)) {
			if (value === undefined) continue;
			if (key === "permission") mergePermission(permission, value as Readonly<Record<string, SurfaceValue>>, scope);
			else if (key === "shellTools") {
				// A colliding tool's alias is replaced whole.
				for (const [tool, alias] of Object.entries(value as Readonly<Record<string, ShellToolConfig>>)) {
					shellTools.set(tool, alias);
				}
			} else if (key === "sandbox") {
				sandbox = layerSandboxConfig(sandbox, value as SandboxConfig);
			} else if (key === "protectedPaths") {
				// SECURITY: extend-only: a project (which the agent may write) can never drop a protected path.
				const before = (settings[key] as readonly string[] | undefined) ?? [];
				settings[key] = [...new Set([...before, ...(value as readonly string[])])];
			} else settings[key] = value; // scalars and arrays replace
		}
	}
	return { settings: settings as MergedScopes["settings"], sandbox, permission, shellTools };
}

function mergePermission(
	into: Map<string, MergedSurface>,
	permission: Readonly<Record<string, SurfaceValue>>,
	scope: ScopeName,
): void {
	for (const [surface, value] of Object.entries(permission)) {
		const existing = into.get(surface);
		if (typeof value === "string") {
			into.set(surface, { kind: "state", state: value, origin: scope });
			continue;
		}
		// A string is `{"*": value}` (the architecture's flat config), so an object merges over it as over that map:
		// the lower scope's plain action stays the surface's catch-all and the object's patterns come after it
		// (ADR 0050; the reference let the object replace the string whole, PP-278).
		const patterns = new Map<string, MergedPattern>(
			existing === undefined
				? []
				: existing.kind === "map"
					? existing.patterns
					: [["*", { value: existing.state, origin: existing.origin }]],
		);
		for (const [pattern, patternValue] of Object.entries(value)) {
			const replaced = patterns.get(pattern);
			const ends = typeof patternValue !== "string" && patternValue.action === "allow";
			patterns.set(
				pattern,
				ends && replaced !== undefined
					? { value: patternValue, origin: scope, under: replaced }
					: { value: patternValue, origin: scope },
			);
		}
		into.set(surface, { kind: "map", patterns });
	}
}
