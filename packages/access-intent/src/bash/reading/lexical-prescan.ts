/**
 * Owns: the one pass over the raw command text that finds characters bash and tree-sitter-bash read differently
 * (control characters, escaped blanks and line-initial backslashes the grammar skips, Unicode spaces where its scanner
 * ends a word, a locale string in an option word), and the reason the command is then unparseable; and the one
 * tree test of the same class the text alone cannot decide (two backquoted substitutions read as one). Found by the differential oracle (ADR 0020); add a rule with its oracle row.
 * Never: parses or repairs; it only says "these two readers disagree here", and the caller asks.
 */

/** Bash word boundaries outside quotes: blanks, newline and the metacharacters. */
const BOUNDARY: readonly boolean[] = Array.from({ length: 128 }, (_, code) =>
	" \t\n;&|()<>".includes(String.fromCharCode(code)),
);
const codeSet = (chars: string): readonly boolean[] =>
	Array.from({ length: 128 }, (_, code) => chars.includes(String.fromCharCode(code)));
/** Characters after which, in the same word, the grammar's scanner tests `iswspace` (assignment values, expansions). */
const SCANNER_STATE = codeSet("$=`");
/** Characters after which, in the same word, the grammar may end a token and skip a following `\ ` as a blank. */
const TOKEN_END = codeSet("$\"'{}[]()`");
/** Characters that continue a word token of the grammar: after one, a Unicode space stays inside the word. */
const WORD_CHAR: readonly boolean[] = Array.from({ length: 128 }, (_, code) =>
	/[A-Za-z0-9_./:,@%+-]/.test(String.fromCharCode(code)),
);

