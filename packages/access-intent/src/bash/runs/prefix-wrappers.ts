/**
 * Owns: the grammar of prefix wrappers (`wrapper-table.ts` rows of shape `prefix`: `sudo`, `env`, `timeout`,
 * `nice`, `watch`, `parallel`, …): options, `NAME=value` words, leading operands, then the command or its joined
 * shell payload, up to a terminator; `env -S`'s split string read as the words env makes of it.
 * Never: guesses; an option the grammar does not know or a run-time marker in a joined payload is unknown (`null`).
 */

import { scanWords } from "../options/word-option-scan";
import { commandNameOf } from "../reading/command-name";
import type { UnknownSetting } from "../reading/command-unit";
import { literalWordText } from "../reading/shell-word";
import type { WordRef } from "../reading/unit-draft";
import { composedWords } from "./composed-command";
import { envSplitString } from "./env-split-string";
import { environmentExecutions, type Setting, settingFromWord, unknownSettingOf } from "./environment-effects";
import { combineFound, type Execution, NOT_A_WRAPPER } from "./option-effects";
import { joinedPayload } from "./special-wrappers";
import type { PrefixWrapper } from "./wrapper-table";

const UNKNOWN = null;

/** What a prefix wrapper run with `args` executes, and the setting among its `NAME=value` words not known harmless. */
interface PrefixReading {
	readonly executions: readonly Execution[] | null;
	readonly unknownSetting: UnknownSetting | null;
}

/** What a prefix wrapper run with `args` executes, or `null` when its grammar leaves any doubt. */
export function prefixExecutions(args: readonly WordRef[], spec: PrefixWrapper): PrefixReading {
	const scan = scanWords(args, spec.grammar);
	if (scan.uncertain !== null) {
		const split = spec.splitString === true ? splitStringPayload(args, scan.uncertain.index) : null;
		return { executions: split, unknownSetting: null };
	}
	let i = scan.rest;
	const settings: Setting[] = [];
	if (spec.assignments) {
		for (; i < args.length; i++) {
			const setting = settingFromWord((args[i] as WordRef).word);
			if (setting === null) break;
			settings.push(setting);
		}
	}
	// SECURITY: `env HOME=$PWD/h git status`, `sudo DATABASE_URL=… npm test`: the settings reach the command run. With
	// no command (`env A=1`) env prints its environment and starts nothing.
	const command = args[i + spec.operands];
	const unknownSetting =
		settings.length === 0 || command === undefined
			? null
			: unknownSettingOf(settings, { kind: "program", program: commandNameOf(command.word) });
	const environment = settings.length === 0 ? NOT_A_WRAPPER : environmentExecutions(settings);
	// SECURITY: `env GIT_EXTERNAL_DIFF='rm x;:' git diff` runs the value as `GIT_EXTERNAL_DIFF=… git diff` does.
	if (environment === null) return { executions: UNKNOWN, unknownSetting };
	const own = prefixCommand(args, i, spec);
	return {
		executions: own === null ? UNKNOWN : (combineFound(own, environment) as readonly Execution[]),
		unknownSetting,
	};
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

/** `-S STRING`, `-vS STRING`, `-SSTRING`, `--split-string=STRING`, `--split-string STRING`. */
const SPLIT_STRING = /^(?:-([i0v]*)S(.*)|--split-string(?:=(.*))?)$/s;

/**
 * SECURITY: `env -S 'GIT_DIR=x git status'` runs what env makes of the string: the same `env` with the split words in
 * its place (a payload parsed again, so its settings and command are judged), or unknown when it cannot be read.
 */
function splitStringPayload(args: readonly WordRef[], index: number): readonly Execution[] | null {
	const text = literalWordText((args[index] as WordRef).word);
	const match = text === null ? null : SPLIT_STRING.exec(text);
	if (match === null) return UNKNOWN;
	const flags = match[1] ?? "";
	const attached = match[2] !== undefined && match[2] !== "" ? match[2] : match[3];
	const valueWord = attached === undefined ? args[index + 1] : undefined;
	const value = attached ?? (valueWord === undefined ? null : literalWordText(valueWord.word));
	if (value === null) return UNKNOWN;
	const split = envSplitString(value);
	if (split === null) return UNKNOWN;
	const after = args.slice(index + (attached === undefined ? 2 : 1));
	const before = args.slice(0, index);
	const words = ["env", ...before.map((arg) => arg.word.raw), flags === "" ? "" : `-${flags}`, split];
	for (const arg of after) words.push(arg.word.raw);
	return [{ kind: "payload", text: words.filter((word) => word !== "").join(" ") }];
}
