/**
 * Owns: what setting environment variables makes a command run or leaves unknown (ADR 0026, ADR 0051): each setting,
 * its name spelled as the program reads it, is looked up in the tables; a command value is parsed and judged
 * (`GIT_EXTERNAL_DIFF='rm x;:' git diff`), code that cannot be read makes the unit opaque (`PERL5OPT=-e…`), a
 * variable that moves where a program reads configuration, state or code is a relocating setting (`GIT_DIR=x`), and
 * any variable no table knows to be inert is an unknown setting (`DATABASE_URL=… npm test`).
 * Never: judges the variable's own program, or decides which settings reach a program (`environment-reach.ts`).
 */

import type { UnknownSetting } from "../reading/command-unit";
import { literalWordText, type ShellWord } from "../reading/shell-word";
import { gitConfigRow } from "./code-running-git-config-table";
import { canonicalEnvironmentName, ignoredSetting } from "./environment-names";
import type { SettingReach } from "./environment-reach";
import type { EnvironmentRow } from "./environment-row";
import { environmentRow } from "./environment-table";
import { isInertEnvironmentName } from "./inert-environment-table";
import { combineFound, type Found, NOT_A_WRAPPER } from "./option-effects";

/** Commands that do nothing: an editor or hook set to one of them runs nothing. */
const NO_OP_COMMANDS: ReadonlySet<string> = new Set(["true", ":", "false", "/bin/true", "/usr/bin/true"]);

export interface Setting {
	readonly name: string;
	/** `null` when the value is not known (a computed word, `export X` of an inherited value). */
	readonly value: string | null;
	/** The value as written, when it is computed (`$PATH:/opt/bin`): a row's harmless shape may still match it. */
	readonly written?: string;
	/** The name is computed when the command runs (`export "$V"`): `name` is the word as written. */
	readonly computedName?: true;
}

/** `missing` is what a missing value means: `""` for a prefix `X= cmd`, unknown for `export X` (inherited). */
export function settingOf(name: string, value: ShellWord | null, missing: "" | null): Setting {
	if (value === null) return { name, value: missing };
	const text = literalWordText(value);
	return text === null ? { name, value: null, written: value.raw } : { name, value: text };
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
		return name === undefined ? null : { name, value: null, written: word.raw.slice(word.raw.indexOf("=") + 1) };
	}
	// SECURITY: env treats `A%%=x` as a setting too (exported bash functions, `BASH_FUNC_ls%%`).
	const match = /^([^=/]+)=(.*)$/s.exec(text);
	return match === null ? null : { name: match[1] as string, value: match[2] as string };
}

/** What one setting does to the program it reaches. */
type SettingClass =
	| { readonly kind: "inert" }
	/** It runs these, or code that cannot be read (`null`). */
	| { readonly kind: "runs"; readonly found: Exclude<Found, typeof NOT_A_WRAPPER> }
	/**
	 * It moves where the program reads configuration, state or code, or makes it read or run what the command does not
	 * show (`GREP_OPTIONS='--fi=.env'`); `unseen` says what cannot be seen.
	 */
	| { readonly kind: "relocating"; readonly note: string; readonly unseen: string }
	/** No table knows it to be harmless; `note` says what the program does with it, when a table knows. */
	| { readonly kind: "unknown"; readonly note: string | null };

const INERT: SettingClass = { kind: "inert" };
const OPAQUE: SettingClass = { kind: "runs", found: null };

/** What a moved configuration may run. */
const WHAT_RUNS = "what runs cannot be seen from the command";

const UNSEEN_OPTIONS = "what it reads, writes or runs cannot be seen from the command";
const UNSEEN_READ = "the file it reads is not checked against the `path` rules";

const COMPUTED_NAME: SettingClass = {
	kind: "relocating",
	note: "its name is computed when the command runs, so it may be any variable (`HOME`, `GIT_DIR`, `LD_PRELOAD`)",
	unseen: WHAT_RUNS,
};

