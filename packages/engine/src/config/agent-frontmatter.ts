/**
 * Owns: finding the YAML frontmatter of an agent definition (`---` … `---`) and reading its `permission:` block
 * into an `OrderedValue`, with every YAML error, alias bomb and non-text key reported at its offset.
 * Never: validates the permission block or reads other frontmatter keys' meaning; never touches the disk.
 */
import { type Document, isMap, isScalar, isSeq, type Node, parseDocument } from "yaml";
import {
	MAX_CONFIG_DEPTH,
	MAX_SYNTAX_PROBLEMS,
	type OrderedValue,
	type ParsedDocument,
	type SyntaxProblem,
} from "./ordered-value";

/**
 * Alias expansion budget handed to `yaml` (it multiplies alias uses by the nodes each alias stands for).
 * SECURITY: a "billion laughs" block of nested aliases fails here instead of expanding into gigabytes.
 */
const MAX_ALIAS_COUNT = 50;

type FrontmatterRead =
	/** No frontmatter, empty frontmatter, or frontmatter without a `permission:` key: the scope is absent. */
	| { readonly kind: "no-permission" }
	/** The frontmatter parsed; `document.value` is `{ permission: … }` as written. */
	| { readonly kind: "permission"; readonly document: ParsedDocument }
	/** The frontmatter is malformed; the scope is invalid. */
	| { readonly kind: "malformed"; readonly problems: readonly SyntaxProblem[] };

const OPENING = /^---[ \t]*(?:\r\n|\n|\r|$)/;
const CLOSING = /^(?:---|\.\.\.)[ \t]*$/;

/** Reads the `permission:` block of an agent file's frontmatter. */
export function readAgentFrontmatter(text: string): FrontmatterRead {
	const opening = OPENING.exec(text);
	if (opening === null) return { kind: "no-permission" };
	const bodyStart = opening[0].length;
	const bodyEnd = closingLineOffset(text, bodyStart);
	if (bodyEnd === null) {
		return malformed(0, "the frontmatter is never closed", "end the frontmatter with a line that holds only `---`");
	}
	let doc: Document.Parsed;
	try {
		// Failsafe schema: every scalar stays the text that was written, so `1e3:` is not rewritten to `1000`.
		doc = parseDocument(text.slice(bodyStart, bodyEnd), { schema: "failsafe", uniqueKeys: true, prettyErrors: false });
	} catch {
		return malformed(bodyStart, "the frontmatter could not be parsed", "simplify the frontmatter's nesting");
	}
	if (doc.errors.length > 0) {
		return {
			kind: "malformed",
			problems: doc.errors.slice(0, MAX_SYNTAX_PROBLEMS).map((error) => ({
				offset: bodyStart + error.pos[0],
				message: yamlMessage(error.message),
				hint: YAML_HINTS[error.code] ?? "check the YAML syntax of the frontmatter",
			})),
		};
	}
	let root: unknown;
	try {
		root = doc.toJS({ mapAsMap: true, maxAliasCount: MAX_ALIAS_COUNT });
	} catch (error) {
		// yaml throws a ReferenceError when aliases expand past the budget.
		return error instanceof ReferenceError
			? malformed(
					bodyStart,
					"the frontmatter expands too many `*alias` references",
					"write the rules out in full instead of through anchors and aliases",
				)
			: malformed(bodyStart, "the frontmatter could not be read", "simplify the frontmatter's nesting");
	}
	if (root === null || root === undefined || root === "") return { kind: "no-permission" };
	if (!(root instanceof Map)) {
		return malformed(bodyStart, "the frontmatter must be `key: value` lines", "write `permission:` as a top-level key");
	}
	if (!root.has("permission")) return { kind: "no-permission" };
	const converted = fromYaml(root.get("permission"), 1);
	if (!converted.ok) {
		return malformed(bodyStart + (locateIn(doc, converted.keyPath) ?? 0), converted.message, converted.hint);
	}
	const value: OrderedValue = new Map([["permission", converted.value]]);
	return {
		kind: "permission",
		document: { value, locate: (keyPath) => bodyStart + (locateIn(doc, keyPath) ?? 0) },
	};
}

