/**
 * Owns: the tree-sitter-bash node type names and namedness by type id, read once per loaded grammar.
 * Never: walks trees; the collector indexes these tables instead of decoding a type string per node.
 */
import type { Language } from "web-tree-sitter";

export interface GrammarTypes {
	/** Node type name by type id (`ERROR` for an id the grammar does not name). */
	readonly types: readonly string[];
	readonly named: readonly boolean[];
}

const cache = new WeakMap<Language, GrammarTypes>();

export function grammarTypesOf(language: Language): GrammarTypes {
	let found = cache.get(language);
	if (found === undefined) {
		const types: string[] = [];
		const named: boolean[] = [];
		for (let typeId = 0; typeId < language.nodeTypeCount; typeId++) {
			types.push(language.nodeTypeForId(typeId) ?? "ERROR");
			named.push(language.nodeTypeIsNamed(typeId));
		}
		found = { types, named };
		cache.set(language, found);
	}
	return found;
}
