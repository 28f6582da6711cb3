/**
 * Owns: the oracle's verdict: for a command the gate claims to know, every program bash started must be among the
 * reported units' normalised names, with the same argv where the unit's words are all literal; and the extractors it
 * judges (the real `BashProgram`, a blinded one, and the raw tree-sitter reading from before the lexical pre-scan).
 * Never: runs bash (that is `bash-sandbox.ts`); reads a unit's text to guess what it runs.
 */
import { mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { POSIX_FLAVOR } from "@pi-permissions/policy";
import type { Node } from "web-tree-sitter";
import { BashProgram } from "../../src/bash/bash-program";
import { BashParser } from "../../src/bash/reading/bash-parser";
import type { CommandUnit } from "../../src/bash/reading/command-unit";
import type { ShellWord } from "../../src/bash/reading/shell-word";
import { shellEnvironmentOf } from "../../src/bash/state/shell-environment";
import { createNodeFileSystemProbe } from "../../src/path/file-system-probe";
import { PathNormalizer } from "../../src/path/path-normalizer";
import { type CommandRun, type ProgramStart, sandboxEnvironment } from "./bash-sandbox";

/** A unit as the oracle sees it: its normalised name, and its argument words when every word is one literal value. */
export interface ReportedUnit {
	readonly name: string | null;
	readonly argv: readonly string[] | null;
}

/**
 * `known`: parseable with no floored unit, so nothing unreported may run. `unparseable` and `floored` are asked of
 * a human, so anything may run; they are counted, not judged.
 */
export interface GateReading {
	readonly status: "known" | "unparseable" | "floored";
	readonly units: readonly ReportedUnit[];
}

export type Extractor = (command: string) => GateReading;

export interface Disagreement {
	readonly command: string;
	readonly program: ProgramStart;
	readonly units: readonly ReportedUnit[];
}

export interface OracleReport {
	readonly total: number;
	readonly known: number;
	readonly unparseable: number;
	readonly floored: number;
	readonly timedOut: number;
	readonly disagreements: readonly Disagreement[];
}

const parser = await BashParser.load();
const cwd = realpathSync(mkdtempSync(join(tmpdir(), "pi-permissions-oracle-cwd-")));
const normalizer = PathNormalizer.create({
	cwd,
	home: join(cwd, "home"),
	flavor: POSIX_FLAVOR,
	probe: createNodeFileSystemProbe(),
});

/** One value bash passes for the word, or `null` when expansion, globbing, braces or a tilde may change it. */
function literalArgument(word: ShellWord): string | null {
	if (word.raw.includes("~")) return null;
	let text = "";
	for (const part of word.parts) {
		if (part.kind !== "literal" || part.globActive) return null;
		text += part.text;
	}
	return text;
}

/** A unit the engine floors to ask: a name that is not a literal word, a payload or executed command not read. */
export function isFloored(unit: CommandUnit): boolean {
	if (unit.nameWord !== null && unit.commandName === null) return true;
	return unit.wrapperKind !== null && unit.executedUnit === null;
}

export function reportedUnit(unit: CommandUnit): ReportedUnit {
	const argv: string[] = [];
	for (const word of unit.args) {
		const text = literalArgument(word);
		if (text === null) return { name: unit.commandName, argv: null };
		argv.push(text);
	}
	const nameLiteral = unit.nameWord === null ? null : literalArgument(unit.nameWord);
	return { name: unit.commandName, argv: nameLiteral === null ? null : argv };
}

export function readingOf(program: BashProgram): GateReading {
	if (program.unparseable !== null) return { status: "unparseable", units: [] };
	const units = program.units.map(reportedUnit);
	return { status: program.units.some(isFloored) ? "floored" : "known", units };
}

/** The gate's reading of `command`: `BashProgram.parse` with real tree-sitter and a real normalizer. */
export const parseForOracle = (command: string): BashProgram => BashProgram.parse(command, { parser, normalizer });

/** The gate as shipped: `BashProgram.parse` with real tree-sitter and a real normalizer. */
export const gateExtractor: Extractor = (command) => readingOf(parseForOracle(command));

/**
 * The gate reading words under the sandbox's own environment (ADR 0039), as Pi's adapter supplies its process
 * environment: `__ORACLE_ID` changes per command, so its value is set but unknown.
 */
export const environmentExtractor: Extractor = (command) =>
	readingOf(
		BashProgram.parse(command, {
			parser,
			normalizer,
			shellEnvironment: shellEnvironmentOf(sandboxEnvironment(), ["__ORACLE_ID"]),
		}),
	);

/** Teeth: the gate with its last unit dropped. The oracle must report it. */
export const blindedExtractor: Extractor = (command) => {
	const reading = gateExtractor(command);
	return { ...reading, units: reading.units.slice(0, -1) };
};

/** Teeth: the command names of a plain tree-sitter parse, as the gate read text before the lexical pre-scan. */
export const rawTreeSitterExtractor: Extractor = (command) => {
	const tree = parser.parse(command);
	if (tree === null) return { status: "unparseable", units: [] };
	try {
		if (tree.rootNode.hasError) return { status: "unparseable", units: [] };
		const units = tree.rootNode
			.descendantsOfType("command_name")
			.filter((node): node is Node => node !== null)
			.map((node) => ({ name: node.text.replace(/["'\\]/g, "").replace(/^.*\//, ""), argv: null }));
		return { status: "known", units };
	} finally {
		tree.delete();
	}
};

function sameArgv(left: readonly string[], right: readonly string[]): boolean {
	return left.length === right.length && left.every((value, i) => value === right[i]);
}

/** The programs of one run that no reported unit accounts for; empty when the reading is not `known`. */
export function unreported(run: CommandRun, reading: GateReading): Disagreement[] {
	if (reading.status !== "known") return [];
	return run.programs
		.filter(
			(program) =>
				!reading.units.some(
					(unit) => unit.name === program.name && (unit.argv === null || sameArgv(unit.argv, program.argv)),
				),
		)
		.map((program) => ({ command: run.command, program, units: reading.units }));
}

export function judge(runs: readonly CommandRun[], extractor: Extractor): OracleReport {
	const counts = { known: 0, unparseable: 0, floored: 0, timedOut: 0 };
	const disagreements: Disagreement[] = [];
	for (const run of runs) {
		const reading = extractor(run.command);
		counts[reading.status]++;
		if (run.timedOut) counts.timedOut++;
		disagreements.push(...unreported(run, reading));
	}
	return { total: runs.length, ...counts, disagreements };
}

/** A readable account of the first disagreements, for a failure message. */
export function describe(report: OracleReport, limit = 10): string {
	return report.disagreements
		.slice(0, limit)
		.map(
			(d) =>
				`${JSON.stringify(d.command)}: bash ran ${JSON.stringify([d.program.name, ...d.program.argv])} (${d.program.via}); ` +
				`gate reported ${JSON.stringify(d.units.map((unit) => (unit.argv === null ? unit.name : [unit.name, ...unit.argv])))}`,
		)
		.join("\n");
}
