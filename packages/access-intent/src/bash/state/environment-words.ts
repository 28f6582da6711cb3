/**
 * Owns: which computed words of a top-level command hold a value the command's own text cannot choose (ADR 0031): a
 * variable it never assigns (Pi's environment, set before Pi started), the positional parameters of Pi's `bash -c`
 * (empty), and the current directory (`"$PWD"`, `"$(pwd)"`: one absolute path), reading the table of names bash itself
 * sets (`shell-state-table.ts`: `REPLY`, `OLDPWD`, `_`, …), which are never environment values.
 * Never: resolves a value or says a word is a path; callers use it only to know a word cannot become an option.
 */

import type { ShellWord, WordPart } from "../reading/shell-word";
import { expandBraces } from "./brace-expansion";
import { emptyPositionalValue } from "./positional-words";
import { environmentValue, type ShellEnvironment, UNKNOWN_SHELL_ENVIRONMENT } from "./shell-environment";
import { SHELL_SET_PREFIX, SHELL_SET_VARIABLES } from "./shell-state-table";

/**
 * Commands that can assign a variable whose name is computed or hidden from the text (`read "$n"`, `eval "$x"`,
 * `source f`, `declare -n`, `printf -v "$n"`, `set -- a`): with any of them, no variable is an environment value.
 */
