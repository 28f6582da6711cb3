/**
 * Owns: what setting environment variables makes the command run (`GIT_EXTERNAL_DIFF='rm x;:' git diff`,
 * `env NODE_OPTIONS=--import=data:… node`, `export GIT_EDITOR=…`), read from `code-running-environment-table.ts`.
 * Never: judges the variable's own program; a variable missing from the table runs nothing.
 */

import { literalWordText, type ShellWord } from "../reading/shell-word";
import { environmentRow } from "./code-running-environment-table";
import { gitConfigRow } from "./code-running-git-config-table";
import { combineFound, type Found, NOT_A_WRAPPER } from "./option-effects";

/** Commands that do nothing: an editor or hook set to one of them runs nothing. */
const NO_OP_COMMANDS: ReadonlySet<string> = new Set(["true", ":", "false", "/bin/true", "/usr/bin/true"]);

export interface Setting {
	readonly name: string;
	/** `null` when the value is not known (a computed word, `export X` of an inherited value). */
	readonly value: string | null;
}

/** `missing` is what a missing value means: `""` for a prefix `X= cmd`, unknown for `export X` (inherited). */
export function settingOf(name: string, value: ShellWord | null, missing: "" | null): Setting {
	return { name, value: value === null ? missing : literalWordText(value) };
}

/**
 * `NAME=value` as one word (an `env` or `sudo` operand), or `null` when the word is not one. Like env(1), any word
 * with a `=` counts, so `env 'BASH_FUNC_ls%%=() { rm x; }' bash -c ls` sets a variable and runs bash.
 */
export function settingFromWord(word: ShellWord): Setting | null {
	const text = literalWordText(word);
	if (text === null) {
		// SECURITY: `env GIT_EXTERNAL_DIFF=$X git diff`: the name is literal, the value is not known.
		const first = word.parts[0];
		const name = first?.kind === "literal" ? /^([^=/]+)=/.exec(first.text)?.[1] : undefined;
		return name === undefined ? null : { name, value: null };
	}
	// SECURITY: env treats `A%%=x` as a setting too (exported bash functions, `BASH_FUNC_ls%%`).
	const match = /^([^=/]+)=(.*)$/s.exec(text);
	return match === null ? null : { name: match[1] as string, value: match[2] as string };
}

/** What the settings make the command run: their command payloads, unknown when any runs code we cannot see. */
export function environmentExecutions(settings: readonly Setting[]): Found {
	let found: Found = NOT_A_WRAPPER;
	for (const setting of settings) {
		found = combineFound(found, settingExecutions(setting));
		if (found === null) return null;
	}
	return found;
}

function settingExecutions({ name, value }: Setting): Found {
	const row = environmentRow(name);
	if (row === null || value === "") return NOT_A_WRAPPER;
	if (value === null) return null;
	switch (row.effect) {
		case "runs-value":
			// `GIT_EDITOR=true git rebase --continue`, `GIT_SEQUENCE_EDITOR=:`: a no-op runs nothing to judge.
			return NO_OP_COMMANDS.has(value.trim()) ? NOT_A_WRAPPER : [{ kind: "payload", text: value }];
		case "runs-code":
			return row.codeWhen === undefined || row.codeWhen.test(value) ? null : NOT_A_WRAPPER;
		case "git-config-key":
			// SECURITY: `GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0=cmd git status` (C2-git-cfgenv-fsmon).
			return (gitConfigRow(value)?.value ?? "terminal-only") === "terminal-only" ? NOT_A_WRAPPER : null;
		case "terminal-only":
			return NOT_A_WRAPPER;
		case "writes-value":
			// No write slice yet: a trace file is a write we cannot show, so the unit asks (ADR 0026).
			return row.harmless?.test(value) ? NOT_A_WRAPPER : null;
		default: {
			const unhandled: never = row.effect;
			throw new Error(`unhandled environment effect ${String(unhandled)}`);
		}
	}
}
