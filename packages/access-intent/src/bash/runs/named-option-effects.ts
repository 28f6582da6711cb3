/**
 * Owns: what a program runs because of the options its table names (`options/programs/`): a command or program value
 * to judge, and code, a configuration, a script from a descriptor or a setting that runs something, which are unknown.
 * Never: reads files; what a named file holds is not known here, so pointing a program at one is unknown effect.
 */

import { valueText } from "../options/option-queries";
import { type ArgTexts, type OptionScan, scanOptions } from "../options/option-scanner";
import type { NamedOption, ProgramOptions, ProgramTable } from "../options/programs/program-options";
import { refTexts, startsLikeOption } from "../options/word-option-scan";
import type { WordRef } from "../reading/unit-draft";
import type { CommandEnvironment } from "../state/environment-words";
import { gitConfigEffect } from "./code-running-git-config-table";
import { SSH_COMMAND_KEYS } from "./code-running-option-table";
import { combineFound, type Found, NOT_A_WRAPPER } from "./option-effects";
import { STDIN_PATHS } from "./wrapper-table";

/** A program name the tool runs directly: only a plain word is read as a command (`rg --pre rm`). */
const PLAIN_PROGRAM = /^[A-Za-z0-9_./+-]+$/;

/** A file of code read from a descriptor or stdin the command itself feeds (`/dev/fd/3`, `<(…)`). */
const DESCRIPTOR = /^\/(?:dev\/fd|proc\/(?:self|\d+)\/fd)\/\d+$/;

/** A configuration file that holds nothing (`ssh -F /dev/null`): pointing the program at it runs nothing. */
const EMPTY_CONFIG = "/dev/null";

/**
 * What `args` run because of the options `table` names; `NOT_A_WRAPPER` when no such option is given. A computed word
 * where an option may stand is unknown, unless the environment settles that it holds none (ADR 0039).
 */
export function namedOptionExecutions(
	table: ProgramTable,
	args: readonly WordRef[],
	environment: CommandEnvironment,
): Found {
	const globalRuns = table.global.runsAny || table.configPrefixes !== undefined || table.configVariables !== undefined;
	// A program none of whose options runs anything (`grep`) runs nothing here, whatever its computed words hold.
	if (!globalRuns && ![...(table.subcommands?.values() ?? [])].some((sub) => sub.runsAny)) return NOT_A_WRAPPER;
	const texts = refTexts(args);
	const optionLike = (index: number): boolean => {
		const word = (args[index] as WordRef).word;
		// `ssh "$HOST" "$CMD"`: only a computed word glued to a dash (`-o$X`) may be an option there.
		if (table.computedOperands === true) {
			const first = word.parts[0];
			return first?.kind === "literal" && first.text.startsWith("-");
		}
		// ADR 0039: under a known environment `sort -o $file` with `file` unset or `out.txt` holds no option.
		return startsLikeOption(word) && !environment.expandsToNoOption(word);
	};
	const global = scanOptions(texts, table.global.grammar, optionLike);
	const globalEnd = table.subcommands === undefined ? texts.length : global.rest;
	if (globalRuns && computedOption(texts, 0, globalEnd, optionLike)) return null;
	let found = scanExecutions(global, table.global, texts, table.configPrefixes);
	if (found === null || global.uncertain !== null) return null;
	// SECURITY: `make SHELL=./x`: an operand the program reads as its own configuration.
	if (table.configVariables !== undefined)
		for (const index of global.operands) {
			const text = texts[index];
			const name = text?.includes("=") === true ? text.slice(0, text.indexOf("=")) : null;
			if (name !== null && table.configVariables.has(name)) return null;
		}
	if (table.subcommands === undefined) return found;
	const at = global.operands[0] ?? (global.rest < texts.length ? global.rest : undefined);
	if (at === undefined) return found;
	const name = texts[at];
	if (name === null || name === undefined) return null;
	const sub = table.subcommands.get(name);
	if (sub === undefined) return found;
	const rest = texts.slice(at + 1);
	const restLike = (index: number) => optionLike(at + 1 + index);
	if (sub.runsAny && computedOption(rest, 0, rest.length, restLike)) return null;
	const scan = scanOptions(rest, sub.grammar, restLike);
	found = combineFound(found, scanExecutions(scan, sub, rest, table.configPrefixes));
	return found !== null && scan.uncertain !== null ? null : found;
}

