/**
 * Owns: the JSONC text edits of persisted grants: insert `"<pattern>": "allow"` where `placeGrant` placed it, with a
 * trailing comment that marks it (date and source), create a missing file with `$schema`, and remove a grant again.
 * Never: decides placement (`placeGrant` does) or prints JSON itself: offsets come from `jsonc-parser`'s tree, values
 * from `JSON.stringify` or `modify`, and every edit is applied with `applyEdits`, so comments, order and formatting
 * of everything else stay byte-identical (ADR 0032 says why an insertion is placed by line, not by `modify` alone).
 */
import { CONFIG_SCHEMA_ID, type GrantPlacement, type GrantRequest } from "@pi-permissions/policy";
import { applyEdits, findNodeAtLocation, modify, type Node, parseTree } from "jsonc-parser";

/** Where a grant came from; recorded in its marker comment. */
export type GrantSource = "dialog" | "cli";

/** The text every grant's marker comment starts with; `listPersistedGrants` finds grants by it. */
export const GRANT_MARKER = "pi-permissions grant";

/** The marker comment's text (without comment delimiters), e.g. `pi-permissions grant, added 2026-12-01 from the dialog`. */
export function grantNote(date: string, source: GrantSource): string {
	return `${GRANT_MARKER}, added ${date} ${source === "dialog" ? "from the dialog" : "with the CLI"}`;
}

/** The text of a new config file holding only `$schema` and the grant. */
export function newConfigText(grant: GrantRequest, note: string): string {
	const body = { $schema: CONFIG_SCHEMA_ID, permission: { [grant.surface]: { [grant.pattern]: "__grant__" } } };
	const text = `${JSON.stringify(body, null, "\t")}\n`.replace('"__grant__"', grantValueText(grant));
	return withNote(text, grant, note);
}

/** The grant's value as written on its one line: `"allow"`, or `{ "action": "allow", "expires": "…" }` (ADR 0061). */
function grantValueText(grant: GrantRequest): string {
	return grant.expires === undefined ? '"allow"' : `{ "action": "allow", "expires": ${JSON.stringify(grant.expires)} }`;
}

function grantValue(grant: GrantRequest): unknown {
	return grant.expires === undefined ? "allow" : { action: "allow", expires: grant.expires };
}

/**
 * `text` with the grant inserted at `placement` (an `insert`); `text` must parse as the config it was placed in.
 * A member goes on a line of its own, indented like its neighbours, so the diff is the added line (plus a comma
 * on the line above when it becomes the last entry of an object without trailing commas). Objects written on one
 * line get the member from `jsonc-parser`'s `modify` unformatted, which keeps every other byte of that line.
 */
export function insertGrantText(text: string, grant: GrantRequest, placement: GrantPlacement, note: string): string {
	if (placement.kind === "present") return text;
	const tree = parseTree(text, [], { allowTrailingComma: true });
	if (tree === undefined) throw new Error("the config text does not parse");
	const style = styleOf(text);
	const member = `${JSON.stringify(grant.pattern)}: ${grantValueText(grant)}`;
	let edited: string;
	switch (placement.form) {
		case "object": {
			const object = findNodeAtLocation(tree, ["permission", grant.surface]);
			if (object?.type !== "object") throw new Error("the surface is not an object");
			edited = insertMember(
				text,
				object,
				placement.index,
				member,
				style,
				["permission", grant.surface, grant.pattern],
				grantValue(grant),
			);
			break;
		}
		case "string": {
			const value = findNodeAtLocation(tree, ["permission", grant.surface]);
			if (value === undefined) throw new Error("the surface is missing");
			const replacement = objectText(
				{ "*": value.value, [grant.pattern]: "__grant__" },
				lineIndent(text, value.offset),
				style,
			).replace('"__grant__"', grantValueText(grant));
			edited = applyEdits(text, [{ offset: value.offset, length: value.length, content: replacement }]);
			break;
		}
		case "missing": {
			const permission = findNodeAtLocation(tree, ["permission"]);
			const [object, key, value] =
				permission?.type === "object"
					? [permission, grant.surface, { [grant.pattern]: "__grant__" }]
					: [tree, "permission", { [grant.surface]: { [grant.pattern]: "__grant__" } }];
			const indent = memberIndent(text, object, style);
			const entry = `${JSON.stringify(key)}: ${objectText(value, indent, style).replace('"__grant__"', grantValueText(grant))}`;
			const path = permission?.type === "object" ? ["permission", grant.surface] : ["permission"];
			const inserted =
				permission?.type === "object"
					? { [grant.pattern]: grantValue(grant) }
					: { [grant.surface]: { [grant.pattern]: grantValue(grant) } };
			edited = insertMember(text, object, object.children?.length ?? 0, entry, style, path, inserted);
			break;
		}
		default: {
			const unhandled: never = placement.form;
			throw new Error(`unhandled surface form ${String(unhandled)}`);
		}
	}
	return withNote(edited, grant, note);
}

