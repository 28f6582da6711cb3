/**
 * Owns: hand-built `CommandUnit` and `ShellWord` values for path-candidate tests that must pin nesting and word parts
 * exactly, independent of the parser.
 * Never: parses shell text; corpus rows go through the real parser.
 */
import type { Assignment, CommandUnit, Redirect, UnitContext } from "../../src/bash/reading/command-unit";
import type { ShellWord, WordPart } from "../../src/bash/reading/shell-word";

/** An unquoted literal word: `*`, `?`, `[` in it are active glob characters. */
export function lit(text: string): ShellWord {
	return { raw: text, parts: [{ kind: "literal", text, globActive: /[*?[]/.test(text) }] };
}

/** A single-quoted literal word: glob characters are inert. */
export function quoted(text: string): ShellWord {
	return { raw: `'${text}'`, parts: [{ kind: "literal", text, globActive: false }] };
}

export function text(value: string, globActive = false): WordPart {
	return { kind: "literal", text: value, globActive };
}

export function variable(name: string, isQuoted = false): WordPart {
	return { kind: "variable", name, quoted: isQuoted };
}

export function dynamic(raw: string): WordPart {
	return { kind: "dynamic", raw };
}

export function word(...parts: WordPart[]): ShellWord {
	const raw = parts
		.map((part) => (part.kind === "literal" ? part.text : part.kind === "variable" ? `$${part.name}` : part.raw))
		.join("");
	return { raw, parts };
}

export interface UnitExtras {
	readonly context?: UnitContext | null;
	readonly nesting?: readonly string[];
	readonly redirects?: readonly Redirect[];
	readonly assignments?: readonly Assignment[];
	readonly compound?: boolean;
}

/** A simple command `name args…`. */
export function command(name: string, args: readonly (string | ShellWord)[], extras: UnitExtras = {}): CommandUnit {
	const words = args.map((arg) => (typeof arg === "string" ? lit(arg) : arg));
	return {
		text: [name, ...words.map((w) => w.raw)].join(" "),
		context: extras.context ?? null,
		nesting: extras.nesting ?? [],
		commandName: name,
		args: words,
		nameWord: lit(name),
		redirects: extras.redirects ?? [],
		assignments: extras.assignments ?? [],
		wrapperKind: null,
		executedUnit: null,
		innerWrappers: [],
		runTimeWords: null,
		compound: extras.compound ?? false,
	};
}

/** A pure assignment unit `name=value`. */
export function assignment(name: string, value: string | ShellWord, extras: UnitExtras = {}): CommandUnit {
	const valueWord = typeof value === "string" ? lit(value) : value;
	return {
		text: `${name}=${valueWord.raw}`,
		context: extras.context ?? null,
		nesting: extras.nesting ?? [],
		commandName: null,
		args: [],
		nameWord: null,
		redirects: [],
		assignments: [{ name, value: valueWord }],
		wrapperKind: null,
		executedUnit: null,
		innerWrappers: [],
		runTimeWords: null,
		compound: false,
	};
}

export function redirect(operator: string, target: string | ShellWord): Redirect {
	return { operator, target: typeof target === "string" ? lit(target) : target };
}