/** The characters bash and the grammar may read apart wherever they stand (one class, shared by both tests below). */
const SUSPECT_CHARACTER =
	// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this test looks for.
	/[\x01-\x08\x0b-\x1f\x7f-\xa0\u1680\u180e\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/**
 * Cheap test first: a command with none of these characters is read alike by both, and the loop below never runs.
 * C0 controls but tab and newline, DEL, C1 controls, the Unicode spaces the grammar's scanner calls blank, and a
 * backslash before a blank.
 */
const SUSPECT = new RegExp(
	String.raw`(?:^|[\s;&|(])-\S*\\\n|${SUSPECT_CHARACTER.source}|\\[ \t]|\n\\|(?:^|[\s;&|(])-[^\s"']*\$"`,
);

/** Unicode spaces for which the grammar's scanner (`iswspace`) ends a word that bash continues. */
function isScannerSpace(code: number): boolean {
	return (
		code === 0x1680 ||
		(code >= 0x2000 && code <= 0x200a) ||
		code === 0x2028 ||
		code === 0x2029 ||
		code === 0x205f ||
		code === 0x3000
	);
}

const CONTROL_NAMES: ReadonlyMap<number, string> = new Map([
	[0x0b, "a vertical tab"],
	[0x0c, "a form feed"],
	[0x0d, "a carriage return"],
]);

function codeName(code: number): string {
	return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Unicode spaces the grammar's lexer skips as blanks where a word may start (its `\s`); bash reads them as text. */
function isWordStartSpace(code: number): boolean {
	return (
		code === 0xa0 || code === 0x180e || code === 0x202f || code === 0xfeff || code === 0x200b || isScannerSpace(code)
	);
}

/** Why bash and the grammar would read `command` differently, or `null` when they read its characters alike. */
export function lexicalMismatch(command: string): string | null {
	// Every match of SUSPECT holds a backslash, `$"` or one of its characters: two substring searches and one class
	// scan cost a fraction of the alternatives' scan on the commands (nearly all) that hold none.
	if (!command.includes("\\") && !command.includes('$"') && !SUSPECT_CHARACTER.test(command)) return null;
	if (!SUSPECT.test(command)) return null;
	/** The previous character was an unescaped word boundary (or there was none). */
	let atWordStart = true;
	/** The current word holds `$`, `=` or a backquote: the grammar's scanner may be the one reading it. */
	let scannerWord = false;
	/** The current word holds a quote, expansion, brace or bracket: a token of the grammar may have ended in it. */
	let tokenWord = false;
	/** The current word began with an unquoted `-` and has had no quote yet. */
	let dashWord = false;
	let backslashes = 0;
	let prev = 0x20;
	/** `<<` (or `<<<`) was the last operator, so the next word is a delimiter or here-string word. */
	let afterDoubleLess = false;
	/** The current word is that word. */
	let redirectWord = false;
	for (let i = 0; i < command.length; i++) {
		const code = command.charCodeAt(i);
		const escaped = backslashes % 2 === 1;
		// SECURITY: `ls \r#; rm -rf x` (red-team cr-hash, vt-hash): tree-sitter-bash reads CR, VT and FF as blanks,
		// so `#; rm …` looks like a comment; bash reads them as word characters and runs `rm`. Other controls are
		// rare enough that both readers are not worth modelling.
		if ((code < 0x20 && code !== 0x09 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f))
			return `the command contains ${CONTROL_NAMES.get(code) ?? `a control character (${codeName(code)})`} at offset ${i}, which bash reads as part of a word and tree-sitter-bash may read as a blank`;
		if (code === 0x5c && !escaped) {
			const next = command.charCodeAt(i + 1);
			// SECURITY: `rm a -n\<newline> 2>&1`: the grammar drops an option word continued onto the next line.
			if (next === 0x0a && dashWord)
				return `a line continuation at offset ${i} ends an option word, which tree-sitter-bash drops`;
			// SECURITY: `ls \ #; rm x`, `ls a\<TAB>#; rm x`: the grammar skips a backslash-blank between its tokens as
			// a blank, so `#; rm x` looks like a comment; bash reads `\ ` as a quoted blank inside the word and runs `rm`.
			if (next === 0x09 || (next === 0x20 && (atWordStart || tokenWord)))
				return `an escaped blank at offset ${i} that tree-sitter-bash reads as a blank and bash as part of a word`;
		}
		// SECURITY: `ls\n\\\nrm x`: after a newline the grammar may read a backslash as continuing the line before
		// (`ls rm x`); bash ends the command at the newline and runs `rm x`.
		if (code === 0x0a && !escaped && command.charCodeAt(i + 1) === 0x5c)
			return `a line starting with a backslash at offset ${i + 1}: tree-sitter-bash may join it to the line before, bash does not`;
		// SECURITY: `x=\u3000 rm y`: after `=` or an expansion the grammar's scanner ends the word at a Unicode space
		// and reads `rm` as an argument; bash keeps the space in the value and runs `rm y`.
		// SECURITY: `git status \u00a0-rf`: where a word may start the grammar skips a Unicode space as a blank
		// (argv `-rf`); bash passes it as part of the word (` -rf`).
		// The same after a token of the grammar ends inside the word (`'EOF'<U+2008>`, `[[<U+00A0>`, `C='a b'<U+00A0>`).
		// A here-document delimiter or here-string word is one token of the grammar's scanner throughout.
		const afterTokenEnd = (tokenWord && prev < 128 && WORD_CHAR[prev] !== true) || redirectWord;
		if ((atWordStart || afterTokenEnd) && !escaped && isWordStartSpace(code))
			return `a Unicode space (${codeName(code)}) at offset ${i} where tree-sitter-bash may start a word: it skips it as a blank, bash does not`;
		if (isScannerSpace(code) && scannerWord)
			return `a Unicode space (${codeName(code)}) at offset ${i} follows an assignment or expansion: tree-sitter-bash ends the word there, bash does not`;
		// SECURITY: `rm -rf$"x"`: in a word that starts with `-` the grammar drops everything before `$"…"` (argv
		// `x`); bash passes `-rfx`.
		if (code === 0x24 && !escaped && dashWord && command.charCodeAt(i + 1) === 0x22)
			return `a locale string ($"…") at offset ${i} inside an option word, which tree-sitter-bash reads without its start`;
		if (code === 0x3c && !escaped && prev === 0x3c) afterDoubleLess = true;
		if (code < 128 && BOUNDARY[code] === true && !escaped) {
			if (code !== 0x3c && code !== 0x20 && code !== 0x09) afterDoubleLess = false;
			redirectWord = false;
			atWordStart = true;
			scannerWord = false;
			tokenWord = false;
			dashWord = false;
		} else {
			if (atWordStart) {
				dashWord = code === 0x2d;
				redirectWord = afterDoubleLess;
				afterDoubleLess = false;
			} else if (code === 0x22 || code === 0x27) dashWord = false;
			atWordStart = false;
			if (code < 128 && SCANNER_STATE[code] === true) scannerWord = true;
			if (code < 128 && TOKEN_END[code] === true) tokenWord = true;
		}
		backslashes = code === 0x5c ? backslashes + 1 : 0;
		prev = code;
	}
	return null;
}

/** An unescaped backquote: one preceded by an even number of backslashes. */
const INNER_BACKQUOTE = /(?:^|[^\\])(?:\\\\)*`/;

/**
 * The text of each backquoted substitution node, in source order, is checked for an inner unescaped backquote:
 * bash ends the substitution there, so the grammar merged two (`` `ls``rm x` `` read as one running `ls`).
 * Call it only when the source holds three backquotes or more (`mayMergeBackquotes`).
 */
export function mergedBackquotes(substitutions: readonly string[]): string | null {
	for (const text of substitutions) {
		if (text.startsWith("`") && INNER_BACKQUOTE.test(text.slice(1, -1)))
			return "two backquoted substitutions that tree-sitter-bash reads as one";
	}
	return null;
}

export function mayMergeBackquotes(source: string): boolean {
	const first = source.indexOf("`");
	if (first === -1) return false;
	const second = source.indexOf("`", first + 1);
	return second !== -1 && source.indexOf("`", second + 1) !== -1;
}

/**
 * A here-document inside `$(…)`, `<(…)` or `>(…)` followed by more commands before the `)`: bash 5.2 re-reads that
 * text differently (`$(cat <<'E'` … `E` then `ls; rm x)` runs `ls rm x`). `tail` is the substitution's text after the
 * here-document's end delimiter; only a closing parenthesis (and blanks) may follow, as in the common
 * `git commit -m "$(cat <<'EOF' … EOF\n)"`.
 */
export function heredocTailMisread(tail: string): string | null {
	return /^\s*\)?\s*$/.test(tail)
		? null
		: "a here-document inside a substitution followed by more commands, which bash re-reads";
}
