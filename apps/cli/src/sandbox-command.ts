/**
 * Owns: `pi-permissions sandbox explain` (the OS sandbox a policy produces: what is readable, writable, reachable,
 * and what it leaves to the gate) and the sandbox section `explain` adds for a bash call.
 * Never: starts a sandbox or runs anything; it derives the plan exactly as the adapter does (`composedSandboxPlan`).
 */

import { ConfigLoader } from "@pi-permissions/engine";
import type { ComposedPolicy } from "@pi-permissions/policy";
import { pathFlavorFor } from "@pi-permissions/policy";
import { renderSandboxPlan } from "@pi-permissions/sandbox";
import { loadPolicy } from "./cli-engine";
import type { CliHost } from "./cli-host";
import { sandboxPlanFor } from "./cli-sandbox-plan";
import { type PolicyOptions, type PolicySetup, resolvePolicySetup } from "./config-options";
import { EXIT_CODES, type ExitCode } from "./exit-code";

export interface SandboxExplainOptions extends PolicyOptions {
	readonly json?: boolean;
}

/**
 * The sandbox lines `explain` adds for a bash call while the sandbox is on (none while it is off): what the sandbox
 * still stops among the places this command names (`grep -r KEY .` reads `.`, under which `**.env` stays unreadable),
 * then the whole plan.
 */
export function sandboxSection(
	host: CliHost,
	setup: PolicySetup,
	policy: ComposedPolicy,
	commandPaths: readonly string[],
): string[] {
	const { mode } = policy.sandbox;
	if (mode === "off") return [];
	const plan = sandboxPlanFor(host, setup, policy);
	const stops: string[] = [];
	for (const path of new Set(commandPaths)) {
		for (const entry of plan.readDenies) {
			if (!isAtOrBelow(literalPrefix(entry.path), path)) continue;
			stops.push(`  under \`${path}\`: \`${entry.path}\` stays unreadable and unwritable`);
		}
	}
	return [
		`sandbox: ${mode}; if the gate lets it run, the command runs inside a sandbox where`,
		...(stops.length === 0 ? [] : ["what it still stops for this command:", ...stops]),
		...renderSandboxPlan(plan).map((line) => `  ${line}`),
	];
}

/** The directory part of a sandbox glob before its first wildcard (`/p/**.env` -> `/p`). */
function literalPrefix(glob: string): string {
	const cut = glob.search(/[*?[]/);
	if (cut === -1) return glob;
	const slash = glob.lastIndexOf("/", cut);
	return slash <= 0 ? "/" : glob.slice(0, slash);
}

function isAtOrBelow(path: string, dir: string): boolean {
	return path === dir || path.startsWith(dir.endsWith("/") ? dir : `${dir}/`);
}

export async function runSandboxExplain(host: CliHost, options: SandboxExplainOptions): Promise<ExitCode> {
	const setup = resolvePolicySetup(host, options);
	const loader = new ConfigLoader({ fileSystem: host.configFileSystem, flavor: setup.flavor });
	const env = { home: setup.home, flavor: pathFlavorFor(setup.flavor) };
	const { policy } = await loadPolicy(loader, setup, env, setup.defaultAgent);
	const plan = sandboxPlanFor(host, setup, policy);
	if (options.json === true) {
		host.stdout.write(`${JSON.stringify({ sandbox: policy.sandbox, plan })}\n`);
		return EXIT_CODES.allow;
	}
	const head = `sandbox: mode ${policy.sandbox.mode}${policy.sandbox.mode === "off" ? " (this is what it would enforce when turned on)" : ""}`;
	host.stdout.write(`${[head, ...renderSandboxPlan(plan)].join("\n")}\n`);
	return EXIT_CODES.allow;
}
