/**
 * Owns: `explainBlocked`, reading a sandboxed command's output for the errors the sandbox causes (a denied read, a
 * read-only file system, a refused connection) and saying which rule or fact of the plan caused each, in words the
 * model and the review log can use ("blocked by the sandbox: read of `.env` is denied by rule `*.env`").
 * Never: changes the output it reads or decides anything; it only names causes, and says nothing it cannot attribute.
 */
import { compileWildcard, EXTERNAL_DIRECTORY_SURFACE, expandHome } from "@pi-permissions/policy";
import type { SandboxBecause, SandboxEntry } from "./sandbox-entry";
import type { SandboxPlan } from "./sandbox-plan";

/** One thing the sandbox stopped, as a review-log record and a sentence. */
export interface BlockedAccess {
	readonly kind: "read" | "write" | "network";
	/** The path or host as the program reported it. */
	readonly target: string;
	readonly because: SandboxBecause | { readonly kind: "outside-writable" } | { readonly kind: "network-off" };
	readonly text: string;
}

export interface BlockedContext {
	readonly plan: SandboxPlan;
	readonly cwd: string;
	readonly home: string;
}

/** At most this many causes are reported for one command; a loop over a tree must not flood the model. */
export const MAX_BLOCKED_REPORTS = 5;

const DENIED = /(?:^|[\s'"(])([^\s'"():]*[^\s'"():.])['"]?:?\s*(?:Permission denied|Operation not permitted)/;
const DENIED_AFTER = /(?:Permission denied|Operation not permitted):\s*['"]([^'"]+)['"]/;
const READ_ONLY = /([^\s'"():]+)['"]?:?\s*Read-only file system|Read-only file system:\s*['"]([^'"]+)['"]/;
const PROXY_DENY = /deny network-outbound (\S+)/;
const CONNECT_FAILED =
	/Couldn't connect to server|Connection refused|Network is unreachable|Could not resolve host|Name or service not known|Temporary failure in name resolution/;

export function explainBlocked(output: string, context: BlockedContext): BlockedAccess[] {
	const found: BlockedAccess[] = [];
	const seen = new Set<string>();
	const add = (access: BlockedAccess | null) => {
		if (access === null || seen.has(access.text) || found.length >= MAX_BLOCKED_REPORTS) return;
		seen.add(access.text);
		found.push(access);
	};
	for (const line of output.split("\n")) {
		const proxy = PROXY_DENY.exec(line);
		if (proxy?.[1] !== undefined) {
			add(refusedConnection(proxy[1], context.plan));
			continue;
		}
		const readOnly = READ_ONLY.exec(line);
		const readOnlyPath = readOnly?.[1] ?? readOnly?.[2];
		if (readOnlyPath !== undefined) {
			add(write(readOnlyPath, context));
			continue;
		}
		const denied = DENIED_AFTER.exec(line)?.[1] ?? DENIED.exec(line)?.[1];
		if (denied !== undefined) {
			// The sandbox masks a denied or protected file with an empty device: reading and writing it both fail so.
			add(read(denied, context) ?? masked(denied, context));
			continue;
		}
		if (CONNECT_FAILED.test(line) && context.plan.allowedDomains.length === 0) {
			add(network("network", "the sandbox has no network: `sandbox.network.allowedDomains` lists no host"));
		} else if (CONNECT_FAILED.test(line)) {
			add(
				network(
					"network",
					"the sandbox reaches only `sandbox.network.allowedDomains`, through its proxy; loopback and other hosts are unreachable",
				),
			);
		}
	}
	return found;
}

/** The sentences for the tool result, one per line, or `""` when nothing was attributed. */
export function renderBlocked(blocked: readonly BlockedAccess[]): string {
	return blocked.map((access) => `blocked by the sandbox: ${access.text}`).join("\n");
}

function read(path: string, context: BlockedContext): BlockedAccess | null {
	const entry = context.plan.readDenies.find((candidate) => covers(candidate.because, path, context));
	if (entry === undefined) return null;
	return { kind: "read", target: path, because: entry.because, text: `read of \`${path}\` is ${cause(entry.because)}` };
}

/** A file the sandbox masks because writing it is denied: whatever the program tried, it met the mask. */
function masked(path: string, context: BlockedContext): BlockedAccess | null {
	// The most specific cause: `config.json` inside a read-only agent dir is "the permission config".
	const entry = context.plan.writeDenies
		.filter((candidate) => covers(candidate.because, path, context))
		.reduce<SandboxEntry | undefined>(
			(best, candidate) => (best === undefined || candidate.path.length > best.path.length ? candidate : best),
			undefined,
		);
	if (entry === undefined) return null;
	return {
		kind: "write",
		target: path,
		because: entry.because,
		text: `\`${path}\` is masked: writing it is ${cause(entry.because)}`,
	};
}

function write(path: string, context: BlockedContext): BlockedAccess | null {
	// The most specific cause: `config.json` inside a read-only agent dir is "the permission config".
	const entry = context.plan.writeDenies
		.filter((candidate) => covers(candidate.because, path, context))
		.reduce<SandboxEntry | undefined>(
			(best, candidate) => (best === undefined || candidate.path.length > best.path.length ? candidate : best),
			undefined,
		);
	if (entry !== undefined) {
		return {
			kind: "write",
			target: path,
			because: entry.because,
			text: `write to \`${path}\` is ${cause(entry.because)}`,
		};
	}
	const absolute = absoluteOf(path, context);
	if (context.plan.writeAllows.some((allowed) => isAtOrBelow(absolute, allowed.path))) return null;
	return {
		kind: "write",
		target: path,
		because: { kind: "outside-writable" },
		text: `write to \`${path}\` is outside the writable directories (the project, the temp directory and the directories \`${EXTERNAL_DIRECTORY_SURFACE}\` allows)`,
	};
}

/** A connection the proxy refused, attributed to the `network` deny whose host it met, or to no allow (ADR 0058). */
function refusedConnection(target: string, plan: SandboxPlan): BlockedAccess {
	const { host, port } = splitTarget(target);
	const deny = plan.deniedDomains.find((entry) => hostPatternMeets(entry.host, host, port));
	if (deny !== undefined)
		return {
			kind: "network",
			target,
			because: deny.because,
			text: `connection to \`${target}\` is ${cause(deny.because)} (network)`,
		};
	return network(
		target,
		`connection to \`${target}\` is not allowed: no \`network\` allow rule (nor \`sandbox.network.allowedDomains\`) names it`,
	);
}

function splitTarget(target: string): { readonly host: string; readonly port: number | null } {
	const match = /^\[?([^\]]*?)\]?(?::([0-9]+))?$/.exec(target);
	return { host: (match?.[1] ?? target).toLowerCase(), port: match?.[2] === undefined ? null : Number(match[2]) };
}

/** The runtime's host matching: `*`, `*.base` (subdomains only), an exact name; a `:port` suffix narrows it. */
function hostPatternMeets(pattern: string, host: string, port: number | null): boolean {
	const portMatch = /^(.*?)(?::([0-9]+))?$/.exec(pattern);
	const hostPattern = portMatch?.[1] ?? pattern;
	if (portMatch?.[2] !== undefined && Number(portMatch[2]) !== port) return false;
	if (hostPattern === "*") return true;
	if (hostPattern.startsWith("*.")) return host.endsWith(hostPattern.slice(1));
	return host === hostPattern.replace(/^\[|\]$/g, "");
}

function network(target: string, text: string): BlockedAccess {
	return { kind: "network", target, because: { kind: "network-off" }, text };
}

function cause(because: SandboxBecause): string {
	switch (because.kind) {
		case "rule":
			return `denied by rule \`${because.pattern}\`${because.reason === undefined ? "" : ` (${because.reason})`}`;
		case "protected":
			return `protected: it ${because.why}`;
		case "project":
		case "temp":
		case "external-directory":
			return "allowed";
		default: {
			const unhandled: never = because;
			throw new Error(`unhandled cause ${String(unhandled)}`);
		}
	}
}

/** Whether the rule or target behind an entry names `path`, matched as the gate matches (lexical and absolute). */
function covers(because: SandboxBecause, path: string, context: BlockedContext): boolean {
	const absolute = absoluteOf(path, context);
	const relative = absolute.startsWith(`${context.cwd}/`) ? absolute.slice(context.cwd.length + 1) : path;
	const values = [...new Set([path, absolute, relative, stripDotSlash(path)])];
	switch (because.kind) {
		case "rule": {
			const matcher = compileWildcard(expandHome(because.pattern, context.home));
			return values.some((value) => matcher.test(value));
		}
		case "protected":
			return because.pattern.startsWith("/")
				? isAtOrBelow(absolute, because.pattern)
				: values.some((value) => compileWildcard(expandHome(because.pattern, context.home)).test(value));
		case "project":
		case "temp":
		case "external-directory":
			return false;
		default: {
			const unhandled: never = because;
			throw new Error(`unhandled cause ${String(unhandled)}`);
		}
	}
}

function absoluteOf(path: string, context: BlockedContext): string {
	const expanded = expandHome(path, context.home);
	if (expanded.startsWith("/")) return expanded;
	return `${context.cwd.replace(/\/+$/, "")}/${stripDotSlash(expanded)}`;
}

function stripDotSlash(path: string): string {
	return path.startsWith("./") ? path.slice(2) : path;
}

function isAtOrBelow(path: string, dir: string): boolean {
	return path === dir || path.startsWith(dir.endsWith("/") ? dir : `${dir}/`);
}