/** The offset of the line that closes the frontmatter, or `null` when no line does. Linear in the text. */
function closingLineOffset(text: string, from: number): number | null {
	const lineBreak = /\r\n|\n|\r/g;
	let start = from;
	for (;;) {
		lineBreak.lastIndex = start;
		const found = lineBreak.exec(text);
		const end = found === null ? text.length : found.index;
		if (CLOSING.test(text.slice(start, end))) return start;
		if (found === null) return null;
		start = end + found[0].length;
	}
}

const YAML_HINTS: Readonly<Partial<Record<string, string>>> = {
	DUPLICATE_KEY: "keep one of them: rule order decides, so place it where it should rank",
	BAD_INDENT: "check the indentation, and close every `[` and `{` that was opened",
	TAB_AS_INDENT: "indent with spaces, not tabs",
	MISSING_CHAR: "close the bracket or quote that was opened",
	MULTIPLE_DOCS: "keep exactly one YAML document between the `---` lines",
	BAD_ALIAS: "define the `&anchor` before using `*anchor`, or write the value out",
};

const MAX_YAML_MESSAGE_LENGTH = 160;

/** yaml's own message, first line only and without its trailing location (the issue carries the position). */
function yamlMessage(message: string): string {
	const first = message.split(/\r?\n/, 1)[0] ?? message;
	const bare = first.replace(/ at line \d+, column \d+:?$/, "").trim();
	const bounded = bare.length > MAX_YAML_MESSAGE_LENGTH ? `${bare.slice(0, MAX_YAML_MESSAGE_LENGTH)}…` : bare;
	return `the frontmatter is not valid YAML: ${bounded.length > 0 ? bounded : "syntax error"}`;
}

function malformed(offset: number, message: string, hint: string): FrontmatterRead {
	return { kind: "malformed", problems: [{ offset, message, hint }] };
}

type Converted =
	| { readonly ok: true; readonly value: OrderedValue }
	| {
			readonly ok: false;
			readonly keyPath: readonly (string | number)[];
			readonly message: string;
			readonly hint: string;
	  };

/** A `toJS({ mapAsMap: true })` value as an `OrderedValue`; map keys must be text. Depth is bounded. */
function fromYaml(value: unknown, depth: number, keyPath: readonly (string | number)[] = ["permission"]): Converted {
	if (depth > MAX_CONFIG_DEPTH) {
		return {
			ok: false,
			keyPath,
			message: `the block nests deeper than ${MAX_CONFIG_DEPTH} levels`,
			hint: "remove the extra nesting",
		};
	}
	if (value instanceof Map) {
		const entries = new Map<string, OrderedValue>();
		for (const [key, inner] of value) {
			if (typeof key !== "string") {
				return {
					ok: false,
					keyPath,
					message: "a key in the block is not plain text",
					hint: "write each key as text, e.g. `git status: allow`",
				};
			}
			const converted = fromYaml(inner, depth + 1, [...keyPath, key]);
			if (!converted.ok) return converted;
			entries.set(key, converted.value);
		}
		return { ok: true, value: entries };
	}
	if (Array.isArray(value)) {
		const items: OrderedValue[] = [];
		for (const [index, inner] of value.entries()) {
			const converted = fromYaml(inner, depth + 1, [...keyPath, index]);
			if (!converted.ok) return converted;
			items.push(converted.value);
		}
		return { ok: true, value: items };
	}
	if (value === null || value === undefined) return { ok: true, value: null };
	return { ok: true, value: String(value) };
}

/** The offset (within the YAML text) of the deepest part of `keyPath` present in the document. */
function locateIn(doc: Document.Parsed, keyPath: readonly (string | number)[]): number | null {
	let node: unknown = doc.contents;
	let offset: number | null = (doc.contents as Node | null)?.range?.[0] ?? null;
	for (const key of keyPath) {
		if (isMap(node)) {
			const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(key));
			if (pair === undefined) break;
			offset = isScalar(pair.key) ? (pair.key.range?.[0] ?? offset) : offset;
			node = pair.value;
		} else if (isSeq(node) && typeof key === "number") {
			node = node.items[key];
			const start = (node as Node | undefined)?.range?.[0];
			if (start === undefined) break;
			offset = start;
		} else break;
	}
	return offset;
}
