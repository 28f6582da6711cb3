import { describe, expect, it } from "vitest";
import { parseBashUnits } from "../../src/bash/bash-program";
import type { CommandUnit } from "../../src/bash/reading/command-unit";
import { literalWordText } from "../../src/bash/reading/shell-word";
import { displayPath } from "../../src/path/access-path";
import { parseProgram, parser, viewOf } from "../support/bash-fixture";
import { BASH_UNITS_ROWS, BASH_WRAPPER_ROWS, COMPOUND_ROWS, type CorpusUnitRow } from "./bash-units.cases";

/** Units emitted for what a wrapper executes carry `wrapper` or `payload` in their nesting. */
function isDerived(unit: CommandUnit): boolean {
	return unit.nesting.includes("wrapper") || unit.nesting.includes("payload");
}

function expectRow(row: CorpusUnitRow): void {
	const program = parseProgram(row.command);
	expect(program.unparseable).toBeNull();
	expect(program.units.filter((unit) => !isDerived(unit)).map(viewOf)).toEqual(row.units);
	expect(program.units.filter(isDerived).map(viewOf)).toEqual(row.extraUnits ?? []);
}

describe("BashProgram.parse", () => {
	it.each(BASH_UNITS_ROWS)("$id lists the units of $command", (row) => expectRow(row));
	it.each(BASH_WRAPPER_ROWS)("$id lists the wrapper units of $command", (row) => expectRow(row));
	it.each(COMPOUND_ROWS)("$id lists the whole statement, then its inner units: $command", (row) => expectRow(row));

	it("emits a wrapper's executed unit right after the wrapper, before its substitutions", () => {
		expect(parseProgram("sudo rm $(cat list)").units.map((unit) => unit.text)).toEqual([
			"sudo rm $(cat list)",
			"rm $(cat list)",
			"cat list",
		]);
	});

	it("marks a command that does not parse cleanly as unparseable with no units", () => {
		for (const command of ["for f in a; do rm $f", 'echo "unterminated', "if true; then", "rm x )"]) {
			const program = parseProgram(command);
			expect(program.unparseable?.kind).toBe("unparseable");
			expect(program.unparseable?.reason).not.toBe("");
			expect(program.units).toEqual([]);
			expect(program.externalPaths).toEqual([]);
			expect(program.pathCandidates).toEqual([]);
		}
	});

	it("treats empty, blank and comment-only commands as zero units, not unparseable", () => {
		for (const command of ["", "   ", "\n\n", "# only a comment", "  # a\n# b"]) {
			const program = parseProgram(command);
			expect(program.unparseable).toBeNull();
			expect(program.units).toEqual([]);
		}
	});

	it("never reads a command holding a NUL character or an unpaired surrogate", () => {
		expect(parseProgram("r\0m x").unparseable?.reason).toContain("NUL");
		expect(parseProgram("rm \ud800x").unparseable?.reason).toContain("surrogate");
		expect(parseProgram("echo \u{1F600} ok").unparseable).toBeNull();
	});

	it("computes the path slices at construction from the same parse", () => {
		const program = parseProgram("cat /etc/hosts > ./out.txt");
		expect(program.units.map((unit) => unit.text)).toEqual(["cat /etc/hosts"]);
		expect(program.externalPaths.map(displayPath)).toContain("/etc/hosts");
		expect(program.pathCandidates.map(displayPath)).toEqual(
			expect.arrayContaining(["/etc/hosts", "/projects/app/out.txt"]),
		);
	});

	it("returns frozen units", () => {
		const program = parseProgram("echo a | grep b");
		expect(Object.isFrozen(program.units)).toBe(true);
		for (const unit of program.units) expect(Object.isFrozen(unit)).toBe(true);
	});

	it("gives the unit slice alone through parseBashUnits", () => {
		const parsed = parseBashUnits("a && b", parser);
		expect(parsed.unparseable).toBeNull();
		expect(parsed.units.map((unit) => unit.text)).toEqual(["a", "b"]);
		expect(parsed.work.units).toBe(2);
	});
});

