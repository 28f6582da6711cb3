/**
 * Owns: the bundled recommended policy (`recommended-policy.json`: secrets denied, read-only tools and commands
 * allowed, everything else asked), as the data `init` writes and the demo decides against.
 * Never: is loaded as a config scope by itself; `init` writes it where the loader looks.
 */
import recommended from "./recommended-policy.json" with { type: "json" };

/**
 * The file `init` writes: tab-indented JSON with a final newline, its `$schema` the schema file shipped in the
 * installed policy package (`schemaUrl`), or none when that is not known (the bundled URL names an unpublished
 * package, issue 34).
 */
export function recommendedPolicyText(schemaUrl: string | null): string {
	const { $schema: _bundled, ...policy } = recommended;
	const document = schemaUrl === null ? policy : { $schema: schemaUrl, ...policy };
	return `${JSON.stringify(document, null, "\t")}\n`;
}
