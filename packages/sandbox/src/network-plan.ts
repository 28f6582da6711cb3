/**
 * Owns: the hosts the OS sandbox lets a command reach, derived from the `network` rules (ADR 0058): an operator's allow
 * becomes an `allowedDomains` entry when the runtime can express its pattern (`github.com`, `*.example.com`, `*`, with
 * `:port`; `localhost:*` is `localhost`) and no later `network` ask or deny could meet a host it covers; every deny
 * the runtime can express becomes a denied host, attributed to its rule. The older `sandbox.network.allowedDomains`
 * entries are added as they are (deprecated).
 * Never: widens for a session grant, yolo or a managed allow (`widensSandbox`), or lets through a host a `network`
 * ask or deny names: such a host is blocked (left to the gate, which asks before a command that names it).
 */
import { NETWORK_SURFACE, overlapValue, type Rule, type Ruleset } from "@pi-permissions/policy";
import type { SandboxBecause } from "./sandbox-entry";
import { widensSandbox } from "./sandbox-widening";

/** A host pattern the sandbox's proxy refuses, and the rule it comes from. */
export interface NetworkDeny {
	readonly host: string;
	readonly because: SandboxBecause;
}

interface NetworkPlan {
	readonly allowedDomains: readonly string[];
	readonly deniedDomains: readonly NetworkDeny[];
	/** `network` rules the proxy cannot express (their hosts stay unreachable from the sandbox unless listed otherwise). */
	readonly skipped: readonly { readonly because: SandboxBecause; readonly why: string }[];
}

/** The runtime's form of a `network` pattern, or `null` when its matcher cannot express it. */
export function runtimeHostPattern(pattern: string): string | null {
	const portMatch = /^(.*?)(?::(\*|[0-9]{1,5}))?$/.exec(pattern);
	const host = portMatch?.[1] ?? pattern;
	const port = portMatch?.[2];
	const hostOk = host === "*" || /^(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*$/.test(host) || /^\[[0-9a-f:.]+\]$/.test(host);
	if (!hostOk) return null;
	return port === undefined || port === "*" ? host : `${host}:${port}`;
}

function because(rule: Rule): SandboxBecause {
	return {
		kind: "rule",
		surface: rule.surface,
		pattern: rule.pattern,
		...(rule.reason === undefined ? {} : { reason: rule.reason }),
	};
}

export function planNetwork(rules: Ruleset, legacyDomains: readonly string[]): NetworkPlan {
	const network = rules.filter((rule) => rule.surface === NETWORK_SURFACE);
	const allowed = new Set(legacyDomains);
	const denied: NetworkDeny[] = [];
	const skipped: { because: SandboxBecause; why: string }[] = [];
	network.forEach((rule, index) => {
		const runtime = runtimeHostPattern(rule.pattern);
		if (rule.action === "deny") {
			if (runtime === null)
				skipped.push({ because: because(rule), why: "the sandbox's proxy cannot match this pattern" });
			else denied.push({ host: runtime, because: because(rule) });
			return;
		}
		if (rule.action !== "allow" || !widensSandbox(rule.origin)) return;
		if (runtime === null) {
			skipped.push({
				because: because(rule),
				why: "the sandbox's proxy cannot match this pattern; the host stays unreachable",
			});
			return;
		}
		// SECURITY: last match wins: a later ask or deny that meets some host of this allow must not be bypassed by a
		// program that connects by itself, so the allow is left out (its hosts stay blocked in the sandbox).
		const later = network
			.slice(index + 1)
			.find((other) => other.action !== "allow" && overlapValue(rule.pattern, other.pattern) !== null);
		if (later !== undefined) {
			skipped.push({
				because: because(rule),
				why: `a later \`network\` ${later.action} (\`${later.pattern}\`) meets some of its hosts; the sandbox does not reach them`,
			});
			return;
		}
		allowed.add(runtime);
	});
	return { allowedDomains: [...allowed], deniedDomains: denied, skipped };
}
