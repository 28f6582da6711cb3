/**
 * Owns: which programs have a known spelling (`programs/<program>.ts`), by the command name a unit is matched by.
 * Never: holds a grammar; each program's module does, and a program missing here is matched only as written.
 * To add a program: write `programs/<program>.ts` from its documentation, add its row here, and add its spellings to
 * `test/bash/options/canonical-spelling.cases.ts`, each group run against the real program where it is installed.
 */
import type { ProgramSpelling } from "./program-spelling";
import { CHGRP } from "./programs/chgrp";
import { CHMOD } from "./programs/chmod";
import { CHOWN } from "./programs/chown";
import { CP } from "./programs/cp";
import { GIT } from "./programs/git";
import { GREP } from "./programs/grep";
import { HEAD } from "./programs/head";
import { LN } from "./programs/ln";
import { MKDIR } from "./programs/mkdir";
import { MV } from "./programs/mv";
import { RM } from "./programs/rm";
import { RMDIR } from "./programs/rmdir";
import { SED } from "./programs/sed";
import { TAIL } from "./programs/tail";
import { TOUCH } from "./programs/touch";

const PROGRAM_SPELLINGS: ReadonlyMap<string, ProgramSpelling> = new Map([
	["chgrp", CHGRP],
	["chmod", CHMOD],
	["chown", CHOWN],
	["cp", CP],
	["git", GIT],
	["grep", GREP],
	["head", HEAD],
	["ln", LN],
	["mkdir", MKDIR],
	["mv", MV],
	["rm", RM],
	["rmdir", RMDIR],
	["sed", SED],
	["tail", TAIL],
	["touch", TOUCH],
]);

/** The spelling of `program` (a normalised command name), or `null` when none is known. */
export function programSpellingOf(program: string): ProgramSpelling | null {
	return PROGRAM_SPELLINGS.get(program) ?? null;
}
