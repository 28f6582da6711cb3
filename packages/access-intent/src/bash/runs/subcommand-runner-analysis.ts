/**
 * Owns: what the programs of `subcommand-runner-table.ts` run (ADR 0052): perf's workload (`perf stat -o f rm x`) and
 * its `--pre`/`--post` commands, socat's `EXEC:`/`SYSTEM:` addresses, `cmake -E env|time|chdir` commands,
 * hyperfine's benchmarked commands, `ip netns exec NAME command`; as words or a payload, unknown otherwise.
 * Never: guesses; a computed word where a sub-command, an option or an address may stand is unknown (`null`).
 */

import { valueText } from "../options/option-queries";
import { scanOptions } from "../options/option-scanner";
import { refTexts, scanWords } from "../options/word-option-scan";
import type { WordRef } from "../reading/unit-draft";
import { combineFound, type Execution, type Found, NOT_A_WRAPPER } from "./option-effects";
import { prefixExecutions } from "./prefix-wrappers";
import {
	CMAKE_ENV_GRAMMAR,
	CMAKE_RUNNING_VERBS,
	HYPERFINE_COMMAND_OPTIONS,
	HYPERFINE_GRAMMAR,
	HYPERFINE_SHELL_OPTIONS,
	IP_EXEC_VERB,
	IP_NETNS_OBJECT,
	IP_NETNS_OBJECT_MIN,
	PERF_COMMAND_OPTIONS,
	PERF_READERS,
	PERF_WORKLOADS,
	SOCAT_COMMAND_ADDRESSES,
	SOCAT_VALUE_OPTIONS,
} from "./subcommand-runner-table";

const UNKNOWN = null;

/** A program name run directly: only a plain word is read as a command. */
const PLAIN_PROGRAM = /^[A-Za-z0-9_./+-]+$/;

const payload = (text: string): Execution[] => [{ kind: "payload", text }];

/** `perf [--no-pager] stat [options] command args`: the workload runs under perf. */
export function perfExecutions(args: readonly WordRef[]): Found {
	const texts = refTexts(args);
	let i = 0;
	for (; i < texts.length; i++) {
		const text = texts[i];
		if (text === null || text === undefined) return UNKNOWN;
		if (!text.startsWith("-")) break;
		if (PERF_READERS.has(text)) return NOT_A_WRAPPER;
		// SECURITY: `perf --exec-path=dir` runs perf's scripts from `dir`.
		if (text.startsWith("--exec-path=")) return UNKNOWN;
		if (text === "--buildid-dir" || text === "--debug") i++;
	}
	const verb = texts[i];
	if (verb === undefined) return NOT_A_WRAPPER;
	if (verb === null) return UNKNOWN;
	if (PERF_READERS.has(verb)) return NOT_A_WRAPPER;
	const grammar = PERF_WORKLOADS.get(verb);
	// `perf script`, `perf daemon`, `perf sched record cmd`, `perf report --objdump=x`: what they run is not read here.
	if (grammar === undefined) return UNKNOWN;
	const rest = args.slice(i + 1);
	const restTexts = texts.slice(i + 1);
	const scan = scanWords(rest, grammar, restTexts);
	if (scan.uncertain !== null) return UNKNOWN;
	let found: Found = NOT_A_WRAPPER;
	for (const option of scan.options) {
		const kind = PERF_COMMAND_OPTIONS.get(option.name);
		if (kind === undefined) continue;
		const value = option.value === null ? null : valueText(option.value, restTexts);
		if (value === null || (kind === "program" && !PLAIN_PROGRAM.test(value))) return UNKNOWN;
		found = combineFound(found, payload(value));
	}
	const workload = rest.slice(scan.rest);
	// `perf stat -a sleep 1` runs `sleep 1`; `perf stat -p 42` attaches to a process and runs nothing.
	return workload.length === 0 ? found : combineFound(found, [{ kind: "words", words: workload, markers: [] }]);
}

