/**
 * Owns: the CLI's sandbox plan of a composed policy, derived exactly as the adapter derives it
 * (`composedSandboxPlan`) over the host's probe, for `sandbox explain`, `explain`'s sandbox section and the engine's
 * "answered by the sandbox" decisions (ADR 0059); and `--sandbox on|off` applied to a composed policy.
 * Never: starts a sandbox or runs anything.
 */
import type { ComposedPolicy } from "@pi-permissions/policy";
import { composedSandboxPlan, type SandboxPlan } from "@pi-permissions/sandbox";
import type { CliHost } from "./cli-host";
import type { PolicySetup } from "./config-options";

/** Where the sandbox lets commands write temporary files when the host names none. */
const DEFAULT_TMP_DIR = "/tmp";

export function sandboxPlanFor(host: CliHost, setup: PolicySetup, policy: ComposedPolicy): SandboxPlan {
	return composedSandboxPlan({
		policy,
		cwd: setup.cwd,
		home: setup.home,
		agentDir: setup.agentDir,
		tmpDir: host.tmpDir ?? DEFAULT_TMP_DIR,
		flavor: setup.flavor,
		canonical: (path) => host.probe.realpath(path) ?? path,
		exists: (path) => host.probe.lstat(path) !== null,
		list: (path) => host.probe.readdir(path),
		isDirectory: (path) => {
			const real = host.probe.realpath(path);
			return real !== null && host.probe.lstat(real)?.kind === "directory";
		},
	});
}

/**
 * The policy as `--sandbox` says to decide it: `on` as Pi does with the sandbox required (whatever the config's mode),
 * `off` as Pi does with it off; absent: the config's mode, `auto` counted as a sandbox that starts.
 */
export function withSandboxSwitch(policy: ComposedPolicy, setup: PolicySetup): ComposedPolicy {
	if (setup.sandbox === undefined) return policy;
	const mode = setup.sandbox === "on" ? "required" : "off";
	return { ...policy, sandbox: { ...policy.sandbox, mode } };
}
