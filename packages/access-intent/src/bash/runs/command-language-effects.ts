/**
 * Owns: reading the command languages of `awk` and `sed` as far as needed to know whether they run a command:
 * awk's `system()`, pipes and coprocesses, and program files; sed's `e command` and `s///e`.
 * Never: judges what they read or write (that is the path rules' part); an unreadable program is unknown (`null`).
 */

import { literalWordText, type ShellWord } from "../reading/shell-word";
import type { WordRef } from "../reading/unit-draft";
import { type Found, NOT_A_WRAPPER } from "./option-effects";

/** Program text that makes awk run a command: `system(…)`, `cmd | getline`, `print … | "cmd"`, `|&` coprocesses. */
const AWK_RUNS_COMMANDS = /\bsystem\s*\(|\|\s*getline|\|&|printf?\b[^;{}]*\|/;

/**
 * An awk program that runs commands is unknown; any other awk runs nothing. A program read from a file (`-f`,
 * `-E`, `-W exec`), an included or loaded library (`-i`, `-l`), or a computed word cannot be read.
 */
export function awkExecutions(args: readonly WordRef[]): Found {
	const programs: string[] = [];
	let i = 0;
	for (; i < args.length; i++) {
		const text = literalWordText((args[i] as WordRef).word);
		if (text === null) return null;
		if (text === "--") {
			i++;
			break;
		}
		if (!text.startsWith("-") || text === "-") break;
		const next = args[i + 1] === undefined ? null : literalWordText((args[i + 1] as WordRef).word);
		// SECURITY: `gawk -E prog.awk`, `awk -W exec prog.awk`, `-i lib`, `-l ext.so` run code the line does not show.
		if (/^-(?:f|E|i|l)|^--(?:file|exec|include|load)/.test(text)) return null;
		if (text === "-W" || text.startsWith("-W")) {
			const value = text === "-W" ? next : text.slice(2);
			if (value === null || /^(?:exec|file|source|include|load)/.test(value.replace(/^-+/, ""))) return null;
			if (text === "-W") i++;
			continue;
		}
		if (text === "-e" || text === "--source") {
			if (next === null) return null;
			programs.push(next);
			i++;
			continue;
		}
		if (text.startsWith("--source=")) {
			programs.push(text.slice("--source=".length));
			continue;
		}
		if (text === "-v" || text === "-F") i++;
	}
	if (programs.length === 0) {
		const operand = args[i] === undefined ? "" : literalWordText((args[i] as WordRef).word);
		if (operand === null) return null;
		programs.push(operand);
	}
	return programs.some((program) => AWK_RUNS_COMMANDS.test(program)) ? null : NOT_A_WRAPPER;
}

/** sed options that take the next word as their value. */
const SED_VALUE_OPTIONS: ReadonlySet<string> = new Set(["-l", "--line-length"]);

/**
 * A word as sed sees its shape: a computed part (`"s/$FROM/$TO/g"`, `"$file"`) stands in as one letter, so a script
 * whose own text runs nothing stays plain (sed was judged by its name alone before ADR 0026; a value that breaks out
 * of its `s` command is a limit of reading text, as for every program).
 */
function placeholderText(word: ShellWord): string {
	return word.parts.map((part) => (part.kind === "literal" ? part.text : "x")).join("");
}

/** `sed 'e rm x'`, `sed 's/a/b/e'`: the commands sed runs; a script from a file (`-f`) cannot be read. */
export function sedExecutions(args: readonly WordRef[]): Found {
	const scripts: string[] = [];
	let operand: string | undefined;
	for (let i = 0; i < args.length; i++) {
		const text = placeholderText((args[i] as WordRef).word);
		if (text === null) return null;
		if (text === "--sandbox") return NOT_A_WRAPPER;
		if (text === "-e" || text === "--expression") {
			const next = args[i + 1] === undefined ? null : placeholderText((args[i + 1] as WordRef).word);
			if (next === null) return null;
			scripts.push(next);
			i++;
			continue;
		}
		if (text.startsWith("--expression=")) scripts.push(text.slice("--expression=".length));
		else if (/^-[a-zA-Z]*f|^--file/.test(text)) return null;
		else if (/^-[nrsuzEi]*e./.test(text)) scripts.push(text.slice(text.indexOf("e") + 1));
		else if (SED_VALUE_OPTIONS.has(text)) i++;
		else if (!text.startsWith("-") && operand === undefined) operand = text;
	}
	if (scripts.length === 0 && operand !== undefined) scripts.push(operand);
	let found: Found = NOT_A_WRAPPER;
	for (const script of scripts) {
		const runs = sedScriptRuns(script);
		if (runs === null) return null;
		if (runs.length > 0)
			found = [...(found === NOT_A_WRAPPER ? [] : found), ...runs.map((text) => ({ kind: "payload" as const, text }))];
	}
	return found;
}

/** The commands a sed script runs (`e cmd`), `[]` for none, `null` when it runs the pattern space or is unclear. */
export function sedScriptRuns(script: string): string[] | null {
	const runs: string[] = [];
	let i = 0;
	const restOfLine = (): string => {
		const end = script.indexOf("\n", i);
		const text = script.slice(i, end === -1 ? script.length : end);
		i = end === -1 ? script.length : end + 1;
		return text;
	};
	const skipDelimited = (delimiter: string, brackets = false): boolean => {
		for (; i < script.length; i++) {
			if (script[i] === "\\") i++;
			// `s/[^/]*//`: a bracket expression in the pattern is read whole, its delimiter included.
			else if (brackets && script[i] === "[") {
				const close = script.indexOf("]", i + (script[i + 1] === "^" ? 3 : 2));
				if (close !== -1) i = close;
			} else if (script[i] === delimiter) {
				i++;
				return true;
			}
		}
		return false;
	};
	while (i < script.length) {
		const c = script[i] as string;
		if (/[\s;{}!,]/.test(c) || /[0-9$~+]/.test(c)) {
			i++;
			continue;
		}
		if (c === "/" || c === "\\") {
			if (c === "\\") i++;
			const delimiter = script[i] as string;
			i++;
			if (!skipDelimited(delimiter)) return null;
			if (script[i] === "I" || script[i] === "M") i++;
			continue;
		}
		i++;
		switch (c) {
			case "s":
			case "y": {
				const delimiter = script[i];
				if (delimiter === undefined || delimiter === "\n" || delimiter === "\\") return null;
				i++;
				if (!skipDelimited(delimiter, c === "s") || !skipDelimited(delimiter)) return null;
				if (c === "y") break;
				// Flags up to the end of the command; `w file` takes the rest of the line.
				while (i < script.length && /[gpiImMe0-9]/.test(script[i] as string)) {
					// SECURITY: `s/x/rm y/e` runs the pattern space after the substitution as a command.
					if (script[i] === "e") return null;
					i++;
				}
				if (script[i] === "w") restOfLine();
				break;
			}
			case "e": {
				const command = restOfLine().trim();
				// A bare `e` runs the pattern space: data we cannot see.
				if (command === "") return null;
				runs.push(command);
				break;
			}
			case "a":
			case "i":
			case "c":
				// Text to the end of the line, continued by a trailing backslash.
				while (restOfLine().endsWith("\\") && i < script.length);
				break;
			case "r":
			case "R":
			case "w":
			case "W":
			case ":":
			case "#":
				restOfLine();
				break;
			case "b":
			case "t":
			case "T":
			case "q":
			case "Q":
			case "l":
			case "L":
				while (i < script.length && !/[;\n}]/.test(script[i] as string)) i++;
				break;
			default:
				if (!/[dDgGhHnNpPxz=F]/.test(c)) return null;
		}
	}
	return runs;
}
