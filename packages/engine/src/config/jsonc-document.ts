/**
 * Owns: reading a config file's text as JSONC (comments and trailing commas allowed) into an `OrderedValue`, with
 * every parse error, duplicate key and over-deep nesting reported at its offset.
 * Also reads what a broken file still holds for `salvageConfig` (the parser's recovered tree, duplicates merged).
 * Never: validates the config or touches the disk; any problem here makes the whole file invalid.
 */

import { err, ok, type Result } from "@pi-permissions/policy";
import { createScanner, type Node, type ParseError, parseTree, printParseErrorCode } from "jsonc-parser";
import { quoteInput as quote } from "./config-load-issue";
import {
	MAX_CONFIG_DEPTH,
	MAX_SYNTAX_PROBLEMS,
	type OrderedValue,
	type ParsedDocument,
	type SyntaxProblem,
} from "./ordered-value";

const PARSE_MESSAGES: Readonly<Record<string, readonly [message: string, hint: string]>> = {
	InvalidSymbol: ["unexpected text", "check for single quotes, a missing double quote or a stray character"],
	InvalidNumberFormat: ["this number is not valid JSON", "write plain digits, e.g. `600000`"],
	PropertyNameExpected: ["a key in double quotes is expected here", 'quote the key, e.g. `"bash"`'],
	ValueExpected: ["a value is expected here", "add a value, or remove the comma or colon before this point"],
	ColonExpected: ["a colon is expected after the key", 'write `"key": value`'],
	CommaExpected: ["a comma is expected between entries", "add a comma after the previous entry"],
	CloseBraceExpected: ["a closing `}` is expected", "close the object, or add the missing comma"],
	CloseBracketExpected: ["a closing `]` is expected", "close the list, or add the missing comma"],
	EndOfFileExpected: ["text follows the end of the config", "keep exactly one top-level object in the file"],
	InvalidCommentToken: ["this comment is not valid", "use `// …` or `/* … */`"],
	UnexpectedEndOfComment: ["a `/*` comment is never closed", "close the comment with `*/`"],
	UnexpectedEndOfString: ["a string is never closed", "add the closing double quote"],
	UnexpectedEndOfNumber: ["a number ends too early", "complete the number, e.g. `1.5` or `1e3`"],
	InvalidUnicode: ["a `\\u` escape is not valid", "write four hex digits after `\\u`"],
	InvalidEscapeCharacter: ["a backslash escape is not valid", "write `\\\\` for a backslash"],
	InvalidCharacter: ["a control character sits inside a string", "write it as an escape such as `\\n` or `\\t`"],
};

/** Parses JSONC text; any parse error, duplicate key or nesting deeper than `MAX_CONFIG_DEPTH` is a problem. */
export function parseJsoncDocument(text: string): Result<ParsedDocument, readonly SyntaxProblem[]> {
	if (text.trim() === "") {
		return err([{ offset: 0, message: "the file is empty", hint: "write `{}` for a config without settings" }]);
	}
	// SECURITY: the parser recurses per nesting level; measure depth first so 5 MB of `[` cannot blow the stack.
	const tooDeep = firstOverDeepOffset(text);
	if (tooDeep !== null) {
		return err([
			{
				offset: tooDeep,
				message: `the config nests deeper than ${MAX_CONFIG_DEPTH} levels`,
				hint: "a config needs at most four levels of braces; remove the extra nesting",
			},
		]);
	}
	const errors: ParseError[] = [];
	const tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false });
	if (errors.length > 0 || tree === undefined) return err(syntaxProblems(errors));
	const duplicates: SyntaxProblem[] = [];
	const value = toOrdered(tree, duplicates);
	if (duplicates.length > 0) return err(duplicates.slice(0, MAX_SYNTAX_PROBLEMS));
	return ok({ value, locate: (keyPath) => locate(tree, keyPath) });
}

/**
 * The plain value of a file that did not parse cleanly, as far as the parser could recover it, for salvaging its
 * denies (ADR 0021): a key written twice keeps both values (objects merged, a `deny` winning over any other value),
 * so a deny is never lost to a duplicate or to text after the damage. `undefined` when nothing can be recovered or
 * the text nests too deep to walk safely.
 * SECURITY: only denies are ever taken from this value, so a misread recovery can add a deny, never an allow.
 */
