/**
 * Owns: python3's command-line options (python3(1) COMMAND LINE OPTIONS) whose value names code or a module.
 * Never: judges which modules run code of their own (`code-running-option-table.ts`, read by the interpreter
 * analysis) or reads python's environment (`PYTHONPATH`, `PYTHONSTARTUP`: the environment tables).
 */
import { POSIX_READING } from "../option-grammar";
import { GETOPT_LONG_READING, named, type ProgramTable, programOptions } from "./program-options";

const OPTIONS = "python3(1) COMMAND LINE OPTIONS";

/** python reads its options up to the script, `-c` or `-m`; what follows is the program's `sys.argv`. */
export const PYTHON_TABLE: ProgramTable = {
	global: programOptions(
		{ ...GETOPT_LONG_READING, order: POSIX_READING.order, abbreviations: "none" },
		[named(["-c"], "code", `${OPTIONS}: -c command`), named(["-m"], "module", `${OPTIONS}: -m module-name`)],
		{ shortValue: "WX", shortFlag: "bBdEhiIOPqsSuvVx", longValue: ["check-hash-based-pycs"] },
	),
	readBy: "interpreter-analysis.ts",
};
