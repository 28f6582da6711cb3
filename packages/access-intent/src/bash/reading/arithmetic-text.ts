/**
 * Owns: reading arithmetic text: where the arithmetic contexts of a word lie (`$((…))`, `$[…]`, `${a[…]}`,
 * `${s:off:len}`, `${!x}`), the header of `((…))` and `for ((…))`, and what one expression refers to.
 * Never: knows values; `arithmetic-reevaluation.ts` judges the names an expression refers to.
 */

/** What an arithmetic expression reaches: a command's output (reason), or the variable names it evaluates. */
type ExpressionReach =
	| { readonly kind: "code"; readonly reason: string }
	| { readonly kind: "names"; readonly names: readonly string[] };

/** SECURITY: the output of `$(…)` or a backquote becomes expression text that bash evaluates again. */
const SUBSTITUTION = /\$\((?!\()|`/;
/** Positional parameters hold whatever `set --` or a function call put there. */
const POSITIONAL = /\$(?:[0-9@*]|\{[0-9@*])/;
/** `${x@E}` decodes escapes, `${x@P}` expands a prompt: both make code out of text without a `$` in it. */
const TRANSFORM = /\$\{[^}]*@[A-Za-z]\}/;
const IDENTIFIER = /(?<![\w#.])[A-Za-z_]\w*/g;

const SUBSTITUTION_REASON = "arithmetic over the output of a command can run commands (`$(( $(…) ))`)";

/** `${x:=…}` and `${x=…}` assign x while expanding. */
const DEFAULT_ASSIGNMENT = /\$\{([A-Za-z_]\w*):?=([^}]*)\}?/g;

/** The variables a word's dynamic text assigns through `${x:=value}`, with whether each value is a plain number. */
export function defaultAssignments(raw: string): readonly { readonly name: string; readonly numeric: boolean }[] {
	if (!raw.includes("=")) return [];
	return [...raw.matchAll(DEFAULT_ASSIGNMENT)].map((match) => ({
		name: match[1] as string,
		numeric: /^\s*[0-9]+\s*$/.test(match[2] as string),
	}));
}

/** The names and code an arithmetic expression text reaches. */
export function expressionReach(text: string): ExpressionReach {
	// SECURITY: quotes and backslashes may split an opener (`'a[$''(rm x)]'`); judge the text without them too.
	if (SUBSTITUTION.test(text) || SUBSTITUTION.test(text.replace(/['"\\]/g, "")))
		return { kind: "code", reason: SUBSTITUTION_REASON };
	if (POSITIONAL.test(text))
		return { kind: "code", reason: "arithmetic over a positional parameter can run the commands it holds" };
	if (TRANSFORM.test(text))
		return { kind: "code", reason: "arithmetic over a transformed value (`${x@…}`) can run commands" };
	return { kind: "names", names: text.match(IDENTIFIER) ?? [] };
}

/** The identifiers of a plain text (the names a literal value refers to when bash evaluates it as arithmetic). */
export function identifiersOf(text: string): readonly string[] {
	return text.match(IDENTIFIER) ?? [];
}

/**
 * The arithmetic expressions inside a word's dynamic text: the body of `$((…))` and `$[…]`, the subscript of
 * `${a[…]}`, the offset and length of `${s:…}`, and the name an indirection `${!x}` evaluates.
 */
export function arithmeticRegions(raw: string): readonly string[] {
	if (!raw.includes("$")) return [];
	const regions: string[] = [];
	// From one `$` to the next: a compound's whole text is read here, and most of it holds none.
	for (let i = raw.indexOf("$"); i !== -1 && i < raw.length - 1; i = raw.indexOf("$", i + 1)) {
		if (raw.startsWith("$((", i)) {
			const end = closing(raw, i + 1, "(", ")");
			regions.push(raw.slice(i + 3, end));
		} else if (raw[i + 1] === "[") {
			const end = closing(raw, i + 1, "[", "]");
			regions.push(raw.slice(i + 2, end));
		} else if (raw[i + 1] === "{") {
			const end = closing(raw, i + 1, "{", "}");
			braced(raw.slice(i + 2, end), regions);
		}
	}
	return regions;
}

/** The header of a `((…))` or `for ((…))` compound, from its text; `null` when the text is neither. */
export function compoundArithmetic(text: string): string | null {
	const open = text.startsWith("((") ? 0 : /^for\s*\(\(/.test(text) ? text.indexOf("((") : -1;
	if (open === -1) return null;
	return text.slice(open + 2, closing(text, open, "(", ")"));
}

/** The bracketed subscript of a name (`a[x+1]` -> `x+1`), or `null` when it has none. */
export function subscriptOf(name: string): string | null {
	const open = name.indexOf("[");
	return open === -1 ? null : name.slice(open + 1, closing(name, open, "[", "]"));
}

/** Every `[…]` subscript before a `=` in an assignment's or array literal's text (`a[i]=1`, `([k]=v)`). */
export function assignedSubscripts(text: string): readonly string[] {
	const found: string[] = [];
	for (let i = text.indexOf("["); i !== -1; i = text.indexOf("[", i + 1)) {
		const end = closing(text, i, "[", "]");
		if (text[end + 1] === "=" || text.startsWith("+=", end + 1)) found.push(text.slice(i + 1, end));
	}
	return found;
}

function braced(body: string, regions: string[]): void {
	const match = /^([!#]?)([A-Za-z_]\w*|[0-9@*#?$!-])/.exec(body);
	if (match === null) return;
	const [head, prefix, name] = match as unknown as [string, string, string];
	const rest = body.slice(head.length);
	// SECURITY: `${!x}` evaluates x's value as a name, subscript included (`x='a[$(cmd)]'; echo ${!x}`).
	// `${!prefix*}`, `${!prefix@}` and `${!a[@]}` list names or keys instead.
	if (prefix === "!" && !/^(?:[*@]|\[[*@]\])/.test(rest)) regions.push(name);
	let after = rest;
	if (rest.startsWith("[")) {
		const end = closing(rest, 0, "[", "]");
		const index = rest.slice(1, end);
		if (index !== "@" && index !== "*") regions.push(index);
		after = rest.slice(end + 1);
	}
	// `${s:off}` and `${s:off:len}` are arithmetic; `${s:-x}`, `${s:=x}`, `${s:+x}`, `${s:?x}` are not.
	if (prefix !== "#" && after.startsWith(":") && !/^:[-=+?]/.test(after)) regions.push(after.slice(1));
}

/** The index of the bracket closing the one at `open` (nesting counted), or the text's length when unclosed. */
function closing(text: string, open: number, left: string, right: string): number {
	let depth = 0;
	for (let i = open; i < text.length; i++) {
		if (text[i] === left) depth++;
		else if (text[i] === right && --depth === 0) return i;
	}
	return text.length;
}