export function recoverPlainValue(text: string): unknown {
	if (text.trim() === "" || firstOverDeepOffset(text) !== null) return undefined;
	const tree = parseTree(text, [], { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
	return tree === undefined ? undefined : toMergedPlain(tree);
}

/** INVARIANT: depth is bounded by `MAX_CONFIG_DEPTH` (checked by the caller), so the recursion is bounded. */
function toMergedPlain(node: Node): unknown {
	switch (node.type) {
		case "object": {
			const out: Record<string, unknown> = {};
			for (const property of node.children ?? []) {
				const [keyNode, valueNode] = property.children ?? [];
				if (keyNode === undefined || valueNode === undefined) continue;
				const key = String(keyNode.value);
				const value = toMergedPlain(valueNode);
				const merged = Object.hasOwn(out, key) ? mergeDuplicate(out[key], value) : value;
				Object.defineProperty(out, key, { value: merged, enumerable: true, writable: true, configurable: true });
			}
			return out;
		}
		case "array":
			return (node.children ?? []).map(toMergedPlain);
		case "string":
		case "number":
		case "boolean":
			return node.value;
		case "null":
			return null;
		case "property":
			return undefined;
		default: {
			const unhandled: never = node.type;
			throw new Error(`unhandled JSON node ${String(unhandled)}`);
		}
	}
}

function mergeDuplicate(first: unknown, second: unknown): unknown {
	if (isDenyLike(second)) return second;
	if (isDenyLike(first)) return first;
	if (isObject(first) && isObject(second)) {
		const out: Record<string, unknown> = { ...first };
		for (const [key, value] of Object.entries(second)) {
			const merged = Object.hasOwn(out, key) ? mergeDuplicate(out[key], value) : value;
			Object.defineProperty(out, key, { value: merged, enumerable: true, writable: true, configurable: true });
		}
		return out;
	}
	// An object may hold denies; a scalar that is not a deny holds none.
	if (isObject(first)) return first;
	return second;
}

function isDenyLike(value: unknown): boolean {
	return value === "deny" || (isObject(value) && value.action === "deny");
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function syntaxProblems(errors: readonly ParseError[]): SyntaxProblem[] {
	const listed: SyntaxProblem[] = [];
	for (const error of errors) {
		if (listed.length === MAX_SYNTAX_PROBLEMS) break;
		// The parser's recovery often reports a second error right where the first one was: an echo, not news.
		const previous = listed.at(-1);
		if (previous !== undefined && error.offset <= previous.offset + 1) continue;
		const [message, hint] = PARSE_MESSAGES[printParseErrorCode(error.error)] ?? [
			"the text is not valid JSON",
			"compare the file with the config schema",
		];
		listed.push({ offset: error.offset, message, hint });
	}
	if (listed.length === 0) listed.push({ offset: 0, message: "the file holds no value", hint: "write `{}`" });
	return listed;
}

// jsonc-parser's `SyntaxKind` is a `const enum`, which isolated modules cannot read; these are its values.
const OPEN_BRACE = 1;
const CLOSE_BRACE = 2;
const OPEN_BRACKET = 3;
const CLOSE_BRACKET = 4;
const END_OF_FILE = 17;

/** The offset of the first bracket that opens level `MAX_CONFIG_DEPTH + 1`, or `null`. Linear in the text. */
function firstOverDeepOffset(text: string): number | null {
	const scanner = createScanner(text, true);
	let depth = 0;
	for (let token: number = scanner.scan(); token !== END_OF_FILE; token = scanner.scan()) {
		if (token === OPEN_BRACE || token === OPEN_BRACKET) {
			depth += 1;
			if (depth > MAX_CONFIG_DEPTH) return scanner.getTokenOffset();
		} else if (token === CLOSE_BRACE || token === CLOSE_BRACKET) depth = Math.max(0, depth - 1);
	}
	return null;
}

/**
 * The tree as an `OrderedValue`. A key written twice in one object is a problem: `JSON.parse` would keep the
 * first key's place but the last key's value, silently moving a rule.
 * INVARIANT: depth is at most `MAX_CONFIG_DEPTH` (checked before parsing), so the recursion is bounded.
 */
function toOrdered(node: Node, duplicates: SyntaxProblem[]): OrderedValue {
	switch (node.type) {
		case "object": {
			const entries = new Map<string, OrderedValue>();
			for (const property of node.children ?? []) {
				const [keyNode, valueNode] = property.children ?? [];
				if (keyNode === undefined || valueNode === undefined) continue; // parseTree reported an error already
				const key = String(keyNode.value);
				if (entries.has(key)) {
					duplicates.push({
						offset: keyNode.offset,
						message: `the key ${quote(key)} appears more than once in this object`,
						hint: "keep one of them: rule order decides, so place it where it should rank",
					});
					continue;
				}
				entries.set(key, toOrdered(valueNode, duplicates));
			}
			return entries;
		}
		case "array":
			return (node.children ?? []).map((child) => toOrdered(child, duplicates));
		case "string":
		case "number":
		case "boolean":
			return node.value as string | number | boolean;
		case "null":
			return null;
		case "property":
			throw new Error("a property node outside an object");
		default: {
			const unhandled: never = node.type;
			throw new Error(`unhandled JSON node ${String(unhandled)}`);
		}
	}
}

function locate(tree: Node, keyPath: readonly (string | number)[]): number | null {
	let node: Node | undefined = tree;
	let offset = tree.offset;
	for (const key of keyPath) {
		if (node?.type === "object") {
			const property: Node | undefined = node.children?.find((child) => child.children?.[0]?.value === String(key));
			if (property === undefined) break;
			offset = property.offset;
			node = property.children?.[1];
		} else if (node?.type === "array" && typeof key === "number") {
			node = node.children?.[key];
			if (node === undefined) break;
			offset = node.offset;
		} else break;
	}
	return offset;
}
