/**
 * Owns: the config checks of the `network` surface (ADR 0058): a `network` pattern that can match no host is an error
 * (a deny on `https://evil.example` would deny nothing), and the older `sandbox.network.allowedDomains` is a warning
 * (deprecated: the sandbox derives its hosts from the `network` allow rules).
 * Never: decides a call, or rejects what the schema accepts for another reason; `config-validation.ts` places these.
 */
import { type ConfigIssue, configError, configWarning, quote } from "../config/config-issue";
import { NETWORK_SURFACE } from "../surface";
import { networkPatternIssue } from "./network-host";

type PlainRecord = Readonly<Record<string, unknown>>;

function record(value: unknown): PlainRecord | null {
	return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as PlainRecord) : null;
}

function own(value: PlainRecord | null, key: string): unknown {
	return value !== null && Object.hasOwn(value, key) ? value[key] : undefined;
}

/** Errors for `network` patterns that name no host (a URL, a path, an upper-case name, a port that is no number). */
export function networkPatternIssues(raw: unknown): ConfigIssue[] {
	const surface = record(own(record(own(record(raw), "permission")), NETWORK_SURFACE));
	if (surface === null) return [];
	const issues: ConfigIssue[] = [];
	for (const pattern of Object.keys(surface)) {
		const issue = networkPatternIssue(pattern);
		if (issue !== null)
			issues.push(configError(["permission", NETWORK_SURFACE, pattern], `${quote(pattern)} matches no host`, issue));
	}
	return issues;
}

/** The warning for the older host list, which still works (its hosts are added to the derived ones). */
export function allowedDomainsDeprecation(raw: unknown): ConfigIssue[] {
	const network = record(own(record(own(record(raw), "sandbox")), "network"));
	if (network === null || !Object.hasOwn(network, "allowedDomains")) return [];
	return [
		configWarning(
			["sandbox", "network", "allowedDomains"],
			"`sandbox.network.allowedDomains` is deprecated; its hosts are still reachable from the sandbox",
			'write the hosts as `network` allow rules under `permission` (`"network": { "github.com": "allow" }`): the gate and the sandbox then read the same rules',
		),
	];
}
