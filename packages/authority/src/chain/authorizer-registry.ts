/**
 * Owns: the name -> link map that downstream extensions register non-terminal authorizers into.
 * Never: consults a link or grants anything; a link decides only once the operator names it in `authorizerChain`.
 */
import type { Authorizer } from "./authorizer";

/** The read side: what the chain resolves configured names against. */
export interface AuthorizerLookup {
	get(name: string): Authorizer | undefined;
}

/** The write side, exposed to other extensions. */
interface AuthorizerRegistrar {
	/**
	 * Registers `link` under `name` and returns its disposer. Throws when the name is already registered or blank.
	 * The disposer removes only this registration: after a re-registration under the same name it does nothing.
	 */
	register(name: string, link: Authorizer): () => void;
}

export class AuthorizerRegistry implements AuthorizerLookup, AuthorizerRegistrar {
	private readonly links = new Map<string, Authorizer>();

	register(name: string, link: Authorizer): () => void {
		if (name.trim() === "") throw new Error("an authorizer needs a non-blank name");
		if (this.links.has(name)) throw new Error(`an authorizer named \`${name}\` is already registered`);
		this.links.set(name, link);
		return () => {
			// INVARIANT: identity guard, so a stale disposer cannot evict a later registration under the same name.
			if (this.links.get(name) === link) this.links.delete(name);
		};
	}

	get(name: string): Authorizer | undefined {
		return this.links.get(name);
	}

	names(): readonly string[] {
		return [...this.links.keys()];
	}
}
