import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ParseBudget } from "../../../src/bash/reading/parse-budget";
import { SourceIndex } from "../../../src/bash/reading/source-index";
import { type CollectOutcome, collectDrafts } from "../../../src/bash/reading/unit-collector";
import { parser } from "../../support/bash-fixture";
import { BASH_UNITS_ROWS, BASH_WRAPPER_ROWS, COMPOUND_ROWS, METAMORPHIC_ROWS } from "../bash-units.cases";
import { EVASION_ROWS } from "../evasion.cases";

/** Collects with and without the plain-command shortcut, and counts the nodes each walk visited. */
function bothWalks(command: string): {
	fast: CollectOutcome;
	full: CollectOutcome;
	fastNodes: number;
	fullNodes: number;
} {
	const tree = parser.parse(command);
	if (tree === null) throw new Error("parse cancelled");
	try {
		const base = { context: null, nesting: [], markers: [], prefixes: new Map() };
		const fastBudget = new ParseBudget();
		const fullBudget = new ParseBudget();
		const fast = collectDrafts(tree, new SourceIndex(command), fastBudget, base);
		const full = collectDrafts(tree, new SourceIndex(command), fullBudget, base, { plainCommands: false });
		return { fast, full, fastNodes: fastBudget.work.visitedNodes, fullNodes: fullBudget.work.visitedNodes };
	} finally {
		tree.delete();
	}
}

/** The lines of the 200-line benchmark script (`bench/run.ts`), one of each shape. */
const BENCH_LINES = [
	`if [ -f "src/file0.ts" ]; then echo "found 0"; fi`,
	`grep -n "pattern1" src/module1.ts | head -n 5 > out/result1.txt`,
	`for f in a2 b2; do cp "$f" build/; done`,
	`VERSION=$(cat package.json | jq -r .version) && echo "v$VERSION"`,
	`git log --oneline -n 4 -- src/ && npm test -- --run file4`,
];

/** Test commands whose operand the grammar reads as an operator: the shortcut must leave them to the walk. */
const TEST_QUIRKS = ["[ -e / ]", "[ -e /= ]", "[[ -e / ]]", "[ -e - ]", "[ -f . ]", "[ -n '' ]", '[ -z "$x" ]'];

const CORPUS_COMMANDS: readonly string[] = [
	...BENCH_LINES,
	...TEST_QUIRKS,
	BENCH_LINES.join("\n"),
	...[...BASH_UNITS_ROWS, ...BASH_WRAPPER_ROWS, ...COMPOUND_ROWS].map((row) => row.command),
	...METAMORPHIC_ROWS.map((row) => row.host.replace("CMD", row.bare)),
	...EVASION_ROWS.map((row) => row.command),
];

const plainWord = fc.stringMatching(/^[A-Za-z0-9_./:,=-]{1,5}$/);
const quotedWord = fc
	.tuple(
		fc.constantFrom('"', "'"),
		fc.stringMatching(/^(?:[A-Za-z0-9_. =-]|\$[A-Za-z_][a-z0-9_]?){0,4}$/),
		fc.stringMatching(/^[a-z.=-]{0,2}$/),
	)
	.map(([quote, inside, tail]) => `${quote}${inside}${quote}${tail}`);
const dollarWord = fc.stringMatching(/^(?:[a-z.:=-]|\$[A-Za-z_][a-z0-9_]?){1,4}$/);
const oddWord = fc.constantFrom(
	"$a.$b.$c",
	"$a$b$c.",
	"$1",
	"$@",
	"${x}",
	"$x[1]",
	"$",
	"a$",
	"*.ts",
	"a\\ b",
	"{a,b}",
	"~/x",
	"`ls`",
	"$(ls)",
	"a#b",
	"==",
	"'a\"b'",
	"if",
	"time",
);
const simple = fc
	.tuple(
		fc.oneof(fc.stringMatching(/^[A-Za-z0-9_./-]{1,5}$/), fc.constantFrom("A=1 ls", "echo", "export", "then", "!")),
		fc.array(fc.oneof(plainWord, quotedWord, dollarWord, oddWord), { maxLength: 4 }),
		fc.constantFrom(" ", "  ", "\t"),
	)
	.map(([head, args, blank]) => [head, ...args].join(blank));
const host = fc.constantFrom(
	"CMD",
	"CMD && CMD",
	"CMD | CMD > out",
	"if CMD; then CMD; fi",
	"x=$(CMD)",
	"for f in a; do CMD; done",
	"( CMD ) &",
	"CMD # note",
	"cat <<EOF\n$(CMD)\nEOF",
	"CMD | CMD",
	"CMD || CMD && CMD",
	"x=$(CMD | CMD) && CMD",
	"if CMD && CMD; then CMD || CMD; fi",
	"CMD && CMD > out &",
	"( CMD | CMD ) || CMD",
	"CMD | CMD | CMD && CMD",
	'echo "$(CMD && CMD)" | CMD',
	"if [ -f CMD ]; then CMD; fi",
	"[[ -n CMD ]] && CMD",
	"while [ -d CMD ]; do CMD; done",
);
const hosted = fc
	.tuple(host, fc.array(simple, { minLength: 2, maxLength: 2 }))
	.map(([shape, [first, second]]) => shape.replace("CMD", first as string).replaceAll("CMD", second as string));

const testCommand = fc
	.tuple(
		fc.constantFrom(["[", "]"], ["[[", "]]"]),
		fc.constantFrom("-e", "-f", "-d", "-s", "-r", "-w", "-x", "-z", "-n", "-L", "-h", "-a", "-o", "-t", "!", "-v"),
		fc.oneof(plainWord, quotedWord, dollarWord, oddWord),
		fc.constantFrom(" ", "  ", "\t"),
		fc.constantFrom("", " x", " = y"),
	)
	.map(
		([[open, close], operator, operand, blank, extra]) =>
			`${open}${blank}${operator} ${operand}${extra}${blank}${close}`,
	);
const testHost = fc.constantFrom("CMD", "if CMD; then a; fi", "CMD && b", "while CMD; do a; done", "x=$(CMD)");
const hostedTest = fc.tuple(testHost, testCommand).map(([shape, test]) => shape.replace("CMD", test));

describe("collectDrafts with the plain-command shortcut", () => {
	it.each(CORPUS_COMMANDS.map((command) => [command]))("drafts %j exactly as the full walk", (command) => {
		const { fast, full, fastNodes, fullNodes } = bothWalks(command);
		expect(fast).toEqual(full);
		expect(fastNodes).toBeLessThanOrEqual(fullNodes);
	});

	it("drafts left-nested redirected pipelines after a long plain prefix exactly as the full walk", () => {
		const { fast, full } = bothWalks(`${"x ".repeat(20_000)}${"| c > f ".repeat(100)}`);
		expect(fast).toEqual(full);
	});

	it("visits fewer nodes on the benchmark script", () => {
		const { fastNodes, fullNodes } = bothWalks(BENCH_LINES.join("\n"));
		expect(fastNodes).toBeLessThan(fullNodes);
	});

	it("drafts every generated test command exactly as the full walk", () => {
		fc.assert(
			fc.property(hostedTest, (command) => {
				const { fast, full } = bothWalks(command);
				expect(fast).toEqual(full);
			}),
			{ numRuns: 400 },
		);
	});

	it("drafts every generated command exactly as the full walk", () => {
		fc.assert(
			fc.property(hosted, (command) => {
				const { fast, full } = bothWalks(command);
				expect(fast).toEqual(full);
			}),
			{ numRuns: 400 },
		);
	});
});
