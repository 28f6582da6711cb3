/**
 * Owns: `readConfigSource`, where each key of a config file sits in its text (line and column), for tools that point
 * at rules (`pi-permissions lint`): the same JSONC and agent-frontmatter readers the loader uses.
 * Never: validates or decides; a file that does not parse has no source map (`null`); the loader reports why.
 */

import { readAgentFrontmatter } from "./agent-frontmatter";
import type { SourcePosition } from "./config-load-issue";
import type { ConfigFileFormat } from "./config-text-interpretation";
import { parseJsoncDocument } from "./jsonc-document";
import { type ParsedDocument, toPlainValue } from "./ordered-value";
import { positionFinder } from "./source-position";

export interface ConfigSource {
	/** The file's value as plain data (keys in written order). */
	readonly value: unknown;
	/** The line and column of the deepest part of `keyPath` present in the text, or `null`. */
	positionOf(keyPath: readonly (string | number)[]): SourcePosition | null;
}

/** The source map of a config file's text (decoded, without a byte-order mark), or `null` when it does not parse. */
export function readConfigSource(text: string, format: ConfigFileFormat): ConfigSource | null {
	const document = documentOf(text, format);
	if (document === null) return null;
	const positionAt = positionFinder(text);
	return {
		value: toPlainValue(document.value),
		positionOf: (keyPath) => {
			const offset = document.locate(keyPath);
			return offset === null ? null : positionAt(offset);
		},
	};
}

function documentOf(text: string, format: ConfigFileFormat): ParsedDocument | null {
	switch (format) {
		case "config-json": {
			const parsed = parseJsoncDocument(text);
			return parsed.ok ? parsed.value : null;
		}
		case "agent-markdown": {
			const read = readAgentFrontmatter(text);
			return read.kind === "permission" ? read.document : null;
		}
		default: {
			const unhandled: never = format;
			throw new Error(`unhandled config format ${String(unhandled)}`);
		}
	}
}
