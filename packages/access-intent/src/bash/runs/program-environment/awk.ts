/**
 * Owns: awk's documented environment variables that name a file, a command or a configuration, classified: mawk 1.3
 * (`man mawk`, ENVIRONMENT VARIABLES: `MAWKBINMODE`, `MAWK_LONG_OPTIONS`, `WHINY_USERS`, all inert rows) and gawk 5
 * (the GNU awk manual, "Environment Variables Used by gawk"; gawk is not installed here, its page was not read, the
 * rows follow the manual), whose library paths hold code.
 * Never: decides; `environment-effects.ts` reads these rows.
 */
import { documentedIn, type EnvironmentRow } from "../environment-row";

const GAWK = documentedIn("GNU awk manual 2.5 Environment Variables Used by gawk");

export const AWK_ENVIRONMENT: readonly EnvironmentRow[] = [
	GAWK("AWKPATH", "relocates", "gawk looks for `-f` and `@include` programs (code) in these directories"),
	GAWK("AWKLIBPATH", "relocates", "gawk loads extensions (`-l`, `@load`, code) from these directories"),
	GAWK(
		"POSIXLY_CORRECT",
		"configures",
		"GNU programs read their arguments the POSIX way and change their defaults (find: `-ok` answers, block size)",
	),
];
