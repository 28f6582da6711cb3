/**
 * Owns: GNU grep's option grammar as `GREP_OPTIONS` is read for effects: grep's own grammar (`programs/grep.ts`:
 * every option with its synonyms, getopt_long abbreviations, `-NUM` as `--context=NUM`), except that an ambiguous
 * or unknown option is uncertain, not a flag.
 * Never: lists grep's options a second time, or says what an option does (`runs/program-environment/grep.ts` reads
 * `GREP_OPTIONS` by it).
 */
import type { OptionGrammar } from "../option-grammar";
import { GREP } from "../programs/grep";

// SECURITY: an option this grammar does not know may name a file grep reads (`--fi=.env` is `--file=.env`), so an
// unknown one makes the reading uncertain rather than a harmless flag.
export const GREP_GRAMMAR: OptionGrammar = {
	...GREP.grammar,
	reading: { ...GREP.grammar.reading, unknown: "uncertain" },
};
