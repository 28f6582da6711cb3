import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVASION_ROWS } from "../bash/evasion.cases";
import { BashSandbox, type CommandRun } from "./bash-sandbox";
import { blindedExtractor, gateExtractor, judge, rawTreeSitterExtractor } from "./oracle-judge";

/** The oracle's teeth: it must catch an extractor that misses units, and the `\r#` reading from before ADR 0020. */
const CR_HASH = "ls \r#; rm -rf somedir";

let sandbox: BashSandbox;
let tableRuns: CommandRun[];
let crRuns: CommandRun[];

beforeAll(async () => {
	sandbox = BashSandbox.create();
	tableRuns = await sandbox.run(EVASION_ROWS.map((row) => row.command));
	crRuns = await sandbox.run([CR_HASH, "ls \v#; rm -rf somedir", "ls \\ #; rm -rf somedir"]);
}, 600_000);

afterAll(() => sandbox?.remove());

describe("the differential oracle's self-tests", () => {
	it("reports a blinded extractor that drops the last unit", () => {
		const report = judge(tableRuns, blindedExtractor);
		expect(report.disagreements.length).toBeGreaterThan(30);
		expect(report.disagreements.map((d) => d.command)).toContain("ls && rm -rf /");
	});

	it("flags `ls \\r#; rm -rf somedir` under the raw tree-sitter reading (the old behaviour)", () => {
		const report = judge(crRuns, rawTreeSitterExtractor);
		const flagged = report.disagreements.filter((d) => d.program.name === "rm").map((d) => d.command);
		expect(flagged).toEqual([CR_HASH, "ls \v#; rm -rf somedir", "ls \\ #; rm -rf somedir"]);
	});

	it("passes the real BashProgram on the same commands: it asks about `\\r#` and `\\v#`, and reads `\\ #` as bash does", () => {
		const report = judge(crRuns, gateExtractor);
		expect(report.disagreements).toEqual([]);
		// ADR 0038: an escaped blank is a word character, so `ls \\ #; rm -rf somedir` is read whole (`ls`, then `rm`).
		expect(report.unparseable).toBe(2);
	});

	it("saw bash really run `rm` for the `\\r#` command", () => {
		expect((crRuns[0] as CommandRun).programs.map((program) => [program.name, ...program.argv])).toEqual([
			["ls", "\r#"],
			["rm", "-rf", "somedir"],
		]);
	});

	it("reaches stubs only, also by absolute path, and logs names with no stub", async () => {
		const [absolute, unknown] = await sandbox.run(["/bin/rm a; /usr/bin/rm b; /usr/local/bin/rm c", "zzq 1"]);
		expect(absolute?.programs.map((program) => [program.name, ...program.argv])).toEqual([
			["rm", "a"],
			["rm", "b"],
			["rm", "c"],
		]);
		expect(unknown?.programs).toEqual([{ name: "zzq", argv: ["1"], via: "not-found" }]);
	});
});
