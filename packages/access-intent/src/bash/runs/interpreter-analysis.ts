/**
 * Owns: whether an interpreter run (`python3`, `node`, `perl`, …) runs code the command line shows as a file, or
 * code it cannot show: inline (`-c`, `-e`), from stdin or a descriptor, a REPL (`-i`, `-m code`), a module that
 * runs its arguments (`-m timeit`), or a `data:` URL module (`node --import data:…`).
 * Never: reads the script file; a named script is judged by the path rules like any file.
 */

import { valueText } from "../options/option-queries";
import { scanOptions } from "../options/option-scanner";
import { refTexts } from "../options/word-option-scan";
import type { Redirect } from "../reading/command-unit";
import { literalWordText } from "../reading/shell-word";
import type { WordRef } from "../reading/unit-draft";
import { CODE_RUNNING_PYTHON_MODULES, NODE_MODULE_OPTIONS } from "./code-running-option-table";
import { type InterpreterEntry, STDIN_PATHS } from "./wrapper-table";

/**
 * What an interpreter run is found to be: code the command line cannot show, so what runs is unknown. It is a
 * `WrapperAnalysis` by shape; declared here so this module does not import the wrapper dispatch that imports it.
 */
interface InterpreterAnalysis {
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
	const texts = refTexts(args);
	const scan = scanOptions(texts, entry.grammar);
	for (const option of scan.options) {
		const word = texts[option.index];
		if (word === "--version" || word === "--help" || word === "-V" || word === "-h") return null;
		if (entry.inline.has(option.name)) return OPAQUE;
		if (!option.known) continue;
		const value = option.value === null ? null : valueText(option.value, texts);
		// `python3 -m pytest` runs a module the command names; `-m timeit 'code'` runs code of its own.
		if (option.name === "-m") return value !== null && !CODE_RUNNING_PYTHON_MODULES.has(value) ? null : OPAQUE;
		if (loadsCode(option.name, value)) return OPAQUE;
	}
	// A computed word may be inline code (`python3 $FLAGS`) or the script.
	if (scan.uncertain !== null) return OPAQUE;
	const script = scan.operands[0] === undefined ? null : texts[scan.operands[0]];
	// No script operand: the program comes from stdin (`curl x | python3`).
	if (script === null || script === undefined) return OPAQUE;
	// SECURITY: `python3 /dev/stdin <<EOF`, `perl /dev/fd/3 3<<< 'code'`: the script is data the command feeds.
	return STDIN_PATHS.has(script) || DESCRIPTOR_PATH.test(script) ? OPAQUE : null;
}

/** `node -r data:…`, `--import=data:…`: a module given as a `data:` URL (or a computed one) is inline code. */
function loadsCode(option: string, value: string | null | undefined): boolean {
	if (!NODE_MODULE_OPTIONS.has(option)) return false;
	return value === null || value === undefined || /^data:/i.test(value);
}
