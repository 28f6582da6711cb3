/**
 * Owns: the fixed inputs of the differential oracle: every evasion and unit table the repo has (imported, not
 * copied) and every bash row of the red-team corpus with its placeholders mapped into the sandbox.
 * Never: holds rows of its own; a new table is added here by importing it.
 */
import { readFileSync } from "node:fs";
import {
	ALLOWED_COMPOSITIONS as ENGINE_COMPOSITIONS,
	EVASION_ROWS as ENGINE_EVASION_ROWS,
} from "../../../engine/test/bash/bash-evasion.cases";
import { BASH_UNITS_ROWS, BASH_WRAPPER_ROWS, COMPOUND_ROWS, METAMORPHIC_ROWS } from "../bash/bash-units.cases";
import { EVASION_ROWS } from "../bash/evasion.cases";
import { SANDBOX_HOME, SANDBOX_PROJECT } from "./bash-sandbox";

export interface OracleInput {
	readonly id: string;
	readonly command: string;
}

interface RedteamFile {
	readonly groups: readonly {
		readonly name: string;
		readonly cases: readonly { readonly id: string; readonly tool: string; readonly input: { command?: string } }[];
	}[];
}

const REDTEAM_FILE = new URL("../../../../apps/cli/test/redteam/redteam.cases.json", import.meta.url);

/** `@PROJ@` is the project directory, `@ROOT@` its parent (HOME is `@ROOT@/home` in the corpus, the sandbox home here). */
export function redteamInputs(): OracleInput[] {
	const file = JSON.parse(readFileSync(REDTEAM_FILE, "utf8")) as RedteamFile;
	return file.groups.flatMap((group) =>
		group.cases
			.filter((row) => row.tool === "bash" && typeof row.input.command === "string")
			.map((row) => ({
				id: `${group.name}/${row.id}`,
				command: (row.input.command as string)
					.replaceAll("@PROJ@", SANDBOX_PROJECT)
					.replaceAll("@ROOT@/home", SANDBOX_HOME)
					.replaceAll("@ROOT@", "/home"),
			})),
	);
}

export function tableInputs(): OracleInput[] {
	return [
		...EVASION_ROWS.map((row) => ({ id: row.id, command: row.command })),
		...ENGINE_EVASION_ROWS.map((row) => ({ id: row.id, command: row.command })),
		...ENGINE_COMPOSITIONS.map((row) => ({ id: row.id, command: row.command })),
		...[...BASH_UNITS_ROWS, ...BASH_WRAPPER_ROWS, ...COMPOUND_ROWS].map((row) => ({
			id: row.id,
			command: row.command,
		})),
		...METAMORPHIC_ROWS.flatMap((row) => [
			{ id: `${row.id}-bare`, command: row.bare },
			{ id: `${row.id}-hosted`, command: row.host.replace("CMD", row.bare) },
		]),
	];
}
