import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lexicalMismatch, mayMergeBackquotes, mergedBackquotes } from "../../../src/bash/reading/lexical-prescan";
import { escapedBlanksAsWordCharacters } from "../../../src/bash/reading/lexical-repair";
import { BashSandbox, type CommandRun } from "../../oracle/bash-sandbox";
import { gateExtractor, judge } from "../../oracle/oracle-judge";
import { parseProgram } from "../../support/bash-fixture";

interface LexicalRow {
	readonly id: string;
	readonly command: string;
	/** The names bash starts, as checked below under real bash with logging stubs. */
	readonly bashRuns: readonly string[];
	/**
	 * `prescan`: the text test refuses it; `tree`: the backquote tree test does; `parsed`: both readers agree;
	 * `repaired`: the text test flags the original, and the grammar reads the offset-keeping rewrite as bash reads the
	 * original (ADR 0038), so the gate reports what bash runs.
	 */
	readonly verdict: "prescan" | "tree" | "parsed" | "repaired";
}

/** Character x position, with what bash does. To add a row, run it under bash first; the sandbox test checks it. */
const ROWS: readonly LexicalRow[] = [
	{ id: "cr-hash", command: "ls \r#; rm -rf somedir", bashRuns: ["ls", "rm"], verdict: "prescan" },
	{ id: "vt-hash", command: "ls \v#; rm -rf somedir", bashRuns: ["ls", "rm"], verdict: "prescan" },
	{ id: "ff-hash", command: "ls \f#; rm -rf somedir", bashRuns: ["ls", "rm"], verdict: "prescan" },
	{ id: "cr-glued", command: "ls\r#; rm x", bashRuns: ["ls\r#", "rm"], verdict: "prescan" },
	{ id: "cr-double-quoted", command: 'echo "a\rb"; rm x', bashRuns: ["rm"], verdict: "prescan" },
	{ id: "cr-single-quoted", command: "echo 'a\rb'; rm x", bashRuns: ["rm"], verdict: "prescan" },
	{ id: "crlf-line", command: "ls\r\nrm x", bashRuns: ["ls\r", "rm"], verdict: "prescan" },
	{ id: "cr-quoted-heredoc", command: "cat <<'EOF'\n\r\nEOF\nrm x", bashRuns: ["cat", "rm"], verdict: "prescan" },
	{ id: "soh-hash", command: "ls \x01#; rm x", bashRuns: ["ls", "rm"], verdict: "prescan" },
	{ id: "esc-word", command: "ls \x1b[0m; rm x", bashRuns: ["ls", "rm"], verdict: "prescan" },
	{ id: "del-word", command: "ls \x7f; rm x", bashRuns: ["ls", "rm"], verdict: "prescan" },
	{ id: "nel-hash", command: "ls \u0085#; rm x", bashRuns: ["ls", "rm"], verdict: "prescan" },
	{ id: "tab-blank", command: "ls\t-la; rm x", bashRuns: ["ls", "rm"], verdict: "parsed" },
	{ id: "newline", command: "ls\nrm x", bashRuns: ["ls", "rm"], verdict: "parsed" },
	{ id: "escaped-space-word-start", command: "ls \\ #; rm x", bashRuns: ["ls", "rm"], verdict: "repaired" },
	{ id: "escaped-tab-mid-word", command: "ls a\\\t#; rm x", bashRuns: ["ls", "rm"], verdict: "repaired" },
	{ id: "escaped-space-after-expansion", command: "ls $HOME\\ #; rm x", bashRuns: ["ls", "rm"], verdict: "repaired" },
	{ id: "escaped-space-after-quote", command: "ls 'a'\\ #; rm x", bashRuns: ["ls", "rm"], verdict: "repaired" },
	{
		id: "escaped-space-own-word",
		command: "groups | tr \\  \\\\n; rm x",
		bashRuns: ["groups", "tr", "rm"],
		verdict: "repaired",
	},
	{ id: "escaped-space-before-semicolon", command: "ls a \\ ; rm x", bashRuns: ["ls", "rm"], verdict: "repaired" },
	{ id: "escaped-space-names-command", command: "\\ rm x", bashRuns: [" rm"], verdict: "repaired" },
	{ id: "escaped-space-after-single-quote", command: "ls '\\'\\ #; rm x", bashRuns: ["ls", "rm"], verdict: "repaired" },
	{ id: "escaped-space-after-dollar", command: "ls $\\ #; rm x", bashRuns: ["ls", "rm"], verdict: "repaired" },
	{ id: "escaped-space-in-assignment", command: "x=\\ rm y", bashRuns: ["y"], verdict: "parsed" },
	{
		id: "escaped-space-in-substitution",
		command: "echo $(ls \\ #); rm x",
		bashRuns: ["ls", "rm"],
		verdict: "repaired",
	},
	{ id: "escaped-space-in-backquotes", command: "echo `ls \\ #`; rm x", bashRuns: ["ls", "rm"], verdict: "repaired" },
	{ id: "escaped-space-in-payload", command: "bash -c 'ls \\ #; rm x'", bashRuns: ["bash"], verdict: "repaired" },
	{
		id: "escaped-space-single-quoted",
		command: "sed 's/^>\\ //' f; rm x",
		bashRuns: ["sed", "rm"],
		verdict: "repaired",
	},
	{
		id: "escaped-space-double-quoted",
		command: 'column -s "\\ " f; rm x',
		bashRuns: ["column", "rm"],
		verdict: "repaired",
	},
	{
		id: "escaped-space-heredoc-kept",
		command: "cat <<E\\ #\nx\nE #\nrm x",
		bashRuns: ["cat", "rm"],
		verdict: "parsed",
	},
	{ id: "trailing-backslash-word", command: "ls; rm x \\", bashRuns: ["ls", "rm"], verdict: "parsed" },
	{ id: "trailing-backslash-glued", command: "ls; rm x\\", bashRuns: ["ls", "rm"], verdict: "parsed" },
	{ id: "trailing-backslash-name", command: "ls; \\", bashRuns: ["ls", "\\"], verdict: "parsed" },
	{ id: "trailing-backslash-in-payload", command: "bash -c 'rm x \\'", bashRuns: ["bash"], verdict: "parsed" },
	{ id: "trailing-backslash-wrapper", command: "echo a | xargs \\", bashRuns: ["xargs"], verdict: "tree" },
	// ADR 0038: the grammar ends a word where a substitution or an escape starts; bash reads one word.
	{
		id: "split-before-backquote",
		command: "touch a_`ls`.txt; rm x",
		bashRuns: ["touch", "ls", "rm"],
		verdict: "parsed",
	},
	{ id: "split-before-escape", command: "find . -exec rm {}\\; ; ls", bashRuns: ["find", "ls"], verdict: "parsed" },
	{
		id: "split-before-process-substitution",
		command: "wc -l --files0-from=<(ls); rm x",
		bashRuns: ["wc", "ls", "rm"],
		verdict: "parsed",
	},
	{ id: "split-in-setting", command: "env D=`ls`:0 cat x", bashRuns: ["env", "ls"], verdict: "parsed" },
	// ADR 0038: a `$` before a character that starts no expansion is a literal `$` to bash.
	{ id: "literal-dollar-dot", command: "grep total$. f; rm x", bashRuns: ["grep", "rm"], verdict: "parsed" },
	{
		id: "literal-dollar-backquote",
		command: "wc `grep .php$`; rm x",
		bashRuns: ["wc", "grep", "rm"],
		verdict: "parsed",
	},
	{ id: "literal-dollar-semicolon", command: "echo a$;rm x", bashRuns: ["rm"], verdict: "parsed" },
	{ id: "literal-dollar-paren", command: "echo $(ls a$); rm x", bashRuns: ["ls", "rm"], verdict: "parsed" },
	{ id: "escaped-backslash-then-blank", command: "ls a\\\\ #; rm x", bashRuns: ["ls"], verdict: "parsed" },
	{ id: "escaped-space-mid-word", command: "ls My\\ Documents; rm x", bashRuns: ["ls", "rm"], verdict: "parsed" },
	{ id: "line-start-backslash-continuation", command: "ls\n\\\nrm x", bashRuns: ["ls", "rm"], verdict: "prescan" },
	{ id: "herestring-line-start-backslash", command: "cat <<< w\n\\rm x", bashRuns: ["cat", "rm"], verdict: "prescan" },
	{ id: "comment-line-start-backslash", command: "ls # c\n\\rm x", bashRuns: ["ls", "rm"], verdict: "prescan" },
	{ id: "indented-backslash-name", command: "ls\n  \\rm x", bashRuns: ["ls", "rm"], verdict: "parsed" },
	{ id: "nbsp-word-start", command: "git status \u00a0-rf", bashRuns: ["git"], verdict: "prescan" },
	{ id: "nbsp-mid-word", command: "echo a\u00a0b; rm x", bashRuns: ["rm"], verdict: "parsed" },
	{ id: "em-space-word-start", command: "ls \u2003#; rm x", bashRuns: ["ls", "rm"], verdict: "prescan" },
	{ id: "zwsp-word-start", command: "ls \u200b#; rm x", bashRuns: ["ls", "rm"], verdict: "prescan" },
	{ id: "bom-name", command: "\ufeffls; rm x", bashRuns: ["\ufeffls", "rm"], verdict: "prescan" },
	{ id: "en-space-after-heredoc-quote", command: "rm <<'EOF'\u2008\nx\nEOF\nls", bashRuns: ["rm"], verdict: "prescan" },
	{ id: "nbsp-after-test-keyword", command: "[[\u00a0-n a ]]", bashRuns: ["[[\u00a0-n"], verdict: "prescan" },
	{ id: "nbsp-after-assignment-quote", command: "C='a b'\u00a0 env rm", bashRuns: ["env"], verdict: "prescan" },
	{ id: "nbsp-after-quoted-word-char", command: 'echo "a"b\u00a0c; rm x', bashRuns: ["rm"], verdict: "parsed" },
	{ id: "ideographic-assignment", command: "x=\u3000 rm y", bashRuns: ["rm"], verdict: "prescan" },
	{ id: "ideographic-after-expansion", command: "x=$y\u3000 rm y", bashRuns: ["rm"], verdict: "prescan" },
	{ id: "line-separator-assignment", command: "x=\u2028 rm y", bashRuns: ["rm"], verdict: "prescan" },
	{ id: "ideographic-quoted-text", command: 'git commit -m "修正\u3000テスト"', bashRuns: ["git"], verdict: "parsed" },
	{ id: "emoji-quoted", command: 'echo "🙂 done"; ls', bashRuns: ["ls"], verdict: "parsed" },
	{ id: "utf8-word", command: "cat 日本.txt", bashRuns: ["cat"], verdict: "parsed" },
	{ id: "locale-string-in-option", command: 'rm -rf$"x"', bashRuns: ["rm"], verdict: "prescan" },
	{ id: "locale-string", command: 'echo $"hello"; ls', bashRuns: ["ls"], verdict: "parsed" },
	{ id: "dollar-before-quote", command: 'grep "foo$" notes.txt', bashRuns: ["grep"], verdict: "parsed" },
	{ id: "option-word-continued", command: "rm a -n\\\n 2>&1", bashRuns: ["rm"], verdict: "prescan" },
	{ id: "continued-operand", command: "cat notes.txt \\\n  -n", bashRuns: ["cat"], verdict: "parsed" },
	{
		id: "heredoc-in-substitution-then-list",
		command: "cat <(cat <<'EOF'\nx\nEOF\nls; rm x)",
		bashRuns: ["cat", "ls"],
		verdict: "tree",
	},
	{
		id: "heredoc-commit-message",
		command: "git commit -m \"$(cat <<'EOF'\nfix: x\nEOF\n)\"",
		bashRuns: ["git", "cat"],
		verdict: "parsed",
	},
	{
		id: "ideographic-after-heredoc-delimiter",
		command: "sh <<EOF\u3000\nrm x\nEOF\nls",
		bashRuns: ["sh"],
		verdict: "prescan",
	},
	{ id: "merged-backquotes", command: "echo `ls``rm x`", bashRuns: ["ls", "rm"], verdict: "tree" },
	{ id: "backquotes-on-two-lines", command: "echo `ls`\necho `rm x`", bashRuns: ["ls", "rm"], verdict: "parsed" },
	{ id: "ansi-c-cr-escape", command: "echo $'\\r'#; rm x", bashRuns: ["rm"], verdict: "parsed" },
];

