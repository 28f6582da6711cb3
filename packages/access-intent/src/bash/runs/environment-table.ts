/**
 * Owns: finding the row of an environment variable across the tables (ADR 0051): the shared code-running and
 * relocating rows, each program's documented rows (`program-environment-table.ts`) and the known-inert rows. An exact
 * name wins over a pattern; among patterns the one with the most literal text (`CARGO_TERM_*` over `CARGO_*`), then
 * a row that is not inert.
 * Never: spells a name the way a program reads it (`environment-names.ts` does first) or decides.
 */
import { CODE_RUNNING_ENVIRONMENT } from "./code-running-environment-table";
import { type EnvironmentRow, type InertRow, namePattern } from "./environment-row";
import { INERT_ENVIRONMENT } from "./inert-environment-table";
import { PROGRAM_ENVIRONMENT } from "./program-environment-table";
import { RELOCATING_ENVIRONMENT } from "./relocating-environment-table";

/** A variable's row: what a program does with it, or that it is inert. */
type FoundRow =
	| { readonly kind: "effect"; readonly row: EnvironmentRow }
	| { readonly kind: "inert"; readonly row: InertRow };

interface PatternRow {
	readonly test: RegExp;
	readonly literal: number;
	readonly found: FoundRow;
}

const EXACT = new Map<string, FoundRow>();
const PATTERNS: PatternRow[] = [];

function add(found: FoundRow): void {
	const pattern = namePattern(found.row.name);
	if (pattern === null) {
		// The shared rows come first, so a name several programs document reads the shared note.
		if (!EXACT.has(found.row.name)) EXACT.set(found.row.name, found);
	} else PATTERNS.push({ ...pattern, found });
}

for (const row of CODE_RUNNING_ENVIRONMENT) add({ kind: "effect", row });
for (const row of RELOCATING_ENVIRONMENT) add({ kind: "effect", row });
for (const rows of PROGRAM_ENVIRONMENT.values()) for (const row of rows) add({ kind: "effect", row });
for (const row of INERT_ENVIRONMENT) add({ kind: "inert", row });
// Most literal text first; a row that is not inert before an inert one of the same length (stable sort keeps order).
PATTERNS.sort((a, b) => b.literal - a.literal);

/** The row for a variable name (as the program reads it), or `null` when no table knows it. */
export function environmentRow(name: string): FoundRow | null {
	const exact = EXACT.get(name);
	if (exact !== undefined) return exact;
	for (const pattern of PATTERNS) if (pattern.test.test(name)) return pattern.found;
	return null;
}
