/**
 * Owns: the grammar of prefix wrappers (`wrapper-table.ts` rows of shape `prefix`: `sudo`, `env`, `timeout`,
 * `nice`, `watch`, `parallel`, …): options, `NAME=value` words, leading operands, then the command or its joined
 * shell payload, up to a terminator.
 * Never: guesses; an option the grammar does not know or a run-time marker in a joined payload is unknown (`null`).
 */

import { scanWords } from "../options/word-option-scan";
import { literalWordText } from "../reading/shell-word";
import type { WordRef } from "../reading/unit-draft";
import { composedWords } from "./composed-command";
import { environmentExecutions, type Setting, settingFromWord } from "./environment-effects";
import { combineFound, type Execution, NOT_A_WRAPPER } from "./option-effects";
import { joinedPayload } from "./special-wrappers";
import type { PrefixWrapper } from "./wrapper-table";

const UNKNOWN = null;

/** What a prefix wrapper run with `args` executes, or `null` when its grammar leaves any doubt. */
export function prefixExecutions(args: readonly WordRef[], spec: PrefixWrapper): readonly Execution[] | null {
	const scan = scanWords(args, spec.grammar);
	if (scan.uncertain !== null) return UNKNOWN;
	let i = scan.rest;
	const settings: Setting[] = [];
	if (spec.assignments) {
		for (; i < args.length; i++) {
			const setting = settingFromWord((args[i] as WordRef).word);
			if (setting === null) break;
			settings.push(setting);
		}
	}
	const environment = settings.length === 0 ? NOT_A_WRAPPER : environmentExecutions(settings);
	// SECURITY: `env GIT_EXTERNAL_DIFF='rm x;:' git diff` runs the value as `GIT_EXTERNAL_DIFF=… git diff` does.
	if (environment === null) return UNKNOWN;
	const own = prefixCommand(args, i, spec);
	return own === null ? UNKNOWN : (combineFound(own, environment) as readonly Execution[]);
}

function prefixCommand(args: readonly WordRef[], from: number, spec: PrefixWrapper): readonly Execution[] | null {
	let i = from;
	i += spec.operands;
	let end = args.length;
	const stop = args.findIndex((arg, index) => index >= i && spec.terminators.includes(literalWordText(arg.word) ?? ""));
	if (stop !== -1) end = stop;
	const words = args.slice(i, end);
	if (words.length === 0) return UNKNOWN;
	if (spec.composed === true) return composedWords(words);
	if (spec.shellJoin) {
		const payload = joinedPayload(words);
		const text = payload?.[0]?.kind === "payload" ? payload[0].text : "";
		return spec.markers.some((marker) => text.includes(marker)) ? UNKNOWN : payload;
	}
	return [{ kind: "words", words, markers: spec.markers }];
}
