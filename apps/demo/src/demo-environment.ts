/**
 * Owns: the environment the demo's process runs under: home, temp dir and Pi agent dir inside the throwaway root
 * (pi-permissions' factory and the bash tool read them from the environment), offline Pi, and a quiet `npm`.
 * Never: assigns anything itself; the composition root applies it (tests stub the same values).
 */
import type { DemoWorkspace } from "./demo-workspace";

export function demoEnvironment(space: DemoWorkspace): Readonly<Record<string, string>> {
	return {
		// SECURITY: `~` in step 2's `rm -rf ~/x`, in pi-permissions' path rules and in every command the session runs
		// resolves into the throwaway home, so no call can reach the operator's files even if it were allowed.
		HOME: space.home,
		TMPDIR: space.tmp,
		PI_CODING_AGENT_DIR: space.agentDir,
		PI_OFFLINE: "1",
		npm_config_update_notifier: "false",
		npm_config_loglevel: "silent",
	};
}

/**
 * The variables a launching package manager leaves behind (`npm_config_*`); the demo project's `npm test` runs
 * without them.
 */
export function isInheritedPackageManagerSetting(key: string): boolean {
	return key.toLowerCase().startsWith("npm_config_");
}
