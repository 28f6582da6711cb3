/**
 * Owns: the spellings a `bash` rule pattern covers by meaning (ADR 0053), for `lint` to list: per option the rule
 * names, every spelling of it (`-r`, `-R`, `--recursive`), the options that mean it too (`--force-with-lease` forces a
 * push) and an operand spelled with its meaning (`+<ref>`), plus how the program reads options (clusters, `=`,
 * abbreviations, any order).
 * Never: matches or decides (the engine does); a pattern without a canonical form covers only its own text.
 */
import type { OptionGrammar } from "./option-grammar";
import type { ProgramSpelling } from "./program-spelling";
import { programSpellingOf } from "./program-spelling-table";
import { ruleSpelling } from "./unit-spelling";

/** One option a rule names and its spellings by meaning. */
export interface CoveredOption {
	/** The option's canonical name, at its level (`push -f`). */
	readonly option: string;
	/** Every spelling of the option itself (`-f`, `--force`). */
	readonly spellings: readonly string[];
	/** Options and operands that mean it too (`--force-with-lease`, `--mirror`, `+<ref>`). */
	readonly meantBy: readonly string[];
}

export interface RuleCoverage {
	/** The rule's canonical spelling (`rm -f -r *`). */
	readonly canonical: string;
	readonly options: readonly CoveredOption[];
	/** How the program's options may be written besides (`clusters`, `--opt=value`, `abbreviations`, `any order`). */
	readonly forms: readonly string[];
}

/** The spellings `pattern` covers by meaning, or `null` when it is matched only as written. */
export function ruleCoverage(pattern: string): RuleCoverage | null {
	const read = ruleSpelling(pattern);
	if (read.kind !== "command") return null;
	const canonical = read.spelling.canonical;
	let level: ProgramSpelling | null = programSpellingOf(canonical.levels[0]?.word ?? "");
	const options: CoveredOption[] = [];
	const forms = new Set<string>();
	for (const [at, each] of canonical.levels.entries()) {
		if (at > 0) level = level?.subcommands.get(each.word) ?? null;
		if (level === null) break;
		formsOf(level.grammar, forms);
		const prefix = at === 0 ? "" : `${each.word} `;
		for (const option of each.options)
			options.push({
				option: `${prefix}${option.name}`,
				spellings: spellingsOf(level.grammar, option.name),
				meantBy: meantBy(level, option.name),
			});
	}
	return { canonical: canonical.text, options, forms: [...forms] };
}

function spellingsOf(grammar: OptionGrammar, name: string): string[] {
	const found: string[] = [];
	for (const [letter, spec] of grammar.short) if (spec.name === name) found.push(`-${letter}`);
	for (const [spelling, spec] of grammar.long) if (spec.name === name) found.push(spelling);
	return found;
}

/** Options whose `means` or `implies` reach `name`, and an operand spelled with its meaning. */
function meantBy(level: ProgramSpelling, name: string): string[] {
	const found: string[] = [];
	for (const [other, list] of [...level.means, ...level.implies])
		if (list.some((option) => option.name === name)) found.push(other);
	// `git push origin +main`: probed with the documented shape of such an operand, after the first.
	const operand = level.operandMeaning?.("+<ref>", 1) ?? null;
	if (operand?.implies.some((option) => option.name === name) === true) found.push("+<ref>");
	return found;
}

function formsOf(grammar: OptionGrammar, forms: Set<string>): void {
	const reading = grammar.reading;
	if (reading.singleDash === "cluster") forms.add("short options clustered (`-rf`)");
	if (reading.longOptions) forms.add("`--opt=value` as `--opt value`");
	if (reading.abbreviations === "prefix") forms.add("unique abbreviations of long options");
	forms.add("options in any order");
	if (reading.order === "permute") forms.add("options after operands");
}