interface TextStyle {
	readonly eol: string;
	/** One level of indentation: a tab or some spaces. */
	readonly unit: string;
}

/** Inserts `member` as entry `index` of `object`, on its own line when the object's entries stand on lines of their own. */
function insertMember(
	text: string,
	object: Node,
	index: number,
	member: string,
	style: TextStyle,
	path: (string | number)[],
	value: unknown,
): string {
	const members = object.children ?? [];
	const next = members[index];
	if (next !== undefined && startsLine(text, next.offset)) {
		const start = text.lastIndexOf("\n", next.offset - 1) + 1;
		const indent = text.slice(start, next.offset);
		return applyEdits(text, [{ offset: start, length: 0, content: `${indent}${member},${style.eol}` }]);
	}
	const last = members[members.length - 1];
	if (next === undefined && last !== undefined && startsLine(text, last.offset)) {
		const indent = text.slice(text.lastIndexOf("\n", last.offset - 1) + 1, last.offset);
		let after = last.offset + last.length;
		while (text[after] === " " || text[after] === "\t") after++;
		const lineEnd = contentEnd(text, last.offset + last.length);
		if (text[after] === ",") {
			// The file already ends entries with commas: keep that style, and the line above untouched.
			return applyEdits(text, [{ offset: lineEnd, length: 0, content: `${style.eol}${indent}${member},` }]);
		}
		return applyEdits(text, [
			{ offset: last.offset + last.length, length: 0, content: "," },
			{ offset: lineEnd, length: 0, content: `${style.eol}${indent}${member}` },
		]);
	}
	if (members.length === 0 && !text.slice(object.offset, object.offset + object.length).includes("\n")) {
		const indent = lineIndent(text, object.offset);
		const inner = `${style.eol}${indent}${style.unit}${member}${style.eol}${indent}`;
		return applyEdits(text, [{ offset: object.offset + 1, length: object.length - 2, content: inner }]);
	}
	// Entries share a line: `modify` without formatting adds the member there and leaves the rest of the line as it was.
	return applyEdits(text, modify(text, path, value, { getInsertionIndex: () => index }));
}

/** JSON text of `value` (written by `JSON.stringify`) with its lines indented to follow `indent`. */
function objectText(value: unknown, indent: string, style: TextStyle): string {
	return JSON.stringify(value, null, style.unit).split("\n").join(`${style.eol}${indent}`);
}

/** The indentation of the entries of `object`: its first entry's, else one level deeper than its line. */
function memberIndent(text: string, object: Node, style: TextStyle): string {
	const first = object.children?.[0];
	if (first !== undefined && startsLine(text, first.offset)) return lineIndent(text, first.offset);
	return `${lineIndent(text, object.offset)}${style.unit}`;
}

function lineIndent(text: string, offset: number): string {
	const start = text.lastIndexOf("\n", offset - 1) + 1;
	return /^[ \t]*/.exec(text.slice(start, offset))?.[0] ?? "";
}

