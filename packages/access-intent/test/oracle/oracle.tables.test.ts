import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDINARY, REEVALUATED } from "../bash/state/arithmetic-reevaluation.cases";
import { BashSandbox, type CommandRun } from "./bash-sandbox";
import { type OracleInput, redteamInputs, tableInputs } from "./oracle-inputs";
import { describe as account, environmentExtractor, gateExtractor, judge, unreported } from "./oracle-judge";

/**
 * Disagreements outside the lexical class, owned by other issues: each is asserted to STILL be a disagreement, so
 * the fix that closes one fails this test until its row is removed here. Add a row only with its issue number and
 * what bash did; never for a lexical disagreement (those are fixed in `lexical-prescan.ts`).
 */
const KNOWN_GAPS: ReadonlyMap<string, { readonly issue: number; readonly ran: string }> = new Map([
	// A payload wrapper whose words bash joins before evaluating (ADR 0026); the generator gives payloads no words.
	["eval-joined-words", { issue: 13, ran: "`[ab]`, from `eval 'rm z' \\;[ab]` evaluating `rm z ;[ab]`" }],
]);

/** Rows of the gaps that are not red-team rows. */
const GAP_ROWS: readonly OracleInput[] = [{ id: "gaps/eval-joined-words", command: "eval 'rm z' \\;[ab]" }];

/**
 * ADR 0039: words a known environment resolves, in the positions where a computed word made a wrapper opaque or a
 * file unknown; judged with the sandbox's own environment (`HOME`, `LANG`, `PATH` set, anything else unset).
 */
const ENVIRONMENT_ROWS: readonly OracleInput[] = [
	"sort -o $UNSET_OUT notes",
	"sort $LANG",
	'split -a 5 "$UNSET_FILE"',
	"split --lines $UNSET_LINES notes",
	"tar cf - $HOME",
	'tar xf "$UNSET_ARCHIVE"',
	"sort ${1:-notes}",
	'sort "$1" notes',
	"find $UNSET_DIR -name x -exec ls {} +",
	"sort $HOME/x; ls",
	"f=--compress-program=rm; sort $f x",
	"read -r f <<< --compress-program=rm; sort $f x",
	"sort $UNSET_A$UNSET_B x",
	"command_not_found_handle x",
	'eval "$UNSET_CODE"; sort $UNSET_X x',
].map((command, index) => ({ id: `environment/${index}`, command }));

const ENVIRONMENT_FUNCTION_ROW = `environment/${ENVIRONMENT_ROWS.findIndex((row) => row.command.startsWith("command_not_found_handle"))}`;

/**
 * The arithmetic floor's rows (ADR 0025), judged apart: nearly all of them are floored on purpose, so in the main
 * inputs they would only thin the share of rows the oracle reads.
 */
const ARITHMETIC_ROWS: readonly OracleInput[] = [...REEVALUATED, ...ORDINARY].map((row) => ({
	id: `arithmetic/${row.id}`,
	command: row.command,
}));

let sandbox: BashSandbox;
const byId = new Map<string, CommandRun>();
const inputs: OracleInput[] = [...tableInputs(), ...redteamInputs(), ...GAP_ROWS];

beforeAll(async () => {
	// Throws (the suite fails, never skips) when bubblewrap or user namespaces are unavailable.
	sandbox = BashSandbox.create();
	const all = [...inputs, ...ENVIRONMENT_ROWS, ...ARITHMETIC_ROWS];
	const runs = await sandbox.run(all.map((input) => input.command));
	for (const [i, run] of runs.entries()) byId.set((all[i] as OracleInput).id, run);
}, 600_000);

afterAll(() => sandbox?.remove());

const gapOf = (id: string) => KNOWN_GAPS.get(id.slice(id.indexOf("/") + 1));

describe("the differential oracle over every evasion table and the red-team corpus", () => {
	it("runs every row, and no program bash started goes unreported", () => {
		const runs = inputs
			.filter((input) => gapOf(input.id) === undefined)
			.map((input) => byId.get(input.id) as CommandRun);
		const report = judge(runs, gateExtractor);
		expect(inputs.length).toBeGreaterThan(500);
		expect(report.disagreements, account(report, 20)).toEqual([]);
		// Most rows are read: an oracle that only sees "unparseable" proves nothing. Round 4 floored more rows on purpose
		// (bash's invocation options, package runners' commands, code written then read by name, sqlite3's file
		// functions: 0.698 of the rows read where 0.7 was the floor), so the floor is two thirds.
		expect(report.known / report.total).toBeGreaterThan(0.66);
	});

	it("reads every row under the sandbox's known environment, and no program bash started goes unreported", () => {
		const runs = [...inputs, ...ENVIRONMENT_ROWS]
			.filter((input) => gapOf(input.id) === undefined)
			.map((input) => byId.get(input.id) as CommandRun);
		const report = judge(runs, environmentExtractor);
		expect(report.disagreements, account(report, 20)).toEqual([]);
		expect(report.known / report.total).toBeGreaterThan(0.66);
		// The rows resolve: a wrapper whose computed words a known environment settles is no longer opaque.
		const environmentRuns = ENVIRONMENT_ROWS.map((input) => byId.get(input.id) as CommandRun);
		expect(judge(environmentRuns, environmentExtractor).known).toBeGreaterThan(
			judge(environmentRuns, gateExtractor).known,
		);
	});

	it("a function the environment exports (BASH_FUNC_…%%) runs unseen under the unknown environment only", () => {
		// SECURITY: the sandbox exports `command_not_found_handle`; under a known environment the call is floored.
		const run = byId.get(ENVIRONMENT_FUNCTION_ROW) as CommandRun;
		expect(unreported(run, gateExtractor(run.command)).length).toBeGreaterThan(0);
		expect(environmentExtractor(run.command).status).toBe("unparseable");
	});

	it("runs the arithmetic floor's rows, and no program bash started goes unreported", () => {
		const report = judge(
			ARITHMETIC_ROWS.map((input) => byId.get(input.id) as CommandRun),
			gateExtractor,
		);
		expect(report.disagreements, account(report, 20)).toEqual([]);
	});

	it("an arithmetic row whose ANSI-C string hides its markers runs `rm` in bash, so its floor is needed", () => {
		// The payload rows run theirs in an inner bash, which is a stub here; this one runs it in the sandbox's own.
		const run = byId.get("arithmetic/AR-ansi-c-read-target") as CommandRun;
		expect(run.programs.map((program) => program.name)).toContain("rm");
		expect(gateExtractor(run.command).status).toBe("unparseable");
	});

	it.each([...KNOWN_GAPS.keys()])("known gap %s is still a gap (remove the row when it is fixed)", (id) => {
		const matches = inputs.filter((input) => input.id.endsWith(`/${id}`));
		expect(matches.length, `${id} is one row`).toBe(1);
		const run = byId.get((matches[0] as OracleInput).id) as CommandRun;
		expect(unreported(run, gateExtractor(run.command)).length, `${id} now passes the oracle`).toBeGreaterThan(0);
	});
});