/** Ordinary commands the pre-scan must leave alone. */
const ORDINARY = [
	"ls -la",
	"cat notes.txt",
	"git status",
	'for f in src/*.ts; do wc -l "$f"; done',
	"echo $((1+2))",
	"cd src && cat a.ts",
	"N=3; echo $N",
	"cd My\\ Documents && ls",
	"printf 'a\\tb\\n'",
	"echo 'tab\there'",
	'git commit -m "fix: handle ü, ß and 日本語 🙂"',
	"grep -rn 'TODO' src | head -n 20",
	"cat > f.md <<'EOF'\n```bash\nls `pwd`\n```\nEOF",
	"npm test -- --reporter=dot",
];

describe("lexicalMismatch", () => {
	it("has at least 30 rows with unique ids", () => {
		expect(ROWS.length).toBeGreaterThanOrEqual(30);
		expect(new Set(ROWS.map((row) => row.id)).size).toBe(ROWS.length);
	});

	it.each(ROWS)("$id: the gate agrees with bash or asks ($verdict)", (row) => {
		const program = parseProgram(row.command);
		expect(lexicalMismatch(row.command) !== null, "the text test").toBe(
			row.verdict === "prescan" || row.verdict === "repaired",
		);
		if (row.verdict === "repaired") expect(lexicalMismatch(escapedBlanksAsWordCharacters(row.command))).toBeNull();
		if (row.verdict === "parsed" || row.verdict === "repaired") {
			expect(program.unparseable).toBeNull();
			const names = program.units.map((unit) => unit.commandName);
			for (const name of row.bashRuns) expect(names).toContain(name);
		} else expect(program.unparseable?.reason).toMatch(/bash|tree-sitter-bash/);
	});

	it.each(ORDINARY)("leaves an ordinary command alone: %s", (command) => {
		expect(lexicalMismatch(command)).toBeNull();
		expect(parseProgram(command).unparseable).toBeNull();
	});

	it("names the character and its offset", () => {
		expect(lexicalMismatch("ls \r#; rm x")).toMatch(/carriage return at offset 3/);
		expect(lexicalMismatch("ls \v#")).toMatch(/vertical tab/);
		expect(lexicalMismatch("x=\u3000 rm")).toMatch(/U\+3000/);
	});

	it("tests backquoted substitutions only when three backquotes or more are present", () => {
		expect(mayMergeBackquotes("echo `ls`")).toBe(false);
		expect(mayMergeBackquotes("echo `ls``rm x`")).toBe(true);
		expect(mergedBackquotes(["`ls``rm x`"])).not.toBeNull();
		expect(mergedBackquotes(["`echo \\`ls\\``", "$(ls)"])).toBeNull();
	});
});

describe("the rows' bash facts, under real bash with logging stubs", () => {
	let sandbox: BashSandbox;
	let runs: CommandRun[];
	beforeAll(async () => {
		sandbox = BashSandbox.create();
		runs = await sandbox.run(ROWS.map((row) => row.command));
	}, 120_000);
	afterAll(() => sandbox?.remove());

	it.each(ROWS.map((row, i) => [row.id, row, i] as const))("%s runs what the row says", (_id, row, i) => {
		const started = new Set((runs[i] as CommandRun).programs.map((program) => program.name));
		expect([...started].sort()).toEqual([...new Set(row.bashRuns)].sort());
	});

	it("reports every program bash started, with its words, for every row the gate reads (ADR 0038)", () => {
		const report = judge(runs, gateExtractor);
		expect(report.disagreements).toEqual([]);
	});
});
