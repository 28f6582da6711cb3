/**
 * Owns: finding the options of `code-running-option-table.ts` in a command's words and turning each into what runs:
 * a shell payload to parse, or unknown (`null`). Also the shared result type of effect analyses.
 * Never: guesses; a computed word where an option may stand, or a value it cannot read, is unknown.
 */

import { startsLikeOption } from "../options/word-option-scan";
import { literalWordText, type ShellWord } from "../reading/shell-word";
import type { WordRef } from "../reading/unit-draft";
import { gitConfigEffect } from "./code-running-git-config-table";
import type { OptionRow } from "./code-running-option-table";
import { SSH_COMMAND_KEYS } from "./code-running-option-table";

export type Execution =
	/** The wrapper runs these words as a command; `markers` are strings it substitutes into them at run time. */
	| {
			readonly kind: "words";
			readonly words: readonly WordRef[];
			readonly markers: readonly string[];
			/** The wrapper appends words read from its input (`xargs cmd`, `fd -x cmd`). */
			readonly appended?: boolean;
	  }
	/** The wrapper hands this text to a bash-compatible shell. */
	| { readonly kind: "payload"; readonly text: string };

/** What an effect analysis found: executions, unknown (`null`), or that the words run nothing of their own. */
export type Found = readonly Execution[] | null | "not-a-wrapper";

export const NOT_A_WRAPPER = "not-a-wrapper" as const;

/** Both findings together: unknown wins, then any execution; two "nothing"s are nothing. */
export function combineFound(a: Found, b: Found): Found {
	if (a === null || b === null) return null;
	if (a === NOT_A_WRAPPER) return b;
	if (b === NOT_A_WRAPPER) return a;
	return [...a, ...b];
}

/** A program name the tool runs directly: only a plain word is read as a command (`rg --pre rm`). */
const PLAIN_PROGRAM = /^[A-Za-z0-9_./+-]+$/;

/** What running `value` as a row's kind of value executes. */
function valueExecutions(row: OptionRow, value: string | null): Found {
	if (value === null) return null;
	switch (row.value) {
		case "shell":
			return [{ kind: "payload", text: value }];
		case "program":
			return PLAIN_PROGRAM.test(value) ? [{ kind: "payload", text: value }] : null;
		case "opaque":
			return null;
		case "git-config": {
			const [key = "", setting = ""] = value.split(/=(.*)/s);
			const effect = gitConfigEffect(key, setting);
			return effect === "nothing"
				? NOT_A_WRAPPER
				: effect === "opaque"
					? null
					: [{ kind: "payload", text: effect.shell }];
		}
		case "ssh-option": {
			const key = value.split(/[=\s]/, 1)[0]?.toLowerCase() ?? "";
			return SSH_COMMAND_KEYS.has(key) ? null : NOT_A_WRAPPER;
		}
		default: {
			const unhandled: never = row.value;
			throw new Error(`unhandled option value ${String(unhandled)}`);
		}
	}
}

/**
 * Scans `args` for the rows' options up to `--`; every one found contributes what its value runs. With
 * `computedOperands`, a computed word not glued to a dash is an operand (`ssh "$HOST"`).
 */
export function optionExecutions(
	args: readonly WordRef[],
	rows: readonly OptionRow[],
	computedOperands = false,
	environment?: { readonly expandsToNoOption: (word: ShellWord) => boolean },
): Found {
	let found: Found = NOT_A_WRAPPER;
	for (let i = 0; i < args.length; i++) {
		const word = (args[i] as WordRef).word;
		const text = literalWordText(word);
		// SECURITY: `sort $OPT` may be `--compress-program=sh`; a computed word where an option may stand is unknown.
		if (text === null) {
			const first = word.parts[0];
			const dashed = first?.kind === "literal" && first.text.startsWith("-");
			// ADR 0039: under a known environment `sort -o $file` with `file` unset or `out.txt` holds no option.
			if (computedOperands ? dashed : startsLikeOption(word) && environment?.expandsToNoOption(word) !== true)
				return null;
			continue;
		}
		if (text === "--") break;
		// `gcc @args.rsp` reads more options from a file (a response file row, `@`), so it may hold `-wrapper`.
		if (!text.startsWith("-") && !text.startsWith("@")) continue;
		for (const row of rows) {
			const match = matchOption(text, row);
			if (match === null) continue;
			const next = args[i + 1];
			const value =
				match.attached !== null
					? match.attached
					: row.optionalValue
						? null
						: next === undefined
							? null
							: literalWordText(next.word);
			if (match.attached === null && !row.optionalValue) i++;
			found = combineFound(found, valueExecutions(row, value));
			if (found === null) return null;
			break;
		}
	}
	return found;
}

/** `attached` is the value written in the same word (`--opt=v`, `-Ov`, `-avze` has none). */
function matchOption(word: string, row: OptionRow): { readonly attached: string | null } | null {
	const option = row.option;
	if (option.startsWith("--")) {
		if (!word.startsWith("--")) return null;
		const [name = "", value] = word.slice(2).split(/=(.*)/s);
		// SECURITY: getopt and git accept unique abbreviations (`--compress-prog=sh`, `--upload=…`).
		if (name.length < 3 || !option.slice(2).startsWith(name)) return null;
		return { attached: value ?? null };
	}
	if (word.startsWith("--")) return null;
	if (option.length > 2 || row.noCluster) {
		if (!word.startsWith(option)) return null;
		const rest = word.slice(option.length);
		return { attached: rest.startsWith("=") ? rest.slice(1) : rest === "" ? null : rest };
	}
	// `-Igzip`, `-ecmd`, or the letter inside a short cluster (`-xvfI prog`, `-avze ssh`).
	const index = word.indexOf(option.slice(1), 1);
	if (!/^-[A-Za-z0-9]/.test(word) || index === -1) return null;
	const rest = word.slice(index + 1);
	return { attached: rest === "" ? null : rest };
}
