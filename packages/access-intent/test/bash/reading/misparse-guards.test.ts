import { describe, expect, it } from "vitest";
import { ansiCStringEnd, regexHidesSubstitution } from "../../../src/bash/reading/misparse-guards";
import { literalWordText } from "../../../src/bash/reading/shell-word";
import { parseProgram } from "../../support/bash-fixture";

describe("ansiCStringEnd (where bash closes $'…')", () => {
	it.each([
		["$'ab'", 4],
		["$'a\\'b'", 6],
		["$'\\\\'", 4],
		["$'\\\\' ; rm x #'", 4],
		["$'\\\\\\\\'", 6],
		["$'\\\\\\''", 6],
	])("closes %j at %i", (source, end) => {
		expect(ansiCStringEnd(source, 0, source.length)).toBe(end);
	});

	it("reports no close inside the span", () => {
		expect(ansiCStringEnd("$'abc", 0, 5)).toBe(-1);
	});
});

describe("regexHidesSubstitution", () => {
	it.each([
		["$(rm x)", true],
		["`rm x`", true],
		["<(rm x)", true],
		[">(rm x)", true],
		["*.tmp", false],
		["$HOME", false],
		["^a$", false],
	])("%j → %s", (text, hides) => {
		expect(regexHidesSubstitution(text)).toBe(hides);
	});
});

describe("touching words the grammar split (ADR 0038)", () => {
	it.each([
		["touch name_`date`.txt", ["name_`date`.txt"]],
		["setfacl -m u:`whoami`:rwx x", ["-m", "u:`whoami`:rwx", "x"]],
		["wc -l --files0-from=<(git ls-files -z)", ["-l", "--files0-from=<(git ls-files -z)"]],
		["find . -exec rm {}\\;", [".", "-exec", "rm", "{};"]],
		["env DISPLAY=`hostname`:0 skype", ["DISPLAY=`hostname`:0", "skype"]],
	])("%s is read as bash reads its words", (command, words) => {
		const program = parseProgram(command);
		expect(program.unparseable).toBeNull();
		expect(program.units[0]?.args.map((arg) => literalWordText(arg) ?? arg.raw)).toEqual(words);
	});

	it.each(["rm $a.$b.$c", "rm $a$b$c.", "find $DBA/$ORACLE_SID/x"])(
		"%s stays unparseable: the split misreads a piece too",
		(command) => {
			expect(parseProgram(command).unparseable?.reason).toMatch(/split one word/);
		},
	);
});