/**
 * SECURITY: `sort $OPT`, `npm test $ARGS` may be `--compress-program=sh`, `--node-options=…`, and an unquoted value
 * word (`sort -o $F`) may split into more words, options among them: a computed word that may start with a dash,
 * before `--`, leaves what runs unknown.
 */
function computedOption(texts: ArgTexts, from: number, to: number, optionLike: (index: number) => boolean): boolean {
	for (let index = from; index < to && texts[index] !== "--"; index++)
		if (texts[index] === null && optionLike(index)) return true;
	return false;
}

/** The executions of one scan's named options. */
function scanExecutions(
	scan: OptionScan,
	options: ProgramOptions,
	texts: ArgTexts,
	configPrefixes: readonly string[] = [],
): Found {
	if (!options.runsAny && configPrefixes.length === 0) return NOT_A_WRAPPER;
	let found: Found = NOT_A_WRAPPER;
	for (const option of scan.options) {
		// SECURITY: `pnpm --config.script-shell=x` sets any setting by its name.
		if (!option.known && configPrefixes.some((prefix) => option.name.startsWith(prefix))) return null;
		const row = option.known ? options.byName.get(option.name) : undefined;
		if (row === undefined) continue;
		if (option.value === null && row.bareInert) continue;
		// A bare optional-value option runs a default of its own (`man --html` starts a browser): unknown, as `null`.
		const value = option.value === null ? null : valueText(option.value, texts);
		found = combineFound(found, valueExecutions(row, value));
		if (found === null) return null;
	}
	return found;
}

/** What a named option's value runs; `value` is `null` when it is computed or missing. */
function valueExecutions(row: NamedOption, value: string | null): Found {
	switch (row.names) {
		case "reads":
		case "writes":
		case "directory":
		case "module":
			return NOT_A_WRAPPER;
		case "command":
			return value === null ? null : [{ kind: "payload", text: value }];
		case "program":
			return value !== null && PLAIN_PROGRAM.test(value) ? [{ kind: "payload", text: value }] : null;
		case "code":
			return null;
		case "config":
			// SECURITY: a configuration file may run any command (`npm --userconfig=<(echo node-options=…)`).
			return value === EMPTY_CONFIG ? NOT_A_WRAPPER : null;
		case "script":
			// `make -f Makefile` runs a named file, like `bash script.sh`; `make -f /dev/stdin` runs what the command feeds.
			return value === null || STDIN_PATHS.has(value) || DESCRIPTOR.test(value) ? null : NOT_A_WRAPPER;
		case "setting":
			return settingExecutions(row, value);
		default: {
			const unhandled: never = row.names;
			throw new Error(`unhandled named option ${String(unhandled)}`);
		}
	}
}

/** `git -c key=value`, `ssh -o Key=value`: judged by the program's key table. */
function settingExecutions(row: NamedOption, value: string | null): Found {
	if (value === null) return null;
	switch (row.settings) {
		case "git-config": {
			const [key = "", setting] = value.split(/=(.*)/s);
			const effect = gitConfigEffect(key, setting ?? "");
			return effect === "nothing"
				? NOT_A_WRAPPER
				: effect === "opaque"
					? null
					: [{ kind: "payload", text: effect.shell }];
		}
		case "git-config-env": {
			// `--config-env=key=ENVVAR`: the value comes from the environment, unknown here.
			const effect = gitConfigEffect(value.split("=", 1)[0] ?? "", null);
			return effect === "nothing" ? NOT_A_WRAPPER : null;
		}
		case "ssh-option": {
			const key = value.split(/[=\s]/, 1)[0]?.toLowerCase() ?? "";
			return SSH_COMMAND_KEYS.has(key) ? null : NOT_A_WRAPPER;
		}
		case "go-tool-flags":
			// SECURITY: `-ldflags=-extld=prog` makes the linker run `prog`; other tool flags only tune the tools.
			return /ext(?:ld|ar)|toolexec|-plugin/.test(value) ? null : NOT_A_WRAPPER;
		case undefined:
			return null;
		default: {
			const unhandled: never = row.settings;
			throw new Error(`unhandled setting table ${String(unhandled)}`);
		}
	}
}
