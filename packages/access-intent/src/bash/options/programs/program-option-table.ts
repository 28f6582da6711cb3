/**
 * Owns: which programs have an option table (`ProgramTable`), by command name: the programs the shared allowlists
 * name (git, npm, pnpm, yarn, npx, node, python3, rg, grep, find, tar, sed, awk, sort, make, cargo, go, pip, curl,
 * ssh, less, man) and their installed spellings (`gtar`, `gawk`, `pip3`, `python3.11`).
 * Never: reads words; each program's module owns its grammar.
 */
import { AWK_TABLE } from "./awk";
import { CARGO_TABLE } from "./cargo";
import { CURL_TABLE } from "./curl";
import { FIND_TABLE } from "./find";
import { GIT_TABLE } from "./git";
import { GO_TABLE } from "./go";
import { GREP_TABLE } from "./grep";
import { LESS_TABLE } from "./less";
import { MAKE_TABLE } from "./make";
import { MAN_TABLE } from "./man";
import { NODE_TABLE } from "./node";
import { NPM_TABLE, NPX_TABLE } from "./npm";
import { PIP_TABLE } from "./pip";
import { PNPM_TABLE, YARN_TABLE } from "./pnpm";
import type { ProgramTable } from "./program-options";
import { PYTHON_TABLE } from "./python";
import { RG_TABLE } from "./rg";
import { SED_TABLE } from "./sed";
import { SORT_TABLE } from "./sort";
import { SSH_TABLE } from "./ssh";
import { TAR_TABLE } from "./tar";

export const PROGRAM_OPTION_TABLES: ReadonlyMap<string, ProgramTable> = new Map<string, ProgramTable>([
	["git", GIT_TABLE],
	["npm", NPM_TABLE],
	["npx", NPX_TABLE],
	["pnpm", PNPM_TABLE],
	["yarn", YARN_TABLE],
	["node", NODE_TABLE],
	["nodejs", NODE_TABLE],
	["python", PYTHON_TABLE],
	["python3", PYTHON_TABLE],
	["rg", RG_TABLE],
	["grep", GREP_TABLE],
	["egrep", GREP_TABLE],
	["fgrep", GREP_TABLE],
	["find", FIND_TABLE],
	["tar", TAR_TABLE],
	["gtar", TAR_TABLE],
	["gnutar", TAR_TABLE],
	["sed", SED_TABLE],
	["gsed", SED_TABLE],
	["awk", AWK_TABLE],
	["gawk", AWK_TABLE],
	["mawk", AWK_TABLE],
	["nawk", AWK_TABLE],
	["sort", SORT_TABLE],
	["make", MAKE_TABLE],
	["gmake", MAKE_TABLE],
	["cargo", CARGO_TABLE],
	["go", GO_TABLE],
	["pip", PIP_TABLE],
	["pip3", PIP_TABLE],
	["curl", CURL_TABLE],
	["ssh", SSH_TABLE],
	["less", LESS_TABLE],
	["man", MAN_TABLE],
]);

/** `python3.11`, `pip3.11`: installed spellings of a versioned program. */
const VERSIONED = /^(python|pip)[0-9.]+$/;

/** The table of `commandName`, or `null` for a program without one. */
export function programTable(commandName: string): ProgramTable | null {
	const table = PROGRAM_OPTION_TABLES.get(commandName);
	if (table !== undefined) return table;
	const versioned = VERSIONED.exec(commandName);
	return versioned === null ? null : (PROGRAM_OPTION_TABLES.get(versioned[1] as string) ?? null);
}
