/** A straightforward reference evaluator (linear scan, regex translation) for differential tests. */
import { expandHome } from "../../src/home-expansion";
import type { PathFlavor } from "../../src/path-flavor";
import type { Rule } from "../../src/rule";

const PATH_SURFACES = new Set(["path", "external_directory", "read", "write", "edit", "grep", "find", "ls"]);

/** Regex translation of the wildcard language: `*` -> `[\s\S]*`, `?` -> `[\s\S]`, optional trailing ` *`. */
export function referenceRegex(pattern: string): RegExp {
	const translate = (text: string) =>
		[...text]
			.map((ch) => (ch === "*" ? "[\\s\\S]*" : ch === "?" ? "[\\s\\S]" : ch.replace(/[.+^${}()|[\]\\/-]/g, "\\$&")))
			.join("");
	if (pattern.endsWith(" *")) return new RegExp(`^${translate(pattern.slice(0, -2))}(?: [\\s\\S]*)?$`);
	return new RegExp(`^${translate(pattern)}$`);
}

export function linearEvaluate(
	rules: readonly Rule[],
	surface: string,
	value: string,
	home: string,
	flavor: PathFlavor,
): Rule | undefined {
	const prep = (text: string) => {
		const expanded = expandHome(text, home);
		return PATH_SURFACES.has(surface) ? flavor.fold(expanded) : expanded;
	};
	for (let i = rules.length - 1; i >= 0; i--) {
		const rule = rules[i] as Rule;
		if (!referenceRegex(rule.surface).test(surface)) continue;
		if (referenceRegex(prep(rule.pattern)).test(prep(value))) return rule;
	}
	return undefined;
}