/** socat's address characters that quote, group or add options: what the address runs is then not read. */
const SOCAT_SPECIAL = /[,'"()[\]{}\\]|!!/;

/** `socat - EXEC:'cmd'`, `socat -u SYSTEM:'cmd' -`: an address that runs a program or a shell command. */
export function socatExecutions(args: readonly WordRef[]): Found {
	const texts = refTexts(args);
	let i = 0;
	while (i < texts.length) {
		const text = texts[i];
		if (text === null || text === undefined) return UNKNOWN;
		if (text === "-" || !text.startsWith("-")) break;
		i += SOCAT_VALUE_OPTIONS.has(text) ? 2 : 1;
	}
	let found: Found = NOT_A_WRAPPER;
	for (const address of texts.slice(i)) {
		if (address === null) return UNKNOWN;
		for (const single of address.split("!!")) {
			const keyword = /^[^:,]*/.exec(single)?.[0] ?? "";
			if (!SOCAT_COMMAND_ADDRESSES.has(keyword.toUpperCase())) continue;
			const parameter = single.slice(keyword.length + 1);
			// SECURITY: `EXEC:'cmd',path=/tmp/x` runs `cmd` from another PATH; quoting is socat's own.
			if (!single.startsWith(`${keyword}:`) || SOCAT_SPECIAL.test(parameter)) return UNKNOWN;
			found = combineFound(found, payload(parameter));
		}
	}
	return found;
}

/** `cmake -E env A=1 cmd`, `cmake -E time cmd`, `cmake -E chdir dir cmd`: the command runs. */
export function cmakeExecutions(args: readonly WordRef[]): Found {
	const texts = refTexts(args);
	if (texts[0] === null || texts[1] === null) return UNKNOWN;
	if (texts[0] !== "-E") return NOT_A_WRAPPER;
	const verb = CMAKE_RUNNING_VERBS.get(texts[1] ?? "");
	if (verb === undefined) return NOT_A_WRAPPER;
	if (verb === "env") {
		// SECURITY: `cmake -E env HOME=x git status`: a relocating setting leaves what runs unknown. (An ordinary unknown
		// setting is not carried through this runner: its command is still reported and judged.)
		const read = prefixExecutions(args.slice(2), {
			shape: "prefix",
			grammar: CMAKE_ENV_GRAMMAR,
			assignments: true,
			operands: 0,
			shellJoin: false,
			markers: [],
			terminators: [],
		});
		return read.unknownSetting?.kind === "relocating" ? UNKNOWN : read.executions;
	}
	const words = args.slice(2 + verb);
	return words.length === 0 ? UNKNOWN : [{ kind: "words", words, markers: [] }];
}

/** `hyperfine 'cmd' 'cmd2'`, `--prepare 'cmd'`: every benchmarked command runs through a shell. */
export function hyperfineExecutions(args: readonly WordRef[]): Found {
	const texts = refTexts(args);
	const scan = scanOptions(texts, {
		...HYPERFINE_GRAMMAR,
		reading: { ...HYPERFINE_GRAMMAR.reading, order: "permute" },
	});
	// `-L x a,b 'cmd {x}'`: a parameter fills in the commands at run time.
	if (scan.uncertain !== null) return UNKNOWN;
	let found: Found = NOT_A_WRAPPER;
	for (const option of scan.options) {
		if (HYPERFINE_SHELL_OPTIONS.has(option.name)) return UNKNOWN;
		if (!HYPERFINE_COMMAND_OPTIONS.has(option.name)) continue;
		const value = option.value === null ? null : valueText(option.value, texts);
		if (value === null) return UNKNOWN;
		found = combineFound(found, payload(value));
	}
	for (const index of scan.operands) {
		const text = texts[index];
		if (text === null || text === undefined) return UNKNOWN;
		found = combineFound(found, payload(text));
	}
	return found;
}

/** `ip netns exec NAME cmd`, `ip net e NAME cmd` (ip matches by prefix); `ip -b file` runs ip commands from a file. */
export function ipExecutions(args: readonly WordRef[]): Found {
	const texts = refTexts(args);
	let i = 0;
	let all = false;
	for (; i < texts.length; i++) {
		const text = texts[i];
		if (text === null || text === undefined) return UNKNOWN;
		if (!text.startsWith("-")) break;
		if (/^-b/.test(text) || /^--?batch/.test(text)) return UNKNOWN;
		if (/^-a(?:ll)?$/.test(text)) all = true;
		if (/^-(?:n|netns|f|family|rc|rcvbuf)$/.test(text)) i++;
	}
	const object = texts[i];
	if (object === undefined || object === null) return object === null ? UNKNOWN : NOT_A_WRAPPER;
	if (object.length < IP_NETNS_OBJECT_MIN || !IP_NETNS_OBJECT.startsWith(object)) return NOT_A_WRAPPER;
	const verb = texts[i + 1];
	if (verb === null) return UNKNOWN;
	if (verb === undefined || verb === "" || !IP_EXEC_VERB.startsWith(verb)) return NOT_A_WRAPPER;
	// `ip netns exec NAME cmd`, `ip -all netns exec cmd` (in every namespace).
	const words = args.slice(i + (all ? 2 : 3));
	return words.length === 0 ? UNKNOWN : [{ kind: "words", words, markers: [] }];
}
