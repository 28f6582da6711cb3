/**
 * Owns: the sandbox-runtime configuration a `SandboxPlan` becomes (`filesystem.denyRead/allowWrite/denyWrite`,
 * `network.allowedDomains`, `network.deniedDomains`), as a structural type so the pure half of this package never imports the runtime.
 * Never: decides what is denied (`sandbox-plan.ts` does) or starts anything.
 */
import type { SandboxPlan } from "./sandbox-plan";

/** The part of `@anthropic-ai/sandbox-runtime`'s `SandboxRuntimeConfig` this package sets. */
export interface SandboxRuntimeSettings {
	readonly network: { readonly allowedDomains: string[]; readonly deniedDomains: string[] };
	readonly filesystem: { readonly denyRead: string[]; readonly allowWrite: string[]; readonly denyWrite: string[] };
}

export function toRuntimeSettings(plan: SandboxPlan): SandboxRuntimeSettings {
	return {
		network: {
			allowedDomains: [...plan.allowedDomains],
			deniedDomains: plan.deniedDomains.map((entry) => entry.host),
		},
		filesystem: {
			denyRead: plan.readDenies.map((entry) => entry.path),
			allowWrite: plan.writeAllows.map((entry) => entry.path),
			denyWrite: plan.writeDenies.map((entry) => entry.path),
		},
	};
}
