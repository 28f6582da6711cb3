/**
 * Owns: `composedSandboxPlan`, the sandbox plan of a composed policy: its rules, the project, the protected regions
 * the engine's gate protects, the temp directory and the allowed hosts, so the adapter and the CLI derive the same one.
 * Never: starts the sandbox or runs a command; the file system is reached only through the injected functions.
 */
import { ProtectedTargets } from "@pi-permissions/engine";
import { type ComposedPolicy, type PathFlavorName, pathFlavorFor } from "@pi-permissions/policy";
import { planSandbox, type SandboxPlan } from "./sandbox-plan";

export interface ComposedPlanFacts {
	readonly policy: ComposedPolicy;
	readonly cwd: string;
	readonly home: string;
	readonly agentDir: string;
	readonly tmpDir: string;
	readonly flavor: PathFlavorName;
	/** The symlink-canonical form of a path. Must not throw; returns the path unchanged when it is missing. */
	readonly canonical: (path: string) => string;
	/** Whether a path exists (a dangling link exists). Must not throw. */
	readonly exists: (path: string) => boolean;
	/** Whether a path is a directory (links followed). Must not throw. */
	readonly isDirectory: (path: string) => boolean;
	/** The names in a directory, or `null` when it cannot be listed. Must not throw. */
	readonly list: (path: string) => readonly string[] | null;
	/** Directories Pi loads extension code from outside the agent dir (protected whole). */
	readonly codeDirs?: readonly { readonly path: string; readonly why: string }[];
}

export function composedSandboxPlan(facts: ComposedPlanFacts): SandboxPlan {
	const protectedTargets = new ProtectedTargets({
		cwd: facts.cwd,
		home: facts.home,
		agentDir: facts.agentDir,
		flavor: pathFlavorFor(facts.flavor),
		extra: facts.policy.settings.protectedPaths ?? [],
		...(facts.codeDirs === undefined ? {} : { codeDirs: facts.codeDirs }),
	});
	return planSandbox({
		// SECURITY: the composed rules only: a session grant answers an ask of the gate and never widens the sandbox.
		rules: facts.policy.rules,
		cwd: facts.cwd,
		home: facts.home,
		tmpDir: facts.tmpDir,
		protectedTargets: protectedTargets.list(),
		allowedDomains: facts.policy.sandbox.allowedDomains,
		canonical: facts.canonical,
		exists: facts.exists,
		isDirectory: facts.isDirectory,
		list: facts.list,
	});
}
