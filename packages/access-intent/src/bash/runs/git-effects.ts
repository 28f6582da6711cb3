/**
 * Owns: what a `git` command runs besides git: config keys set by `-c`/`--config-env` that run a command, an exec
 * path, and the sub-command options and sub-commands of `code-running-option-table.ts` (`rebase -x`, `bisect run`).
 * Never: judges git's own work; a git command with none of these runs nothing of its own (`git -c color.ui=always log`).
 */

import { startsLikeOption } from "../options/word-option-scan";
import { literalWordText } from "../reading/shell-word";
import type { WordRef } from "../reading/unit-draft";
import { gitConfigEffect, gitConfigRow } from "./code-running-git-config-table";
import { CODE_RUNNING_GIT_OPTIONS, CODE_RUNNING_GIT_SUBCOMMANDS } from "./code-running-option-table";
import { combineFound, type Found, NOT_A_WRAPPER, optionExecutions } from "./option-effects";

/** Global options that take the next word as their value (`-C dir`); `-c` and `--config-env` are read. */
const VALUE_GLOBALS: ReadonlySet<string> = new Set(["-C", "--git-dir", "--work-tree", "--namespace", "--super-prefix"]);

export function gitExecutions(args: readonly WordRef[]): Found {
	let found: Found = NOT_A_WRAPPER;
	let i = 0;
	for (; i < args.length; i++) {
		const word = (args[i] as WordRef).word;
		const text = literalWordText(word);
		// SECURITY: `git $OPT status` may be `-c core.fsmonitor=…`.
		if (text === null) return startsLikeOption(word) ? null : found;
		if (!text.startsWith("-")) break;
		if (text === "-c" || text.startsWith("--config-env")) {
			const attached = text.startsWith("--config-env=") ? text.slice("--config-env=".length) : null;
			const next = args[i + 1];
			const setting = attached ?? (next === undefined ? null : literalWordText(next.word));
			if (attached === null) i++;
			if (setting === null) return null;
			const [key = "", value] = setting.split(/=(.*)/s);
			// `--config-env=key=VAR` takes the value from the environment: unknown to us.
			const effect = gitConfigEffect(key, text === "-c" ? (value ?? "") : null);
			found = combineFound(
				found,
				effect === "nothing" ? NOT_A_WRAPPER : effect === "opaque" ? null : [{ kind: "payload", text: effect.shell }],
			);
			if (found === null) return null;
			continue;
		}
		if (text.startsWith("-c")) {
			// `-ckey=value` is not a git spelling, but an attached value must not slip past the table.
			return null;
		}
		// SECURITY: `--exec-path=dir` makes git run its sub-commands from `dir`.
		if (text.startsWith("--exec-path=")) return null;
		if (VALUE_GLOBALS.has(text)) i++;
	}
	const subcommand = args[i] === undefined ? null : literalWordText((args[i] as WordRef).word);
	if (subcommand === null) return found;
	const rest = args.slice(i + 1);
	const runs = CODE_RUNNING_GIT_SUBCOMMANDS.get(subcommand);
	if (runs === "opaque") return null;
	if (runs === "config") return combineFound(found, configWrites(rest));
	if (runs === "payload-after") found = combineFound(found, subcommandPayload(subcommand, rest));
	const rows = CODE_RUNNING_GIT_OPTIONS.get(subcommand);
	return rows === undefined || found === null ? found : combineFound(found, optionExecutions(rest, rows));
}

/** Reads of config (`--get`, `--list`, `get`) run nothing later. */
const CONFIG_READS = /^(?:--get|--get-all|--get-regexp|--get-urlmatch|--list|-l|get|list|--show-origin|--name-only)$/;

/** `git config [scope] core.fsmonitor 'cmd'`, `git config set alias.x '!cmd'`, `git config --edit`: opaque. */
function configWrites(rest: readonly WordRef[]): Found {
	const texts = rest.map((ref) => literalWordText(ref.word));
	if (texts.some((text) => text !== null && CONFIG_READS.test(text))) return NOT_A_WRAPPER;
	for (const [index, text] of texts.entries()) {
		if (text === null) return null;
		if (text === "--edit" || text === "-e" || text === "edit") return null;
		if (text.startsWith("-") || index === texts.length - 1) continue;
		const row = gitConfigRow(text);
		// SECURITY: the key runs later (`git config core.fsmonitor 'rm x'; git status`).
		if (row !== null && row.value !== "terminal-only") return null;
	}
	return NOT_A_WRAPPER;
}

/** `git bisect run cmd args`, `git submodule foreach 'cmd'`: the words after the verb run. */
function subcommandPayload(subcommand: string, rest: readonly WordRef[]): Found {
	const verb = subcommand === "bisect" ? "run" : "foreach";
	const at = rest.findIndex((ref) => literalWordText(ref.word) === verb);
	if (at === -1) return rest.some((ref) => literalWordText(ref.word) === null) ? null : NOT_A_WRAPPER;
	let words = rest.slice(at + 1);
	// `git submodule foreach --recursive 'cmd'`, `-q`: its own flags come first.
	while (words[0] !== undefined && (literalWordText(words[0].word) ?? "").startsWith("-")) words = words.slice(1);
	if (words.length === 0) return null;
	if (subcommand === "bisect") return [{ kind: "words", words, markers: [] }];
	const texts = words.map((ref) => literalWordText(ref.word));
	return texts.some((text) => text === null) ? null : [{ kind: "payload", text: texts.join(" ") }];
}
