/**
 * Owns: the `sandbox` block of a config file (mode, network allow list, whether `!` commands run sandboxed), its
 * defaults, and how scopes combine it: the mode only ever tightens, so a later scope can raise it, never lower it.
 * Never: validates (the zod block in `config-schema.ts` does) or knows how a sandbox is built or started.
 */

/** `off`: bash runs as today; `auto`: sandboxed when the sandbox can start, one warning when not; `required`: no sandbox, no bash. */
export type SandboxMode = "off" | "auto" | "required";

/** The modes, least strict first; the index is the strictness scopes merge by. */
export const SANDBOX_MODES: readonly SandboxMode[] = ["off", "auto", "required"];

interface SandboxNetworkConfig {
	/** Hosts a sandboxed command may reach through the sandbox's proxy (`example.com`, `*.example.com`, `host:443`). */
	readonly allowedDomains?: readonly string[];
}

/** The `sandbox` key of one config file. */
export interface SandboxConfig {
	readonly mode?: SandboxMode;
	readonly network?: SandboxNetworkConfig;
	/** Also sandbox the commands the user types with `!` (`user_bash`); off by default. */
	readonly userBash?: boolean;
}

/** The sandbox settings a session runs with, every field present. */
export interface EffectiveSandboxSettings {
	readonly mode: SandboxMode;
	readonly allowedDomains: readonly string[];
	readonly userBash: boolean;
}

export const SANDBOX_DEFAULTS: EffectiveSandboxSettings = { mode: "off", allowedDomains: [], userBash: false };

/**
 * Layers one scope's `sandbox` block over what the lower scopes said. The mode is the stricter of the two, so a
 * project file can require the sandbox but never switch off one the user asked for; the domain list and `userBash`
 * are the higher scope's when it sets them (a scope that may widen the network is one the user chose to trust).
 */
export function layerSandboxConfig(lower: EffectiveSandboxSettings, higher: SandboxConfig): EffectiveSandboxSettings {
	const mode = higher.mode === undefined ? lower.mode : stricterMode(lower.mode, higher.mode);
	return {
		mode,
		allowedDomains: higher.network?.allowedDomains ?? lower.allowedDomains,
		userBash: higher.userBash ?? lower.userBash,
	};
}

function stricterMode(a: SandboxMode, b: SandboxMode): SandboxMode {
	// SECURITY: a later scope (the project, which an agent may have edited before) never lowers the sandbox mode.
	return SANDBOX_MODES.indexOf(a) >= SANDBOX_MODES.indexOf(b) ? a : b;
}
