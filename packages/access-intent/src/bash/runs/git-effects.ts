/**
 * Owns: what a `git` command runs besides git: the options git's table names (`options/programs/git.ts`: config keys
 * set by `-c`/`--config-env`, `-C`, `--git-dir`, an exec path, `rebase -x`, `clone --upload-pack`, …) and the
 * sub-commands of `code-running-option-table.ts` (`config`, `bisect run`, `submodule foreach`, `mergetool`).
 * Never: judges git's own work; a git command with none of these runs nothing of its own (`git -c color.ui=always log`).
 */

import { scanOptions } from "../options/option-scanner";
import { GIT_TABLE } from "../options/programs/git";
import { refTexts } from "../options/word-option-scan";
import { literalWordText } from "../reading/shell-word";
import type { WordRef } from "../reading/unit-draft";
import type { CommandEnvironment } from "../state/environment-words";
import { gitConfigRow } from "./code-running-git-config-table";
import { CODE_RUNNING_GIT_SUBCOMMANDS } from "./code-running-option-table";
import { namedOptionExecutions } from "./named-option-effects";
import { combineFound, type Found, NOT_A_WRAPPER } from "./option-effects";

export function gitExecutions(args: readonly WordRef[], environment: CommandEnvironment): Found {
	// SECURITY: `git $OPT status` may be `-c core.fsmonitor=…`; `git -C x status` reads x's configuration.
	const found = namedOptionExecutions(GIT_TABLE, args, environment);
	if (found === null) return null;
	const texts = refTexts(args);
	const global = scanOptions(texts, GIT_TABLE.global.grammar);
	const subcommand = texts[global.rest];
	if (subcommand === undefined || subcommand === null) return found;
	const rest = args.slice(global.rest + 1);
	const runs = CODE_RUNNING_GIT_SUBCOMMANDS.get(subcommand);
	if (runs === "opaque") return null;
	if (runs === "config") return combineFound(found, configWrites(rest));
	if (runs === "payload-after") return combineFound(found, subcommandPayload(subcommand, rest));
	return found;
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
