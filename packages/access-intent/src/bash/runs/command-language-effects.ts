/**
 * Owns: reading the command languages of `awk` and `sed` as far as needed to know whether they run a command:
 * awk's `system()`, pipes and coprocesses, and program files; sed's `e command` and `s///e`.
 * Never: judges what they read or write (that is the path rules' part); an unreadable program is unknown (`null`).
 */

import { valueText } from "../options/option-queries";
import { scanOptions } from "../options/option-scanner";
import { AWK_TABLE } from "../options/programs/awk";
import { SED_TABLE } from "../options/programs/sed";
import { refTexts } from "../options/word-option-scan";
import type { ShellWord } from "../reading/shell-word";
import type { WordRef } from "../reading/unit-draft";
import { type Found, NOT_A_WRAPPER } from "./option-effects";

/** Program text that makes awk run a command: `system(…)`, `cmd | getline`, `print … | "cmd"`, `|&` coprocesses. */
const AWK_RUNS_COMMANDS = /\bsystem\s*\(|\|\s*getline|\|&|printf?\b[^;{}]*\|/;

/** `-W` options of mawk and gawk (both abbreviate them) that read a program, a library or an extension from a file. */
const AWK_W_CODE: readonly string[] = ["exec", "file", "source", "include", "load"];

/**
 * An awk program that runs commands is unknown; any other awk runs nothing. A program read from a file (`-f`,
 * `-E`, `-W exec`), an included or loaded library (`-i`, `-l`), debugger commands (`-D`), or a computed word cannot
 * be read. Options are read by awk's own grammar (`options/programs/awk.ts`, ADR 0052): clusters (`-bf prog`),
 * attached values (`'-eBEGIN{…}'`) and unique abbreviations (`--fil`, `--assign` is `-v`).
 */
export function awkExecutions(args: readonly WordRef[]): Found {
	const texts = refTexts(args);
	const scan = scanOptions(texts, AWK_TABLE.global.grammar);
	// SECURITY: `awk $OPT 'prog'` may be `-f file`; an unknown option may be another awk's way to load code.
	if (scan.uncertain !== null) return null;
	const programs: string[] = [];
	for (const option of scan.options) {
		if (!option.known) return null;
		const value = option.value === null ? null : valueText(option.value, texts);
		const row = AWK_TABLE.global.byName.get(option.name);
		// SECURITY: `gawk -bf prog.awk`, `--fil prog.awk`, `-E`, `-i lib`, `-l ext.so`, `-D`: code the line does not show.
		if (row !== undefined && (row.names === "script" || row.names === "code")) return null;
		if (option.name === "-W") {
			const name = (value ?? "").replace(/^-+/, "").split(/[=\s]/, 1)[0] ?? "";
			if (name === "" || AWK_W_CODE.some((code) => code.startsWith(name) || name.startsWith(code))) return null;
		}
		if (option.name === "-e") {
			if (value === null) return null;
			programs.push(value);
		}
	}
	if (programs.length === 0 && scan.rest < texts.length) {
		const operand = texts[scan.rest];
		if (operand === null || operand === undefined) return null;
		programs.push(operand);
	}
	return programs.some((program) => AWK_RUNS_COMMANDS.test(program)) ? null : NOT_A_WRAPPER;
}

/**
 * A word as sed sees its shape: a computed part (`"s/$FROM/$TO/g"`, `"$file"`) stands in as one letter, so a script
 * whose own text runs nothing stays plain (sed was judged by its name alone before ADR 0026; a value that breaks out
 * of its `s` command is a limit of reading text, as for every program).
 */
function placeholderText(word: ShellWord): string {
	return word.parts.map((part) => (part.kind === "literal" ? part.text : "x")).join("");
}

/**
 * `sed 'e rm x'`, `sed 's/a/b/e'`: the commands sed runs; a script from a file (`-f`) cannot be read. Options are
 * read by sed's own grammar (`options/programs/sed.ts`, ADR 0052): `-ne 'e rm x'`, `--expr='e rm x'`, `-s -e p`.
 */
export function sedExecutions(args: readonly WordRef[]): Found {
	const texts = args.map((ref) => placeholderText(ref.word));
	const scan = scanOptions(texts, SED_TABLE.global.grammar);
	const scripts: string[] = [];
	for (const option of scan.options) {
		if (option.name === "--sandbox") return NOT_A_WRAPPER;
		// SECURITY: `sed -f script`, `sed -nf script`, `--fil=script`: a script the line does not show.
		if (option.name === "-f") return null;
		if (option.name !== "-e") continue;
		const value = option.value === null ? null : valueText(option.value, texts);
		if (value === null) return null;
		scripts.push(value);
	}
	const operand = scan.operands[0];
	if (scripts.length === 0 && operand !== undefined) scripts.push(texts[operand] as string);
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
