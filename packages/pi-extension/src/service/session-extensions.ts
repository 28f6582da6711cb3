/**
 * Owns: what other extensions registered into one session: tool input formatters, tool access extractors (the live
 * map the pipeline reads) and authorizer links (the authority's registry) with the status each may report, each with
 * an identity-guarded disposer.
 * Never: grants anything: an authorizer decides only once named in `authorizerChain`.
 */
import type { ToolAccessExtractor } from "@pi-permissions/access-intent";
import { type Authorizer, AuthorizerRegistry } from "@pi-permissions/authority";
import type { AuthorizerStatus, Disposer, ToolInputFormatter } from "./permissions-service";

/** What this session knows of a chain link by name. */
export type LinkState =
	| { readonly kind: "unregistered" }
	/** `problem`: the link's own one-line reason it cannot answer now, `null` when it reported none. */
	| { readonly kind: "registered"; readonly problem: string | null };

/** The longest status line a link may report; the rest is cut. */
const MAX_STATUS = 200;

export class SessionExtensions {
	readonly authorizers = new AuthorizerRegistry();
	private readonly formatterMap = new Map<string, ToolInputFormatter>();
	private readonly extractorMap = new Map<string, ToolAccessExtractor>();
	private readonly statusMap = new Map<string, { readonly link: Authorizer; readonly status: AuthorizerStatus }>();

	/** The extractors by tool name, live: a registration is seen by the next call. */
	get extractors(): ReadonlyMap<string, ToolAccessExtractor> {
		return this.extractorMap;
	}

	formatterFor(toolName: string): ToolInputFormatter | undefined {
		return this.formatterMap.get(toolName);
	}

	registerFormatter(toolName: string, formatter: ToolInputFormatter): Disposer {
		requireFunction(formatter, "formatter");
		// A fresh wrapper per registration, so the guard tells two registrations of one function apart.
		return register(this.formatterMap, toolName, (input: unknown) => formatter(input), "formatter");
	}

	registerExtractor(toolName: string, extractor: ToolAccessExtractor): Disposer {
		requireFunction(extractor, "access extractor");
		return register(
			this.extractorMap,
			toolName,
			(name: string, input: unknown) => extractor(name, input),
			"access extractor",
		);
	}

	registerAuthorizer(name: string, authorizer: Authorizer, status?: AuthorizerStatus): Disposer {
		if (typeof authorizer !== "object" || authorizer === null || typeof authorizer.authorize !== "function") {
			throw new TypeError("an authorizer needs an `authorize` method");
		}
		if (status !== undefined) requireFunction(status, "authorizer status");
		const link: Authorizer = { authorize: (details, query, log) => authorizer.authorize(details, query, log) };
		const dispose = this.authorizers.register(name, link);
		if (status !== undefined) this.statusMap.set(name, { link, status });
		return () => {
			dispose();
			// INVARIANT: identity guard, as the registry's: a stale disposer leaves a later registration's status.
			if (this.statusMap.get(name)?.link === link) this.statusMap.delete(name);
		};
	}

	/** Whether a link of this name is registered, and the problem it reports. Never throws. */
	linkState(name: string): LinkState {
		if (this.authorizers.get(name) === undefined) return { kind: "unregistered" };
		const entry = this.statusMap.get(name);
		if (entry === undefined) return { kind: "registered", problem: null };
		try {
			const problem: unknown = entry.status();
			// Anything but a non-blank string (a JavaScript link returning `undefined`) reports no problem.
			if (typeof problem !== "string" || problem.trim() === "") return { kind: "registered", problem: null };
			return { kind: "registered", problem: oneLine(problem) };
		} catch (error) {
			return { kind: "registered", problem: `its status check failed: ${oneLine(messageOf(error))}` };
		}
	}
}

/** A link's words as one bounded line with no control characters (they reach the terminal). */
function oneLine(text: string): string {
	const flat = text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();
	return flat.length <= MAX_STATUS ? flat : `${flat.slice(0, MAX_STATUS)}…`;
}

function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

function register<F>(map: Map<string, F>, toolName: string, entry: F, what: string): Disposer {
	if (typeof toolName !== "string" || toolName.trim() === "") throw new Error(`a ${what} needs a non-blank tool name`);
	if (map.has(toolName)) throw new Error(`a ${what} for \`${toolName}\` is already registered`);
	map.set(toolName, entry);
	return () => {
		// INVARIANT: identity guard, so a stale disposer cannot remove a later registration for the same tool.
		if (map.get(toolName) === entry) map.delete(toolName);
	};
}

function requireFunction(value: unknown, what: string): void {
	if (typeof value !== "function") throw new TypeError(`a ${what} must be a function`);
}
