/**
 * Owns: reading a `list` or `pipeline` node from its text when it is plain commands (`plainCommandWords` words)
 * joined by blank-separated `&&`, `||` or `|`, so the walk drafts it without visiting its children.
 * Never: guesses; anything outside that narrow grammar (a redirect, `;`, a substitution, a mix of `|` with `&&`/`||`,
 * which tree-sitter-bash nests oddly) returns `null` and the walk reads the node. Differential tests hold it to the walk.
 */
import { isPlainName, plainWordEnd, skipBlanks } from "./plain-command";

export interface WordRange {
	readonly start: number;
	readonly end: number;
}

interface PlainStatement {
	/** Each command's word ranges, name first, in source order. */
	readonly commands: readonly (readonly WordRange[])[];
	/** `separators[k]` joins `commands[k]` and `commands[k + 1]`. */
	readonly separators: readonly string[];
}

/** The commands and separators of the node `source[start, end)`, or `null` when it is not plain. */
export function plainStatement(source: string, start: number, end: number): PlainStatement | null {
	const commands: WordRange[][] = [];
	const separators: string[] = [];
	let current: WordRange[] = [];
	for (let i = skipBlanks(source, start, end); i < end; i = skipBlanks(source, i, end)) {
		const separator = separatorAt(source, i, end);
		if (separator !== null) {
			if (current.length === 0) return null;
			commands.push(current);
			separators.push(separator);
			current = [];
			i += separator.length;
			continue;
		}
		const wordEnd = plainWordEnd(source, i, end);
		if (wordEnd < 0) return null;
		if (current.length === 0 && !isPlainName(source, i, wordEnd)) return null;
		current.push({ start: i, end: wordEnd });
		i = wordEnd;
	}
	if (current.length === 0 || commands.length === 0) return null;
	commands.push(current);
	if (separators.includes("|") && (separators.includes("&&") || separators.includes("||"))) return null;
	return { commands, separators };
}

/** `&&`, `||` or `|` standing alone between blanks at `i`, otherwise `null`. */
function separatorAt(source: string, i: number, end: number): string | null {
	const code = source.charCodeAt(i);
	if (code !== 38 /* & */ && code !== 124 /* | */) return null;
	const length = source.charCodeAt(i + 1) === code ? 2 : 1;
	if (length === 1 && code === 38) return null;
	const after = i + length;
	if (after >= end) return null;
	const next = source.charCodeAt(after);
	const before = source.charCodeAt(i - 1);
	if ((next !== 32 && next !== 9) || (before !== 32 && before !== 9)) return null;
	return source.slice(i, after);
}