function startsLine(text: string, offset: number): boolean {
	const start = text.lastIndexOf("\n", offset - 1) + 1;
	return text.slice(start, offset).trim() === "";
}

/** Where a line's content ends: before its `\r\n` or `\n`, or the end of the text. */
function contentEnd(text: string, from: number): number {
	const newline = endOfLine(text, from);
	return newline > 0 && text[newline - 1] === "\r" && newline < text.length ? newline - 1 : newline;
}

/** `text` without the property `permission.<surface>.<pattern>`: its whole line when it stands alone on one. */
export function removeGrantText(text: string, grant: GrantRequest): string {
	const tree = parseTree(text, [], { allowTrailingComma: true });
	const value = tree === undefined ? undefined : findNodeAtLocation(tree, ["permission", grant.surface, grant.pattern]);
	const property = value?.parent;
	if (value === undefined || property === undefined) return text;
	const lineStart = text.lastIndexOf("\n", property.offset - 1) + 1;
	const lineEnd = endOfLine(text, value.offset + value.length);
	const before = text.slice(lineStart, property.offset);
	const after = text.slice(value.offset + value.length, lineEnd);
	if (before.trim() === "" && /^\s*,?\s*(\/\/.*|\/\*[^\n]*?\*\/\s*)?$/.test(after.replace(/\r$/, ""))) {
		// The property and its marker are the whole line: drop the line. A comma left before `}` is valid JSONC.
		const next = lineEnd < text.length ? lineEnd + 1 : lineEnd;
		return text.slice(0, lineStart) + text.slice(next);
	}
	// Entries share a line: drop the property, its comma and its marker comment, so no other rule takes the marker.
	let end = value.offset + value.length;
	const skipSpaces = () => {
		while (text[end] === " " || text[end] === "\t") end++;
	};
	skipSpaces();
	const comma = text[end] === ",";
	if (comma) end++;
	skipSpaces();
	const marker = /^\/\*[^\n]*?\*\//u.exec(text.slice(end));
	if (marker?.[0].includes(GRANT_MARKER)) {
		end += marker[0].length;
		skipSpaces();
	}
	let start = property.offset;
	if (!comma) {
		// The last entry: the comma before it goes instead.
		let before = start - 1;
		while (before >= 0 && /\s/u.test(text[before] ?? "")) before--;
		if (text[before] === ",") start = before;
	}
	return applyEdits(text, [{ offset: start, length: end - start, content: "" }]);
}

/** Appends the marker comment after the grant's value (and its comma): `// …` when the line ends there, else `/* … *\/`. */
function withNote(text: string, grant: GrantRequest, note: string): string {
	const tree = parseTree(text, [], { allowTrailingComma: true });
	const value: Node | undefined =
		tree === undefined ? undefined : findNodeAtLocation(tree, ["permission", grant.surface, grant.pattern]);
	if (value === undefined) throw new Error("the inserted grant is not in the edited text");
	let at = value.offset + value.length;
	while (text[at] === " " || text[at] === "\t") at++;
	if (text[at] === ",") at++;
	const rest = text.slice(at, endOfLine(text, at)).replace(/\r$/, "");
	// SECURITY: the note is our own fixed text plus a date, so it cannot close the comment early.
	const comment = rest.trim() === "" ? ` // ${note}` : ` /* ${note} */`;
	return text.slice(0, at) + comment + text.slice(at);
}

function endOfLine(text: string, from: number): number {
	const newline = text.indexOf("\n", from);
	return newline === -1 ? text.length : newline;
}

/** The file's own indentation and line ends, so an inserted line looks like its neighbours. */
function styleOf(text: string): TextStyle {
	const eol = text.includes("\r\n") ? "\r\n" : "\n";
	const indented = /^([ \t]+)\S/m.exec(text)?.[1];
	if (indented === undefined || indented.startsWith("\t")) return { eol, unit: "\t" };
	return { eol, unit: indented };
}
