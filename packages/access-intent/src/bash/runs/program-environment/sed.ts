/**
 * Owns: sed's documented environment variables that name a file, a command or a configuration, classified (GNU sed
 * 4.9: `man sed` has no ENVIRONMENT section; the GNU sed manual, "Reporting Bugs" and `--posix`, names
 * `POSIXLY_CORRECT` and `COLS`, and `LANG`/`LC_*`, which are inert rows). sed reads no file, command or
 * configuration from its environment, so its only row is the one that changes how it reads its arguments.
 * Never: decides; `environment-effects.ts` reads these rows.
 */
import { documentedIn, type EnvironmentRow } from "../environment-row";

export const SED_ENVIRONMENT: readonly EnvironmentRow[] = [
	documentedIn("GNU sed manual, Overview (--posix) and Reporting Bugs")(
		"POSIXLY_CORRECT",
		"configures",
		"GNU programs read their arguments the POSIX way and change their defaults (find: `-ok` answers, block size)",
	),
];
