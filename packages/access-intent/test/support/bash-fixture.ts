/**
 * Owns: the shared test fixture for bash parsing: the real parser (loaded once), a normalizer over a probe that
 * reports nothing as existing, and compact views of units for table assertions.
 * Never: fakes the parser; every bash test runs real tree-sitter.
 */
import { POSIX_FLAVOR } from "@pi-permissions/policy";
import { BashProgram } from "../../src/bash/bash-program";
import { BashParser } from "../../src/bash/reading/bash-parser";
import type { CommandUnit } from "../../src/bash/reading/command-unit";
import type { ParseLimits } from "../../src/bash/reading/parse-budget";
import type { FileSystemProbe } from "../../src/path/file-system-probe";
import { PathNormalizer } from "../../src/path/path-normalizer";

/** A probe for which nothing exists: bare tokens are never promoted, paths stay lexical. */
export const EMPTY_PROBE: FileSystemProbe = { realpath: () => null, lstat: () => null, readdir: () => null };

export const TEST_NORMALIZER = PathNormalizer.create({
	cwd: "/projects/app",
	home: "/home/u",
	flavor: POSIX_FLAVOR,
	probe: EMPTY_PROBE,
});

export const parser = await BashParser.load();

export function parseProgram(command: string, limits?: ParseLimits): BashProgram {
	return BashProgram.parse(
		command,
		limits === undefined ? { parser, normalizer: TEST_NORMALIZER } : { parser, normalizer: TEST_NORMALIZER, limits },
	);
}

/** The corpus view of a unit: `text`, plus `context`, `wrapperKind`, `executedUnit` only when set. */
export interface UnitView {
	readonly text: string;
	readonly context?: CommandUnit["context"];
	readonly wrapperKind?: CommandUnit["wrapperKind"];
	readonly executedUnit?: string;
}

export function viewOf(unit: CommandUnit): UnitView {
	return {
		text: unit.text,
		...(unit.context === null ? {} : { context: unit.context }),
		...(unit.wrapperKind === null ? {} : { wrapperKind: unit.wrapperKind }),
		...(unit.executedUnit === null ? {} : { executedUnit: unit.executedUnit }),
	};
}

export function unitViews(command: string): readonly UnitView[] {
	return parseProgram(command).units.map(viewOf);
}
