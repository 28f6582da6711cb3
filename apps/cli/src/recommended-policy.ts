/**
 * Owns: the bundled recommended policy (`recommended-policy.json`: secrets denied, read-only tools and commands
 * allowed, everything else asked), as the data `init` writes and the demo decides against.
 * Never: is loaded as a config scope by itself; `init` writes it where the loader looks.
 */
import recommended from "./recommended-policy.json" with { type: "json" };

/** The file `init` writes: tab-indented JSON with a final newline. */
export function recommendedPolicyText(): string {
	return `${JSON.stringify(recommended, null, "\t")}\n`;
}