function classify({ name, value, written, computedName }: Setting): SettingClass {
	// SECURITY: `export "$V"`, `export GIT_D${X}IR=x`, `declare -n r=$N`: the variable is not known.
	if (computedName === true) return COMPUTED_NAME;
	// `LANG=C`, `CI=1`: the common case, read from the inert table alone (the lookup below gives the same answer).
	if (ignoredSetting(name, value) || isInertEnvironmentName(name)) return INERT;
	const found = environmentRow(canonicalEnvironmentName(name));
	if (found === null) return { kind: "unknown", note: null };
	if (found.kind === "inert") return INERT;
	const row = found.row;
	switch (row.effect) {
		case "runs-value":
			if (value === "") return INERT;
			if (value === null) return OPAQUE;
			// `GIT_EDITOR=true git rebase --continue`, `GIT_SEQUENCE_EDITOR=:`: a no-op runs nothing to judge.
			return NO_OP_COMMANDS.has(value.trim()) ? INERT : { kind: "runs", found: [{ kind: "payload", text: value }] };
		case "runs-code":
			if (value === "") return INERT;
			return value === null || row.codeWhen === undefined || row.codeWhen.test(value) ? OPAQUE : INERT;
		case "git-config-key":
			if (value === "") return INERT;
			// SECURITY: `GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0=cmd git status` (C2-git-cfgenv-fsmon).
			return value === null || (gitConfigRow(value)?.value ?? "terminal-only") !== "terminal-only" ? OPAQUE : INERT;
		case "terminal-only":
			return INERT;
		case "writes-value":
			if (value === "") return INERT;
			// No write slice reads it: a file written from the environment is a write we cannot show (ADR 0026).
			return value !== null && row.harmless?.test(value) === true ? INERT : OPAQUE;
		case "options":
			return optionsClass(row, value);
		case "relocates":
			// SECURITY: `GIT_DIR=x git status`, `HOME=$PWD/h git status`: configuration (and code) from a place the agent chose.
			// `PATH=$PATH:/opt/bin` is computed, and harmless by its shape as written.
			return row.harmless?.test(value ?? written ?? "\0") === true
				? INERT
				: { kind: "relocating", note: row.note, unseen: WHAT_RUNS };
		case "reads-value":
			// SECURITY: `CURL_CA_BUNDLE=.env curl …`: a file read no `path` rule sees (ADR 0023).
			return value !== null && row.harmless?.test(value) === true
				? INERT
				: { kind: "relocating", note: row.note, unseen: UNSEEN_READ };
		case "configures":
			return value !== null && row.harmless?.test(value) === true ? INERT : { kind: "unknown", note: row.note };
		default: {
			const unhandled: never = row.effect;
			throw new Error(`unhandled environment effect ${String(unhandled)}`);
		}
	}
}

/** `NODE_OPTIONS`, `TAR_OPTIONS`, `GREP_OPTIONS`: the option string read by the program's own grammar. */
function optionsClass(row: EnvironmentRow, value: string | null): SettingClass {
	if (value === "") return INERT;
	if (value === null || row.readOptions === undefined) return OPAQUE;
	const verdict = row.readOptions(value);
	switch (verdict) {
		case "inert":
			return INERT;
		case "runs-code":
			return OPAQUE;
		case "unknown":
			// SECURITY: `GREP_OPTIONS='--fi=.env' grep x`, `TAR_OPTIONS=-x tar -f a.tar`: a file read, a write or another
			// operation the command line does not show, so the analysis is incomplete (ADR 0023), not an ordinary ask.
			return { kind: "relocating", note: row.note, unseen: UNSEEN_OPTIONS };
		default: {
			const unhandled: never = verdict;
			throw new Error(`unhandled options verdict ${String(unhandled)}`);
		}
	}
}

/** What the settings make the command run: their command payloads, unknown when any runs code we cannot see. */
export function environmentExecutions(settings: readonly Setting[]): Found {
	let found: Found = NOT_A_WRAPPER;
	for (const setting of settings) {
		const setClass = classify(setting);
		if (setClass.kind !== "runs") continue;
		found = combineFound(found, setClass.found);
		if (found === null) return null;
	}
	return found;
}

/**
 * The setting among `settings` that makes the unit's effects unknown, the most severe first: a relocating one (any
 * reach: a shell variable such as `HOME` is exported already), else an unknown one that reaches a program; `null`
 * when every setting that reaches a program is known.
 */
export function unknownSettingOf(settings: readonly Setting[], reach: SettingReach): UnknownSetting | null {
	let unknown: UnknownSetting | null = null;
	for (const setting of settings) {
		const setClass = classify(setting);
		if (setClass.kind === "relocating")
			return {
				kind: "relocating",
				name: setting.name,
				reason: `${subject(setting.name, reach)}: ${setClass.note}; ${setClass.unseen}`,
			};
		if (setClass.kind !== "unknown" || unknown !== null) continue;
		if (reach.kind === "shell" && !reach.exported(setting.name)) continue;
		const what = setClass.note ?? "is not known to be harmless";
		unknown = {
			kind: "unknown",
			name: setting.name,
			reason:
				setClass.note === null
					? `${subject(setting.name, reach)} and ${what}`
					: `${subject(setting.name, reach)}: ${what}`,
		};
	}
	return unknown;
}

/** The more severe of two: relocating over unknown over none, the first on a tie. */
export function severerSetting(a: UnknownSetting | null, b: UnknownSetting | null | undefined): UnknownSetting | null {
	if (b === null || b === undefined) return a;
	if (a === null) return b;
	return b.kind === "relocating" && a.kind !== "relocating" ? b : a;
}

/** "`DATABASE_URL` reaches `npm`", "`X` is exported to the commands after it", "`HOME` is set in the shell". */
function subject(name: string, reach: SettingReach): string {
	switch (reach.kind) {
		case "program":
			return `\`${name}\` reaches \`${reach.program ?? "a computed command"}\``;
		case "exported":
			return `\`${name}\` is exported to the commands after it`;
		case "shell":
			return `\`${name}\` is set for the commands after it`;
		default: {
			const unhandled: never = reach;
			throw new Error(`unhandled setting reach ${String(unhandled)}`);
		}
	}
}
