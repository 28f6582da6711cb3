/**
 * Owns: reading the string of `env -S`/`--split-string` as GNU env splits it into arguments (coreutils env(1), "-S/
 * --split-string usage in scripts"), written back as bash words, so `env -S 'GIT_DIR=x git status'` is read as
 * `env GIT_DIR=x git status`: its settings and its command are judged like any `env`'s.
 * Never: guesses; a string env would refuse (`$` without `{`, an unterminated quote, an unknown escape) is `null`.
 */

/** The escapes env reads inside double quotes and outside quotes, and what each stands for. */
const ESCAPES: Readonly<Record<string, string>> = {
	f: "\f",
	n: "\n",
	r: "\r",
	t: "\t",
	v: "\v",
	"#": "#",
	$: "$",
	"\\": "\\",
	'"': '"',
	"'": "'",
};

/** One argument being built: literal text and `${NAME}` expansions, written as bash text. */
class Word {
	private text = "";
	private pending = "";
	started = false;

	literal(char: string): void {
		this.started = true;
		this.pending += char;
	}

	variable(name: string): void {
		this.started = true;
		this.flush();
		// env expands `${NAME}` into the argument without splitting it, as a double-quoted bash expansion does.
		this.text += `"\${${name}}"`;
	}

	/** The word as bash text: literal runs single-quoted (a `'` written `'\''`), `''` for an empty argument. */
	bash(): string {
		this.flush();
		return this.text === "" ? "''" : this.text;
	}

	private flush(): void {
		if (this.pending === "") return;
		this.text += `'${this.pending.replaceAll("'", "'\\''")}'`;
		this.pending = "";
	}
}

/**
 * The arguments of `text` as bash words joined by spaces (`'GIT_DIR=x' 'git'`), or `null` when env would refuse it.
 * The result is meant to be parsed again, so only its reading matters, not its look.
 */
export function envSplitString(text: string): string | null {
	const words: string[] = [];
	let word = new Word();
	let quote: "'" | '"' | null = null;
	const end = (): void => {
		if (word.started) words.push(word.bash());
		word = new Word();
	};
	for (let at = 0; at < text.length; at++) {
		const char = text[at] as string;
		if (quote === "'") {
			if (char === "'") quote = null;
			else if (char === "\\" && (text[at + 1] === "\\" || text[at + 1] === "'")) word.literal(text[++at] as string);
			else word.literal(char);
			continue;
		}
		if (char === "\\") {
			const next = text[++at];
			if (next === undefined) return null;
			if (next === "c") {
				if (quote !== null) return null;
				break;
			}
			if (next === "_") {
				if (quote === null) end();
				else word.literal(" ");
				continue;
			}
			const escaped = ESCAPES[next];
			if (escaped === undefined) return null;
			word.literal(escaped);
			continue;
		}
		if (char === "$") {
			const match = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}/.exec(text.slice(at));
			if (match === null) return null;
			word.variable(match[1] as string);
			at += match[0].length - 1;
			continue;
		}
		if (quote === '"') {
			if (char === '"') quote = null;
			else word.literal(char);
			continue;
		}
		if (/[ \t\n\v\f\r]/.test(char)) {
			end();
			continue;
		}
		if (char === "#" && !word.started) break;
		if (char === "'" || char === '"') {
			quote = char;
			word.started = true;
			continue;
		}
		word.literal(char);
	}
	if (quote !== null) return null;
	end();
	return words.join(" ");
}
