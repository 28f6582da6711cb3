import { describe, expect, it } from "vitest";
import { parseProgram } from "../../support/bash-fixture";

/**
 * ADR 0038: GNU parallel (checked with 20221122) quotes the input into its replacement strings, or appends it quoted
 * when no word holds one, and runs the joined words through a shell: plain words are the words that run.
 */
function composed(command: string) {
	const program = parseProgram(command);
	expect(program.unparseable, command).toBeNull();
	const [wrapper, ...rest] = program.units;
	const executed = rest.filter((unit) => unit.nesting.includes("wrapper"));
	return { wrapper, executed };
}

describe("composedWords: what GNU parallel runs for its command words", () => {
	it.each([
		["parallel echo Directory: {}", "echo Directory: {}", false],
		["parallel -j100 wget https://www.example.com/page{}.html", "wget https://www.example.com/page{}.html", false],
		["parallel -0 mv {} {.}", "mv {} {.}", false],
		["parallel --dry-run program {}-out {}", "program {}-out {}", false],
		["parallel -X echo Directories:", "echo Directories:", true],
		["parallel bzip2", "bzip2", true],
		["parallel -j 4 gzip ::: a b", "gzip", true],
		["parallel convert {1} {2/.}.png ::: a :::+ b", "convert {1} {2/.}.png", false],
	])("%s runs %j (input appended: %s)", (command, text, appended) => {
		const { wrapper, executed } = composed(command);
		expect(wrapper?.executedUnit).toBe(text);
		expect(executed.map((unit) => unit.text)).toEqual([text]);
		expect(executed[0]?.runTimeWords).toEqual({ markers: ["{"], appended });
	});

	it.each([
		// The command name is the input.
		"parallel {} ::: rm",
		// `-I X` moves the replacement string; `{= … =}` is perl code parallel runs itself.
		"parallel -I X X ::: rm",
		"parallel echo {=s/a/b/=} ::: a",
		// Shell syntax in a word is code once the words are joined.
		"parallel 'rm {}' ::: a",
		"parallel echo '{};' rm ::: a",
		"parallel echo ~ {}",
		"parallel echo '*' {}",
		"parallel echo '' rm",
		"parallel echo $X",
		// An option the grammar does not model.
		"parallel --rpl '{} s/a/b/' echo {} ::: a",
	])("%s: what runs is not established", (command) => {
		const { wrapper, executed } = composed(command);
		expect(wrapper?.wrapperKind).toBe("indirection");
		expect(wrapper?.executedUnit).toBeNull();
		expect(executed).toEqual([]);
	});
});
