import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseBashUnits } from "../../../src/bash/bash-program";
import { plainCommandDrafts, plainCommandWords } from "../../../src/bash/reading/plain-command";
import { parser } from "../../support/bash-fixture";

const plainWord = fc.stringMatching(/^[A-Za-z0-9_./:,=-]{1,6}$/);
const name = fc.stringMatching(/^[A-Za-z0-9_./-]{1,6}$/);
const simple = fc
	.tuple(name, fc.array(plainWord, { maxLength: 3 }), fc.constantFrom(" ", "  ", "\t"))
	.map(([head, args, blank]) => [head, ...args].join(blank));
const plainCommand = fc
	.tuple(
		fc.array(fc.tuple(simple, fc.constantFrom(" && ", " || ", " ; ", " | ", " & ")), { minLength: 1, maxLength: 4 }),
		fc.constantFrom("", " &", " "),
	)
	.map(
		([parts, tail]) => parts.map(([text, joiner], index) => (index === 0 ? text : `${joiner}${text}`)).join("") + tail,
	);

/** Adding a comment sends the same command through the tree-sitter walk (`#` is outside the plain grammar). */
const throughTree = (command: string): string => `${command} # via the tree`;

describe("plainCommandDrafts", () => {
	it("yields exactly the units of the tree walk for every plain command", () => {
		fc.assert(
			fc.property(plainCommand, (command) => {
				// Reserved and declaration names are left to the tree on purpose (see the table below).
				fc.pre(plainCommandDrafts(command, null, []) !== null);
				const fast = parseBashUnits(command, parser);
				const tree = parseBashUnits(throughTree(command), parser);
				expect(tree.work.visitedNodes).toBeGreaterThan(0);
				expect(fast.work.visitedNodes).toBe(0);
				expect(fast.unparseable).toEqual(tree.unparseable);
				expect(fast.units).toEqual(tree.units);
			}),
			{ numRuns: 300 },
		);
	});

	it.each([
		"echo 'quoted'",
		"A=1 make",
		"if true",
		"time ls",
		"ls > out",
		"ls *.ts",
		"echo $HOME",
		"ls;rm",
		"ls &&",
		"&& ls",
		"ls ;",
		"a | | b",
		"cat ~/x",
		"echo {a,b}",
		"ls\nrm x",
		"export A=1",
		"unset x",
		"a@b",
		"ls a@b",
		"ls 1%_",
		"ls a+:",
		"ls ==",
	])("leaves %s to the tree walk", (command) => {
		expect(plainCommandDrafts(command, null, [])).toBeNull();
	});
});

describe("plainCommandWords", () => {
	it.each([
		["git log --oneline -n 4", ["git", "log", "--oneline", "-n", "4"]],
		['echo "found 0"  x', ["echo", '"found 0"', "x"]],
		["cp 'a b'c\tbuild/", ["cp", "'a b'c", "build/"]],
		['echo "v$VERSION"', ["echo", '"v$VERSION"']],
	])("reads the words of %j from text", (command, words) => {
		const ranges = plainCommandWords(command, 0, command.length);
		expect(ranges?.map((range) => command.slice(range.start, range.end))).toEqual(words);
	});

	it.each([
		"echo $HOME",
		'echo "$a$b"',
		'echo "$_"',
		'echo "it\'s"',
		'echo "a\\"b"',
		"echo 'a$b'",
		'echo "unclosed',
		"ls *.ts",
		"echo ==",
		"A=1 make",
		"if x",
		"time ls",
		"ls > out",
		"r\\\nm x",
		"echo a\nb",
	])("leaves %j to the walk", (command) => {
		expect(plainCommandWords(command, 0, command.length)).toBeNull();
	});
});
