/**
 * Owns: reading a sed script as far as needed to name the files it writes (the `w`/`W` commands and the `w` flag of
 * `s///`) and reads (`r`/`R`), in GNU syntax: a file name runs to the end of the line, `;` included.
 * Never: judges executions (`e` belongs to the effect tables); a script it cannot read to the end is reported as
 * such, so the caller asks instead of guessing.
 */

interface SedWrites {
	/** File names written by `w FILE`, `W FILE` and `s/…/…/w FILE`, as spelled. */
	readonly files: readonly string[];
	/** File names read by `r FILE` and `R FILE`, as spelled (`/dev/stdin` included). */
	readonly reads: readonly string[];
	/** True when the script could not be read to its end (an unknown command, an unterminated `s`). */
	readonly unreadable: boolean;
}

/** Commands that take no argument. */
const BARE = new Set([..."=dDgGhHnNpPxzF"]);
/** Commands whose argument (a label, a number) ends at `;` or a newline. */
const SHORT_ARGUMENT = new Set([..."btTlLqQv"]);
/** Commands whose argument runs to the end of the line. */
const LINE_ARGUMENT = new Set([..."e:#"]);
const TEXT_COMMANDS = new Set([..."aic"]);

export function sedWrites(script: string): SedWrites {
	const reader = new SedReader(script);
	return reader.read();
}

class SedReader {
	private at = 0;
	private readonly files: string[] = [];
	private readonly reads: string[] = [];

	constructor(private readonly text: string) {}

	read(): SedWrites {
		while (this.at < this.text.length) {
			if (!this.command()) return { files: this.files, reads: this.reads, unreadable: true };
		}
		return { files: this.files, reads: this.reads, unreadable: false };
	}

	/** Reads one command (with its address); false when the script cannot be read on. */
	private command(): boolean {
		this.skip(" \t\n;");
		if (this.at >= this.text.length) return true;
		if (!this.address()) return false;
		this.skip(" \t");
		if (this.text[this.at] === ",") {
			this.at++;
			this.skip(" \t");
			if (!this.address()) return false;
			this.skip(" \t");
		}
		while (this.text[this.at] === "!") {
			this.at++;
			this.skip(" \t");
		}
		const name = this.text[this.at];
		if (name === undefined) return false;
		this.at++;
		if (name === "{" || name === "}" || BARE.has(name)) return true;
		if (SHORT_ARGUMENT.has(name)) {
			while (this.at < this.text.length && !";\n}".includes(this.text[this.at] as string)) this.at++;
			return true;
		}
		if (LINE_ARGUMENT.has(name)) {
			this.restOfLine();
			return true;
		}
		if (name === "r" || name === "R") {
			this.skip(" \t");
			const file = this.restOfLine();
			// SECURITY: `sed 'r .env' notes.txt` prints .env after each line (ADR 0026, "reads are reads").
			if (file !== "") this.reads.push(file);
			return true;
		}
		if (name === "w" || name === "W") {
			this.writeFile();
			return true;
		}
		if (TEXT_COMMANDS.has(name)) {
			this.text_();
			return true;
		}
		if (name === "s") return this.substitute();
		if (name === "y") return this.delimited(2, 0) !== null;
		return false;
	}

	/** A line address, a `/re/` or `\cREc` context address with its flags, `first~step`, `+N`, `~N`, `$`; or none. */
	private address(): boolean {
		const c = this.text[this.at];
		if (c === "/" || c === "\\") {
			if (c === "\\") this.at++;
			if (this.delimited(1, 1) === null) return false;
			while (this.text[this.at] === "I" || this.text[this.at] === "M") this.at++;
			return true;
		}
		if (c === "$") {
			this.at++;
			return true;
		}
		while (this.at < this.text.length && /[0-9~+]/.test(this.text[this.at] as string)) this.at++;
		return true;
	}

	/**
	 * Reads `count` parts after a delimiter at `at` (the delimiter is consumed); the parts, or `null` if unterminated.
	 * The first `regexes` parts are regular expressions: a delimiter inside a bracket expression is a plain character
	 * there (`s/[^/]*x/y/`, GNU sed 4.9 and POSIX), and a backslash in one escapes nothing.
	 */
	private delimited(count: number, regexes: number): string[] | null {
		const delimiter = this.text[this.at];
		if (delimiter === undefined || delimiter === "\n" || delimiter === "\\") return null;
		this.at++;
		const parts: string[] = [];
		let part = "";
		while (parts.length < count) {
			const c = this.text[this.at];
			if (c === undefined) return null;
			this.at++;
			if (c === "\\" && this.at < this.text.length) {
				part += c + (this.text[this.at] as string);
				this.at++;
			} else if (c === delimiter) {
				parts.push(part);
				part = "";
			} else if (c === "[" && parts.length < regexes) {
				const end = this.bracketEnd(this.at);
				if (end === null) return null;
				part += this.text.slice(this.at - 1, end);
				this.at = end;
			} else part += c;
		}
		return parts;
	}

	/** Where the bracket expression opened just before `start` ends (after its `]`), or `null` if it never does. */
	private bracketEnd(start: number): number | null {
		let at = start;
		if (this.text[at] === "^") at++;
		if (this.text[at] === "]") at++;
		while (at < this.text.length && this.text[at] !== "]") {
			const next = this.text[at + 1];
			if (this.text[at] === "[" && next !== undefined && ":=.".includes(next)) {
				const close = this.text.indexOf(`${next}]`, at + 2);
				if (close < 0) return null;
				at = close + 2;
			} else if (this.text[at] === "\n") return null;
			else at++;
		}
		return at < this.text.length ? at + 1 : null;
	}

	private substitute(): boolean {
		if (this.delimited(2, 1) === null) return false;
		for (;;) {
			const flag = this.text[this.at];
			if (flag === undefined || ";\n}".includes(flag)) return true;
			this.at++;
			if (flag === "w") {
				this.writeFile();
				return true;
			}
			if (flag === "e") continue;
			if (!/[gpiImM0-9 \t]/.test(flag)) return false;
		}
	}

	private writeFile(): void {
		this.skip(" \t");
		const name = this.restOfLine();
		// SECURITY: GNU sed reads the file name to the end of the line, so `w x; p` writes a file named `x; p`.
		if (name !== "") this.files.push(name);
	}

	/** GNU one-liner text (`a foo`) or the classic `a\` form, whose lines continue while they end in `\`. */
	private text_(): void {
		for (;;) {
			const line = this.restOfLine();
			if (!line.endsWith("\\")) return;
		}
	}

	private restOfLine(): string {
		const end = this.text.indexOf("\n", this.at);
		const stop = end < 0 ? this.text.length : end;
		const line = this.text.slice(this.at, stop);
		this.at = end < 0 ? stop : stop + 1;
		return line;
	}

	private skip(chars: string): void {
		while (this.at < this.text.length && chars.includes(this.text[this.at] as string)) this.at++;
	}
}
