import { describe, expect, it } from "vitest";
import { GREP_GRAMMAR } from "../../../../src/bash/options/environment-grammars/grep-options-grammar";
import { NODE_OPTIONS_GRAMMAR } from "../../../../src/bash/options/environment-grammars/node-options-grammar";
import { TAR_GRAMMAR } from "../../../../src/bash/options/environment-grammars/tar-options-grammar";
import type { OptionGrammar } from "../../../../src/bash/options/option-grammar";
import { scanOptions } from "../../../../src/bash/options/option-scanner";
import { INERT_GREP_OPTIONS } from "../../../../src/bash/runs/program-environment/grep";
import { INERT_TAR_OPTIONS } from "../../../../src/bash/runs/program-environment/tar";

function names(grammar: OptionGrammar, words: readonly string[]): string {
	const scan = scanOptions(words, grammar);
	const read = scan.options.map((option) => option.name).join(" ");
	return scan.uncertain === null ? read : `${read} | uncertain ${scan.uncertain.reason}`;
}

const GRAMMARS = { tar: TAR_GRAMMAR, grep: GREP_GRAMMAR, node: NODE_OPTIONS_GRAMMAR } as const;

describe("program grammars", () => {
	it.each([
		// getopt_long's unique prefixes; an ambiguous one is uncertain.
		["tar", ["--checkpoint-act=exec=x"], "--checkpoint-action"],
		["tar", ["--to-com=x"], "--to-command"],
		["tar", ["--to"], " | uncertain ambiguous-abbreviation"],
		["tar", ["-cvf", "a.tar"], "-c -v -f"],
		["tar", ["--get"], "-x"],
		["tar", ["--new-volume-script=x"], "-F"],
		["grep", ["--exclude-f=x"], "--exclude-from"],
		["grep", ["--fi=x"], " | uncertain ambiguous-abbreviation"],
		["grep", ["--colour=always"], "--color"],
		["grep", ["-3"], "-C"],
		["grep", ["--frob"], " | uncertain unknown-option"],
		// node: `_` is `-`, no abbreviations, synonyms.
		["node", ["--experimental_loader=x"], "--experimental-loader"],
		["node", ["--loader", "x"], "--experimental-loader"],
		["node", ["-r", "x"], "--require"],
		["node", ["--max_old_space_size=1"], "--max-old-space-size"],
		["node", ["--imp=x"], " | uncertain unknown-option"],
	] as const)("%s: %j reads as %s", (program, words, expected) => {
		expect(names(GRAMMARS[program], words)).toBe(expected);
	});
});

describe("the inert option sets name canonical options of their grammars", () => {
	const canonical = (grammar: OptionGrammar): Set<string> =>
		new Set([...grammar.short.values(), ...grammar.long.values()].map((spec) => spec.name));
	it.each([
		["tar", INERT_TAR_OPTIONS, TAR_GRAMMAR],
		["grep", INERT_GREP_OPTIONS, GREP_GRAMMAR],
	] as const)("%s", (_program, inert, grammar) => {
		const names = canonical(grammar);
		expect([...inert].filter((name) => !names.has(name))).toEqual([]);
	});
});