const HIDDEN_ASSIGNERS =
	/(?:^|[^\w.-])(?:eval|source|declare|typeset|local|export|readonly|read|mapfile|readarray|getopts|let|set|alias|trap)(?![\w.-])|(?:^|[;&|(`{\n]|(?:^|\s)(?:then|do|else|if|while|until|time|builtin|command|!))\s*\.\s|\bprintf\b[^\n;&|]*\s-v/;

/** A function definition may be called with arguments: its `$1` is not Pi's (empty) positional parameter. */
const FUNCTION_DEFINITION = /\(\s*\)|(?:^|[^\w-])function\s/;

/** A function named `pwd` (`pwd() {…}`, `function pwd {…}`) replaces the builtin. */
const PWD_FUNCTION = /(?:^|[^\w.-])pwd\s*\(\s*\)|(?:^|[^\w-])function\s+pwd(?![\w.-])/;

/** Commands that move the current directory: after them `$PWD` may hold a directory the command chose. */
const DIRECTORY_CHANGE = /(?:^|[^\w.-])(?:cd|pushd|popd)(?![\w.-])/;

const DEFAULTED = /^\$\{([A-Za-z_][A-Za-z0-9_]*|[1-9]):?[-=]([^$`"'\\{}]*)\}$/;
export const POSITIONAL = /^\$(?:[1-9@*#]|\{(?:[1-9]|[@*#])\})$/;
export const CURRENT_DIRECTORY = /^(?:\$\(\s*pwd(?:\s+-[LP])?\s*\)|`\s*pwd(?:\s+-[LP])?\s*`)$/;

/** What a top-level command's own text leaves to Pi's environment. */
export class CommandEnvironment {
	private readonly hidden: boolean;
	private readonly positionalEmpty: boolean;
	private readonly directoryStable: boolean;
	private readonly pwdBuiltin: boolean;
	private readonly assigned = new Map<string, boolean>();

	private constructor(
		private readonly source: string,
		enabled: boolean,
		/** The environment the command starts with (ADR 0039); unknown for a payload. */
		private readonly shell: ShellEnvironment = UNKNOWN_SHELL_ENVIRONMENT,
	) {
		this.hidden = !enabled || HIDDEN_ASSIGNERS.test(source);
		this.positionalEmpty = !this.hidden && !FUNCTION_DEFINITION.test(source);
		this.pwdBuiltin = enabled && !PWD_FUNCTION.test(source);
		// SECURITY: `pwd() { echo -delete; }; find "$(pwd)"`: a function named `pwd` prints what the command chose.
		this.directoryStable = enabled && !DIRECTORY_CHANGE.test(source) && !PWD_FUNCTION.test(source);
	}

	/** The command Pi's bash tool runs as `bash -c <command>` in a fresh shell with Pi's environment. */
	static topLevel(source: string, shell: ShellEnvironment = UNKNOWN_SHELL_ENVIRONMENT): CommandEnvironment {
		// One call reads the same command twice (its units, then its paths and writes): the scans are made once.
		const last = CommandEnvironment.last;
		if (last?.source !== source || last.shell !== shell)
			CommandEnvironment.last = new CommandEnvironment(source, true, shell);
		return CommandEnvironment.last as CommandEnvironment;
	}

	/** The last top-level environment read; a pure function of its source, so sharing it changes nothing. */
	private static last: CommandEnvironment | null = null;

	/** A payload (`sh -c '…' a b`) gets its positional parameters and variables from its caller: none is known. */
	static readonly NONE = new CommandEnvironment("", false);

	/** True when `$1`…`$9`, `$@`, `$*` outside a function are empty (Pi's `bash -c` has no arguments). */
	get positionalParametersEmpty(): boolean {
		return this.positionalEmpty;
	}

	/** True when `$(pwd)` prints the shell's directory: no function named `pwd` replaces the builtin. */
	get pwdIsBuiltin(): boolean {
		return this.pwdBuiltin;
	}

	/**
	 * True when the environment the command starts with exports `name` (a known environment that sets it), so a plain
	 * assignment to it reaches every program started later (ADR 0051). False under the unknown environment.
	 */
	exports(name: string): boolean {
		return this.shell.kind === "known" && this.shell.variables.has(name);
	}

	/** True when `$name` holds Pi's environment value: bash does not set it and the command never assigns it. */
	isEnvironmentValue(name: string): boolean {
		return !this.hidden && this.neverAssigned(name);
	}

	/**
	 * True when bash does not set `name` and the command's text never spells it other than as an expansion that only
	 * reads it; the caller rules out the assigners that hide a name (ADR 0039 uses the units for that).
	 */
	neverAssigned(name: string): boolean {
		if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return false;
		if (SHELL_SET_VARIABLES.has(name) || SHELL_SET_PREFIX.test(name)) return false;
		let known = this.assigned.get(name);
		if (known === undefined) {
			known = occursOtherThanExpanded(this.source, name);
			this.assigned.set(name, known);
		}
		return !known;
	}

	/**
	 * True when the word's expansion cannot begin with a dash: its first part is literal text not starting with one,
	 * an environment value, an empty positional parameter, or the current directory (an absolute path). SECURITY: an
	 * unquoted computed part later in the word may split off a word of its own (`/x$D`, D=' -delete'), so each such part
	 * must be one of these too.
	 */
	cannotBeOption(word: ShellWord): boolean {
		const raw = word.raw;
		// `"$PWD"`, `"$(pwd)"`: one word, an absolute path, whatever the directory is called.
		if (/^"(?:\$PWD|\$\{PWD\})/.test(raw)) return this.pwdIsShells();
		if (/^"(?:\$\(\s*pwd(?:\s+-[LP])?\s*\)|`\s*pwd(?:\s+-[LP])?\s*`)/.test(raw)) return this.pwdBuiltin;
		const first = word.parts[0];
		if (first === undefined) return false;
		if (first.kind === "literal" && (first.text === "" || first.text.startsWith("-"))) return false;
		return word.parts.every((part, index) => this.partIsSafe(part, index === 0));
	}

	/**
	 * True when, under a known environment (ADR 0039), the word expands to one word that does not begin with a dash, or
	 * to none: literal text and variables whose start-up value is known, no glob, no unquoted value that splits.
	 * False whenever that cannot be established (an unknown environment, any other expansion).
	 */
	expandsToNoOption(word: ShellWord): boolean {
		if (this.hidden || this.shell.kind === "unknown") return false;
		let text = "";
		for (const part of word.parts) {
			if (part.kind === "dynamic") {
				// `${2:-10000}`, `"$1"`: Pi's `bash -c` has no positional parameters (outside a function).
				const positional = this.positionalEmpty ? emptyPositionalValue(part.raw) : null;
				if (positional === null) return false;
				text += positional;
				continue;
			}
			if (part.kind === "literal") {
				if (part.globActive) return false;
				text += part.text;
				continue;
			}
			if (part.name === "PWD") {
				// The shell's directory, an absolute path, while nothing moves or assigns it (as in `cannotBeOption`).
				if (!this.directoryStable || !this.pwdIsShells()) return false;
				text += "/";
				continue;
			}
			const values = this.isEnvironmentValue(part.name) ? environmentValue(this.shell, part.name) : null;
			const value = values?.known[0];
			if (value === undefined || values?.unknown === true) return false;
			// SECURITY: `$X` holding `a -delete` or `*` becomes several words, or the names a glob matches.
			if (!part.quoted && /[\s*?[]/.test(value)) return false;
			text += value;
		}
		return !text.startsWith("-");
	}

	/** SECURITY: `PWD=-delete; find "$PWD"`: `$PWD` is the shell's absolute directory only while nothing assigns it. */
	private pwdIsShells(): boolean {
		return !this.hidden && !occursOtherThanExpanded(this.source, "PWD");
	}

	private partIsSafe(part: WordPart, first: boolean): boolean {
		switch (part.kind) {
			case "literal":
				return true;
			case "variable":
				// A quoted variable after literal text never splits; Pi's own values and the directory are not the command's.
				if (!first && part.quoted) return true;
				if (part.name === "PWD") return this.directoryStable && this.pwdIsShells();
				return this.isEnvironmentValue(part.name);
			case "dynamic": {
				if (/^[<>]\(/.test(part.raw)) return true;
				if (POSITIONAL.test(part.raw)) return this.positionalEmpty;
				// `folder{1..50}`, `{src,test}`: every expanded word begins with the literal text of the alternatives.
				const braces = expandBraces(part.raw);
				if (braces !== null) return braces.every((word) => word !== "" && !word.startsWith("-"));
				// `${1:-.}`, `${DIR:-/tmp}`: the environment's (or the empty positional's) value, or a literal default.
				const defaulted = DEFAULTED.exec(part.raw);
				if (defaulted !== null) {
					const [, name = "", fallback = ""] = defaulted;
					const fromOutside = /^[1-9]$/.test(name) ? this.positionalEmpty : this.isEnvironmentValue(name);
					return fromOutside && !fallback.startsWith("-") && !/\s/.test(fallback);
				}
				return CURRENT_DIRECTORY.test(part.raw) && this.directoryStable;
			}
			default: {
				const unhandled: never = part;
				throw new Error(`unhandled word part ${String(unhandled)}`);
			}
		}
	}
}

/** What follows `${NAME` in an expansion that reads the variable and never assigns it. */
const READ_ONLY_OPERATOR = /^(?:\}|:?[-+?]|[#%/^,]|:\s*-?\d)/;

/** True when `name` occurs in `source` other than as a plain `$name` or `${name}` expansion (an assignment, a loop). */
function occursOtherThanExpanded(source: string, name: string): boolean {
	const pattern = new RegExp(`(?<![A-Za-z0-9_])${name}(?![A-Za-z0-9_])`, "g");
	for (const match of source.matchAll(pattern)) {
		const at = match.index;
		if (source[at - 1] === "$") continue;
		// `${NAME}`, `${NAME:-x}`, `${NAME-x}`, `${NAME:+x}`, `${NAME%x}`, `${NAME/a/b}`, `${NAME:1}`, `${NAME,,}` only
		// read it; `${NAME:=x}` and `${NAME=x}` assign it.
		if (source.slice(at - 2, at) === "${" && READ_ONLY_OPERATOR.test(source.slice(at + name.length))) continue;
		return true;
	}
	return false;
}
