/**
 * Owns: reading an awk program as far as needed to name the files its `print`/`printf` statements write
 * (`print > "f"`, `printf … >> "f"`) and its `getline` reads (`getline line < "f"`); a redirection to anything but a
 * string literal is a file this reader cannot name.
 * Never: judges pipes to commands or `system()` (the effect tables own what runs).
 */

interface AwkWrites {
	/** File names written by a redirection to a string literal, as spelled (escapes `\"`, `\\` removed). */
	readonly files: readonly string[];
	/** True when a redirection targets an expression (`print > f`, `print > ("x" n)`): the name is computed. */
	readonly computed: boolean;
}

const PRINT = /\bprintf?\b/g;

export function awkWrites(program: string): AwkWrites {
	const files: string[] = [];
	let computed = false;
	const code = blankStringsAndComments(program);
	for (const match of code.matchAll(PRINT)) {
		const target = redirectionAt(program, code, (match.index ?? 0) + match[0].length);
		if (target === null) continue;
		if (target.kind === "file") files.push(target.name);
		else computed = true;
	}
	return { files, computed };
}

interface AwkReads {
	/** File names read by `getline [var] < "file"`, as spelled. */
	readonly files: readonly string[];
	/** True when a `getline <` reads a computed name (`getline < f`, `getline < ("x" n)`). */
	readonly computed: boolean;
}

const GETLINE_FROM = /\bgetline\b(?:[ \t]+[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?)?[ \t]*</g;

/** The files `getline … < "file"` reads (ADR 0026, "reads are reads": `awk 'BEGIN{getline l < ".env"; print l}'`). */
export function awkReads(program: string): AwkReads {
	const files: string[] = [];
	let computed = false;
	const code = blankStringsAndComments(program);
	for (const match of code.matchAll(GETLINE_FROM)) {
		let next = (match.index ?? 0) + match[0].length;
		while (code[next] === " " || code[next] === "\t") next++;
		if (program[next] !== '"') {
			computed = true;
			continue;
		}
		const literal = stringLiteralAt(program, next);
		const after = code.slice(literal.end).match(/^[ \t]*(.)?/)?.[1];
		// SECURITY: `getline < "a" b` concatenates: the name is computed.
		if (after !== undefined && !";\n})>".includes(after) && !/[&|]/.test(after)) computed = true;
		else files.push(literal.text);
	}
	return { files, computed };
}

type Target = { readonly kind: "file"; readonly name: string } | { readonly kind: "computed" };

/** The target of the first top-level `>`/`>>` in the statement starting at `from`, or `null` when there is none. */
function redirectionAt(program: string, code: string, from: number): Target | null {
	let depth = 0;
	for (let at = from; at < code.length; at++) {
		const c = code[at] as string;
		if (c === "(") depth++;
		else if (c === ")") depth--;
		else if (depth <= 0 && (c === ";" || c === "\n" || c === "}" || c === "|")) return null;
		else if (depth <= 0 && c === ">") {
			let next = at + 1;
			if (code[next] === ">") next++;
			while (code[next] === " " || code[next] === "\t") next++;
			if (program[next] !== '"') return { kind: "computed" };
			const literal = stringLiteralAt(program, next);
			// SECURITY: `print > "a" b` concatenates: the file is `a` joined with `b`'s value, so it is computed.
			const after = code.slice(literal.end).match(/^[ \t]*(.)?/)?.[1];
			if (after !== undefined && !";\n}|".includes(after)) return { kind: "computed" };
			return { kind: "file", name: literal.text };
		}
	}
	return null;
}

function stringLiteralAt(program: string, start: number): { readonly text: string; readonly end: number } {
	let text = "";
	let at = start + 1;
	while (at < program.length && program[at] !== '"') {
		if (program[at] === "\\" && at + 1 < program.length) {
			at++;
			const escaped = program[at] as string;
			text += escaped === "n" ? "\n" : escaped === "t" ? "\t" : escaped;
		} else text += program[at];
		at++;
	}
	return { text, end: at + 1 };
}

/** The program with string contents and comments replaced by spaces (offsets kept), so their `>` and `;` are inert. */
function blankStringsAndComments(program: string): string {
	let out = "";
	let inString = false;
	let inComment = false;
	for (let at = 0; at < program.length; at++) {
		const c = program[at] as string;
		if (inComment) {
			if (c === "\n") {
				inComment = false;
				out += c;
			} else out += " ";
			continue;
		}
		if (inString) {
			if (c === "\\" && at + 1 < program.length) {
				out += "  ";
				at++;
				continue;
			}
			if (c === '"') inString = false;
			out += c === '"' ? c : " ";
			continue;
		}
		if (c === '"') inString = true;
		if (c === "#") {
			inComment = true;
			out += " ";
			continue;
		}
		out += c;
	}
	return out;
}
