/**
 * Owns: what other extensions registered into one session: tool input formatters, tool access extractors (the live
 * map the pipeline reads) and authorizer links (the authority's registry), each with an identity-guarded disposer.
 * Never: grants anything: an authorizer decides only once named in `authorizerChain`.
 */
import type { ToolAccessExtractor } from "@pi-permissions/access-intent";
import { type Authorizer, AuthorizerRegistry } from "@pi-permissions/authority";
import type { Disposer, ToolInputFormatter } from "./permissions-service";

export class SessionExtensions {
	readonly authorizers = new AuthorizerRegistry();
	private readonly formatterMap = new Map<string, ToolInputFormatter>();
	private readonly extractorMap = new Map<string, ToolAccessExtractor>();

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

	registerAuthorizer(name: string, authorizer: Authorizer): Disposer {
		if (typeof authorizer !== "object" || authorizer === null || typeof authorizer.authorize !== "function") {
			throw new TypeError("an authorizer needs an `authorize` method");
		}
		const link: Authorizer = { authorize: (details, query, log) => authorizer.authorize(details, query, log) };
		return this.authorizers.register(name, link);
	}
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
