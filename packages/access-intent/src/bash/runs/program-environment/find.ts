/**
 * Owns: find's documented environment variables that name a file, a command or a configuration, classified (GNU
 * findutils 4.9, `man find`, section ENVIRONMENT VARIABLES): `LANG` and `LC_*` are inert rows, `PATH` (which
 * program `-exec` runs) is a row of `relocating-environment-table.ts`.
 * Never: decides; `environment-effects.ts` reads these rows.
 */
import { documentedIn, type EnvironmentRow } from "../environment-row";

const FIND = documentedIn("find(1) ENVIRONMENT VARIABLES");

export const FIND_ENVIRONMENT: readonly EnvironmentRow[] = [
	FIND("NLSPATH", "relocates", "programs read their message catalogues (printf formats) from here"),
	FIND(
		"POSIXLY_CORRECT",
		"configures",
		"GNU programs read their arguments the POSIX way and change their defaults (find: `-ok` answers, block size)",
	),
];