describe("CommandUnit fields", () => {
	const only = (command: string): CommandUnit => {
		const units = parseProgram(command).units;
		expect(units.length).toBeGreaterThan(0);
		return units[0] as CommandUnit;
	};

	it.each([
		["'rm' x", "rm"],
		['r""m x', "rm"],
		["\\rm x", "rm"],
		["/bin/rm x", "rm"],
		["$'\\x72m' x", "rm"],
		["$'\\162m' x", "rm"],
		['"/usr/bin/"rm x', "rm"],
		["./scripts/run.sh", "run.sh"],
	])("normalises the command name of %s to %s", (command, name) => {
		expect(only(command).commandName).toBe(name);
	});

	it.each(["$CMD x", "$(echo rm) x", "rm${IFS}x", "`echo rm` x", "/bin/r? x", "/bin/r[m] x", "${CMD:-rm} x", "r*m x"])(
		"gives no command name for %s, whose name is not a literal word",
		(command) => {
			expect(only(command).commandName).toBeNull();
		},
	);

	it("keeps arguments as structured words in order", () => {
		const unit = only("cp -r \"$HOME/a b\" 'c*' d* ${X} $(pwd)");
		expect(unit.args.map((word) => word.raw)).toEqual(["-r", '"$HOME/a b"', "'c*'", "d*", "${X}", "$(pwd)"]);
		expect(unit.args[1]?.parts).toEqual([
			{ kind: "variable", name: "HOME", quoted: true },
			{ kind: "literal", text: "/a b", globActive: false },
		]);
		expect(unit.args[2]?.parts).toEqual([{ kind: "literal", text: "c*", globActive: false }]);
		expect(unit.args[3]?.parts).toEqual([{ kind: "literal", text: "d*", globActive: true }]);
		expect(unit.args[4]?.parts).toEqual([{ kind: "variable", name: "X", quoted: false }]);
		expect(unit.args[5]?.parts).toEqual([{ kind: "dynamic", raw: "$(pwd)" }]);
	});

	it("records redirects with their operators and targets, outside the text", () => {
		const unit = only("cmd a 2> err.log >> out.log < in.txt &> all.log 2>&1");
		expect(unit.text).toBe("cmd a");
		expect(unit.redirects.map((redirect) => [redirect.operator, redirect.target.raw])).toEqual([
			["2>", "err.log"],
			[">>", "out.log"],
			["<", "in.txt"],
			["&>", "all.log"],
			["2>&", "1"],
		]);
	});

	it("records heredocs as `<<`/`<<-` with the delimiter, and here-strings as `<<<`", () => {
		expect(only("cat <<-EOF\n\tx\n\tEOF").redirects.map((r) => [r.operator, literalWordText(r.target)])).toEqual([
			["<<-", "EOF"],
		]);
		expect(only("cat <<'EOF'\nx\nEOF").redirects.map((r) => [r.operator, literalWordText(r.target)])).toEqual([
			["<<", "EOF"],
		]);
		expect(only("cat <<< 'hi there'").redirects.map((r) => [r.operator, literalWordText(r.target)])).toEqual([
			["<<<", "hi there"],
		]);
	});

	it("moves words after a redirect target into the arguments, as bash does", () => {
		const unit = only("echo > f a b");
		expect(unit.text).toBe("echo a b");
		expect(unit.args.map((word) => word.raw)).toEqual(["a", "b"]);
	});

	it("strips leading assignments from the text but keeps them as assignments", () => {
		const unit = only("A=1 B=$(pwd) make all");
		expect(unit.text).toBe("make all");
		expect(unit.assignments.map((a) => [a.name, a.value?.raw])).toEqual([
			["A", "1"],
			["B", "$(pwd)"],
		]);
	});

	it("lists the assignments of declaration commands, with null for a bare name", () => {
		const unit = only("export A=1 B");
		expect(unit.commandName).toBe("export");
		expect(unit.text).toBe("export A=1 B");
		expect(unit.assignments.map((a) => [a.name, a.value?.raw ?? null])).toEqual([
			["A", "1"],
			["B", null],
		]);
		expect(only("local -r x=2").args.map((word) => word.raw)).toEqual(["-r"]);
	});

	it("keeps a pure assignment whole, with no name word", () => {
		const unit = only("A=1 B=2");
		expect(unit.text).toBe("A=1 B=2");
		expect(unit.nameWord).toBeNull();
		expect(unit.commandName).toBeNull();
		expect(unit.assignments.map((a) => a.name)).toEqual(["A", "B"]);
	});

	it("lists a bare redirect as a unit with no command name, so its target is seen", () => {
		const unit = only("> /etc/passwd");
		expect(unit.commandName).toBeNull();
		expect(unit.redirects.map((r) => r.target.raw)).toEqual(["/etc/passwd"]);
	});

	it("attaches the redirects of a compound statement to its compound unit", () => {
		const unit = only("{ cat a; } > out.txt");
		expect(unit.compound).toBe(true);
		expect(unit.redirects.map((r) => r.target.raw)).toEqual(["out.txt"]);
	});

	it("records every enclosing construct in nesting, outermost first", () => {
		const units = parseProgram("( if true; then echo $(rm x); fi )").units;
		const rm = units.find((unit) => unit.text === "rm x");
		expect(rm?.nesting).toEqual(["subshell", "if", "command_substitution"]);
		expect(rm?.context).toBe("command_substitution");
	});
});
