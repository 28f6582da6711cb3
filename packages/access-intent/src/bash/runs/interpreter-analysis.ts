/**
 * Owns: whether an interpreter run (`python3`, `node`, `perl`, …) runs code the command line shows as a file, or
 * code it cannot show: inline (`-c`, `-e`), from stdin or a descriptor, a REPL (`-i`, `-m code`), a module that
 * runs its arguments (`-m timeit`), or a `data:` URL module (`node --import data:…`).
 * Never: reads the script file; a named script is judged by the path rules like any file.
 */

import type { Redirect } from "../reading/command-unit";
import { literalWordText } from "../reading/shell-word";
import type { WordRef } from "../reading/unit-draft";
import { CODE_RUNNING_PYTHON_MODULES, NODE_MODULE_OPTIONS } from "./code-running-option-table";
import { type InterpreterEntry, STDIN_PATHS } from "./wrapper-table";

/**
 * What an interpreter run is found to be: code the command line cannot show, so what runs is unknown. It is a
 * `WrapperAnalysis` by shape; declared here so this module does not import the wrapper dispatch that imports it.
 */
export interface InterpreterAnalysis {
	readonly kind: "opaque-payload";
	readonly executions: null;
}

const OPAQUE: InterpreterAnalysis = { kind: "opaque-payload", executions: null };

/** `/dev/fd/3`, `/proc/self/fd/3`: a script read from a descriptor the command itself feeds (`3<<< 'code'`). */
const DESCRIPTOR_PATH = /^\/(?:dev\/fd|proc\/(?:self|\d+)\/fd)\/\d+$/;

export function analyseInterpreter(
	args: readonly WordRef[],
	entry: InterpreterEntry,
	_redirects: readonly Redirect[],
): InterpreterAnalysis | null {
	if (entry.inlineSubcommand !== undefined) {
		const first = args[0] === undefined ? null : literalWordText(args[0].word);
		return first === entry.inlineSubcommand || first === null ? OPAQUE : null;
	}
	for (let i = 0; i < args.length; i++) {
		const text = literalWordText((args[i] as WordRef).word);
		if (text === null) return OPAQUE;
		if (text === "--version" || text === "--help" || text === "-V" || text === "-h") return null;
		if (entry.inlineLong.some((flag) => text === flag || text.startsWith(`${flag}=`))) return OPAQUE;
		const next = args[i + 1] === undefined ? null : literalWordText((args[i + 1] as WordRef).word);
		if (text.startsWith("--")) {
			const [name = "", attached] = text.split(/=(.*)/s);
			if (entry.valueOptions.includes(name)) {
				if (loadsCode(name, attached ?? next)) return OPAQUE;
				if (attached === undefined) i++;
			}
			continue;
		}
		if (text === "-") return OPAQUE;
		if (!text.startsWith("-")) {
			// SECURITY: `python3 /dev/stdin <<EOF`, `perl /dev/fd/3 3<<< 'code'`: the script is data the command feeds.
			return STDIN_PATHS.has(text) || DESCRIPTOR_PATH.test(text) ? OPAQUE : null;
		}
		const cluster = readCluster(text, next, entry);
		if (cluster === "opaque") return OPAQUE;
		if (cluster === "module") return null;
		i += cluster;
	}
	// No script operand: the program comes from stdin (`curl x | python3`).
	return OPAQUE;
}

/** A short cluster: opaque, a harmless `-m module` that ends the options, or how many further words it took. */
function readCluster(text: string, next: string | null, entry: InterpreterEntry): "opaque" | "module" | number {
	for (let j = 1; j < text.length; j++) {
		const letter = text[j] as string;
		if (entry.inlineLetters.includes(letter)) return "opaque";
		const option = `-${letter}`;
		if (!entry.valueOptions.includes(option)) continue;
		const attached = text.slice(j + 1);
		const value = attached === "" ? next : attached;
		if (option === "-m") return value !== null && !CODE_RUNNING_PYTHON_MODULES.has(value) ? "module" : "opaque";
		if (loadsCode(option, value)) return "opaque";
		return attached === "" ? 1 : 0;
	}
	return 0;
}

/** `node -r data:…`, `--import=data:…`: a module given as a `data:` URL (or a computed one) is inline code. */
function loadsCode(option: string, value: string | null | undefined): boolean {
	if (!NODE_MODULE_OPTIONS.has(option)) return false;
	return value === null || value === undefined || /^data:/i.test(value);
}
