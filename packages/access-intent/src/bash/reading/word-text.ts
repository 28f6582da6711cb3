/**
 * Owns: the quote-aware reading of one shell word's source text into `ShellWord` parts (quote and backslash removal,
 * `$'…'` decoding, plain `$NAME`/`${NAME}` references, glob activity, brace expansion) given the dynamic spans the
 * syntax tree found inside it. Never: walks the tree or evaluates anything; what it cannot read exactly is `dynamic`.
 */
import type { ShellWord, WordPart } from "./shell-word";

/** A range of the word (absolute source offsets) whose value is only known at run time: `$(…)`, `${x:-…}`, `$((…))`. */
export interface DynamicSpan {
	readonly start: number;
	readonly end: number;
}

const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_]/;
const SPECIAL_PARAMETER = /[0-9@*#?$!-]/;
const GLOB_CHARS = /[*?[]/;
const PLAIN_BRACED = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;
/** Any character the reader treats specially; a word without one is its own literal text. */
const SPECIAL_IN_WORD = /[\\'"$`{*?[]/;

interface Segment {
	text: string;
	/** True when the text came from an unquoted, unescaped run (glob characters there are active). */
	unquoted: boolean;
}

/** Reads the word `source[start, end)`; `spans` must be sorted, non-overlapping and inside the word. */
export function readShellWord(source: string, start: number, end: number, spans: readonly DynamicSpan[]): ShellWord {
	const raw = source.slice(start, end);
	// Most words hold no quoting, expansion, glob or brace: one literal part, read without the character loop.
	if (spans.length === 0 && !SPECIAL_IN_WORD.test(raw))
		return { raw, parts: [{ kind: "literal", text: raw, globActive: false }] };
	// SECURITY: `{rm,x}` and `a{b,c}` become several words at run time, so no literal reading of them is exact.
	if (hasBraceExpansion(source, start, end, spans)) return { raw, parts: [{ kind: "dynamic", raw }] };
	return { raw, parts: new WordReader(source, end, spans).read(start) };
}

class WordReader {
	private readonly parts: WordPart[] = [];
	private segment: Segment | null = null;
	private spanIndex = 0;

	constructor(
		private readonly source: string,
		private readonly end: number,
		private readonly spans: readonly DynamicSpan[],
	) {}

	read(start: number): WordPart[] {
		let i = start;
		let quoted = false;
		while (i < this.end) {
			const ch = this.source[i] as string;
			const span = this.spanAt(i);
			if (span !== null) {
				this.pushDynamic(this.source.slice(span.start, span.end));
				i = span.end;
			} else if (ch === "\\") {
				i = this.readEscape(i, quoted);
			} else if (ch === '"') {
				quoted = !quoted;
				i++;
			} else if (ch === "'" && !quoted) {
				const close = this.source.indexOf("'", i + 1);
				const stop = close === -1 || close > this.end ? this.end : close;
				this.pushLiteral(this.source.slice(i + 1, stop), false);
				i = stop + 1;
			} else if (ch === "$" && !quoted && this.source[i + 1] === "'") {
				i = this.readAnsiC(i);
			} else if (ch === "$" && !quoted && this.source[i + 1] === '"') {
				quoted = true;
				i += 2;
			} else if (ch === "$") {
				i = this.readDollar(i, quoted);
			} else if (ch === "`") {
				// INVARIANT: the tree reports every backtick substitution as a span; an unmatched one is unknown to the end.
				this.pushDynamic(this.source.slice(i, this.end));
				i = this.end;
			} else {
				this.pushLiteral(ch, !quoted);
				i++;
			}
		}
		this.flush();
		return this.parts;
	}

	private spanAt(index: number): DynamicSpan | null {
		while (this.spanIndex < this.spans.length && (this.spans[this.spanIndex] as DynamicSpan).end <= index)
			this.spanIndex++;
		const span = this.spans[this.spanIndex];
		return span !== undefined && span.start === index ? span : null;
	}

	private readEscape(i: number, quoted: boolean): number {
		const next = this.source[i + 1];
		if (next === undefined || i + 1 >= this.end) {
			this.pushLiteral("\\", false);
			return i + 1;
		}
		// SECURITY: `r\<newline>m` is `rm` after line continuation.
		if (next === "\n") return i + 2;
		if (quoted && !'$`"\\'.includes(next)) {
			this.pushLiteral(`\\${next}`, false);
			return i + 2;
		}
		this.pushLiteral(next, false);
		return i + 2;
	}

	private readAnsiC(i: number): number {
		let j = i + 2;
		while (j < this.end && this.source[j] !== "'") j += this.source[j] === "\\" ? 2 : 1;
		const decoded = decodeAnsiC(this.source.slice(i + 2, Math.min(j, this.end)));
		if (decoded === null) this.pushDynamic(this.source.slice(i, Math.min(j + 1, this.end)));
		else this.pushLiteral(decoded, false);
		return j + 1;
	}

	private readDollar(i: number, quoted: boolean): number {
		const next = this.source[i + 1];
		if (next !== undefined && i + 1 < this.end && NAME_START.test(next)) {
			let j = i + 2;
			while (j < this.end && NAME_CHAR.test(this.source[j] as string)) j++;
			this.pushVariable(this.source.slice(i + 1, j), quoted);
			return j;
		}
		if (next === "{") {
			const close = this.source.indexOf("}", i);
			const braced = close === -1 || close >= this.end ? null : PLAIN_BRACED.exec(this.source.slice(i, close + 1));
			if (braced !== null) {
				this.pushVariable(braced[1] as string, quoted);
				return close + 1;
			}
			// INVARIANT: any other `${…}` is a span from the tree; reaching here means we cannot bound it.
			this.pushDynamic(this.source.slice(i, this.end));
			return this.end;
		}
		if (next !== undefined && i + 1 < this.end && SPECIAL_PARAMETER.test(next)) {
			this.pushDynamic(this.source.slice(i, i + 2));
			return i + 2;
		}
		if (next === "(" || next === "[") {
			this.pushDynamic(this.source.slice(i, this.end));
			return this.end;
		}
		this.pushLiteral("$", false);
		return i + 1;
	}

	private pushLiteral(text: string, unquoted: boolean): void {
		if (this.segment !== null && this.segment.unquoted === unquoted) {
			this.segment.text += text;
			return;
		}
		this.flush();
		this.segment = { text, unquoted };
	}

	private pushVariable(name: string, quoted: boolean): void {
		this.flush();
		this.parts.push({ kind: "variable", name, quoted });
	}

	private pushDynamic(raw: string): void {
		this.flush();
		this.parts.push({ kind: "dynamic", raw });
	}

	private flush(): void {
		if (this.segment === null) return;
		const { text, unquoted } = this.segment;
		const previous = this.parts[this.parts.length - 1];
		const globActive = unquoted && GLOB_CHARS.test(text);
		if (previous !== undefined && previous.kind === "literal" && !previous.globActive && !globActive) {
			this.parts[this.parts.length - 1] = { kind: "literal", text: previous.text + text, globActive: false };
		} else {
			this.parts.push({ kind: "literal", text, globActive });
		}
		this.segment = null;
	}
}

/**
 * True when an unquoted `{…,…}` or `{x..y}` appears outside the dynamic spans. Quoted and escaped characters are
 * masked first, so `"{a,b}"` and `\{a,b\}` stay literal.
 */
function hasBraceExpansion(source: string, start: number, end: number, spans: readonly DynamicSpan[]): boolean {
	let open = start;
	while (open < end && source.charCodeAt(open) !== 123 /* { */) open++;
	if (open >= end) return false;
	let depth = 0;
	let separated = false;
	let quote: string | null = null;
	let spanIndex = 0;
	for (let i = start; i < end; i++) {
		const span = spans[spanIndex];
		if (span !== undefined && i === span.start) {
			i = span.end - 1;
			spanIndex++;
			continue;
		}
		const ch = source[i];
		// SECURITY: a backslash is literal inside single quotes: `'\'{a,b}` expands to `\a \b` (found by the oracle).
		if (quote === "'") {
			if (ch === "'") quote = null;
		} else if (ch === "\\") {
			i++;
		} else if (quote !== null) {
			if (ch === quote) quote = null;
		} else if (ch === "'" || ch === '"') {
			quote = ch;
		} else if (ch === "{" && source[i - 1] !== "$") {
			depth++;
		} else if (ch === "}" && depth > 0) {
			if (separated) return true;
			depth--;
		} else if (depth > 0 && (ch === "," || (ch === "." && source[i + 1] === "."))) {
			separated = true;
		}
	}
	return false;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
	a: "\x07",
	b: "\b",
	e: "\x1b",
	E: "\x1b",
	f: "\f",
	n: "\n",
	r: "\r",
	t: "\t",
	v: "\v",
	"\\": "\\",
	"'": "'",
	'"': '"',
	"?": "?",
};

/** Decodes the body of `$'…'` as bash does, or `null` when an escape cannot be decoded exactly. */
export function decodeAnsiC(body: string): string | null {
	let out = "";
	for (let i = 0; i < body.length; i++) {
		const ch = body[i] as string;
		if (ch !== "\\") {
			out += ch;
			continue;
		}
		const next = body[i + 1];
		if (next === undefined) return null;
		const simple = SIMPLE_ESCAPES[next];
		if (simple !== undefined) {
			out += simple;
			i++;
			continue;
		}
		const numeric = readNumericEscape(body, i + 1);
		if (numeric === null) {
			if (next === "c") return null;
			out += `\\${next}`;
			i++;
			continue;
		}
		// SECURITY: bash ends a `$'…'` string at a NUL, so `$'rm\0x'` is `rm`.
		if (numeric.codePoint === 0) return out;
		if (numeric.codePoint > 0x10ffff) return null;
		out += String.fromCodePoint(numeric.codePoint);
		i = numeric.end - 1;
	}
	return out;
}

function readNumericEscape(body: string, at: number): { codePoint: number; end: number } | null {
	const kind = body[at] as string;
	const [pattern, offset] =
		kind === "x"
			? [/^[0-9A-Fa-f]{1,2}/, 1]
			: kind === "u"
				? [/^[0-9A-Fa-f]{1,4}/, 1]
				: kind === "U"
					? [/^[0-9A-Fa-f]{1,8}/, 1]
					: /[0-7]/.test(kind)
						? [/^[0-7]{1,3}/, 0]
						: [null, 0];
	if (pattern === null) return null;
	const digits = pattern.exec(body.slice(at + offset, at + offset + 8));
	if (digits === null) return null;
	const radix = offset === 0 ? 8 : 16;
	// Octal escapes are bytes: `\777` wraps to one byte in bash.
	const value = Number.parseInt(digits[0], radix);
	return { codePoint: radix === 8 ? value & 0xff : value, end: at + offset + digits[0].length };
}

/** The name in a plain `$NAME` / `${NAME}` reference, or `null` for any other expansion. */
export function plainVariableName(text: string): string | null {
	const braced = PLAIN_BRACED.exec(text);
	if (braced !== null) return braced[1] as string;
	return /^\$[A-Za-z_][A-Za-z0-9_]*$/.test(text) ? text.slice(1) : null;
}
