/**
 * Owns: the bench's floor for any tree walk through web-tree-sitter's public API: parse `text`, then visit every node
 * with a `TreeCursor`, reading its type id and offsets, and do nothing with them.
 * Never: interprets the tree; it returns a checksum only so the work cannot be optimised away.
 */
import type { BashParser } from "../src/bash/reading/bash-parser";

export function bareCursorWalk(parser: BashParser, text: string): number {
	const tree = parser.parse(text);
	if (tree === null) return 0;
	const cursor = tree.walk();
	let checksum = 0;
	try {
		for (;;) {
			checksum += cursor.nodeTypeId + cursor.startIndex + cursor.endIndex;
			if (cursor.gotoFirstChild()) continue;
			while (!cursor.gotoNextSibling()) {
				if (!cursor.gotoParent()) return checksum;
			}
		}
	} finally {
		cursor.delete();
		tree.delete();
	}
}
