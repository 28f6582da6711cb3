/**
 * Owns: git's global options (before the sub-command) as an effect reading sees them: whole words, the ones that
 * take the next word as their value (`-C dir`, `-c key=value`, `--git-dir dir`), and where the sub-command starts.
 * Never: judges what they run (`runs/git-effects.ts` reads `-c` and `--config-env` for that).
 */
import { type OptionGrammar, optionGrammar, POSIX_READING } from "../../options/option-grammar";

/**
 * Global options that take the next word as their value. Any other word with a dash (`--no-pager`, `-p`, `--`, `-`)
 * is a flag; the first word without one is the sub-command.
 */
export const GIT_GLOBAL_OPTIONS: OptionGrammar = optionGrammar(
	{ ...POSIX_READING, longOptions: true, singleDash: "word", endOfOptions: false, loneDash: "option" },
	{ shortValue: "Cc", longValue: ["git-dir", "work-tree", "namespace", "config-env", "super-prefix"] },
);
