/**
 * Owns: the bundled recommended policy (`recommended-policy.json`: secrets denied, read-only tools and commands
 * allowed, everything else asked) and the text `init` writes and the README shows: one rule or example per line.
 * Never: is loaded as a config scope by itself; `init` writes it where the loader looks.
 */
import recommended from "./recommended-policy.json" with { type: "json" };

/**
 * The file `init` writes (and the README's "Use it in Pi" block, word for word, without a `$schema`): tab-indented
 * JSON with a final newline, each surface's patterns, deny objects and examples on a line of their own; its `$schema`
 * the schema file shipped in the installed policy package (`schemaUrl`), or none when that is not known (the bundled
 * URL names an unpublished package, issue 34).
 */
export function recommendedPolicyText(schemaUrl: string | null): string {
	const { $schema: _bundled, ...policy } = recommended;
	const document = schemaUrl === null ? policy : { $schema: schemaUrl, ...policy };
	return `${render(document, 0, false)}\n`;
}

/**
 * `value` at nesting `depth` (the file is 0). The file, its blocks (`permission`, `tests`) and each surface's pattern
 * map (a value of `permission`) break one entry per line; anything deeper stays on one line.
 */
function render(value: unknown, depth: number, surface: boolean): string {
	if (value === null || typeof value !== "object") return JSON.stringify(value);
	const breaks = depth <= 1 || surface;
	const indent = "\t".repeat(depth + 1);
	const close = "\t".repeat(depth);
	const items = Array.isArray(value)
		? value.map((item) => render(item, depth + 1, false))
		: Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${render(item, depth + 1, depth === 1)}`);
	const [open, end] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
	if (breaks) return `${open}\n${items.map((item) => `${indent}${item}`).join(",\n")}\n${close}${end}`;
	return Array.isArray(value) ? `[${items.join(", ")}]` : `{ ${items.join(", ")} }`;
}
