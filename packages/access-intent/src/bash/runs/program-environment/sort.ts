/**
 * Owns: sort's documented environment variables that name a file, a command or a configuration, classified (GNU
 * coreutils 9.1 `man sort`: `-T` names `$TMPDIR`; the locale variables are inert rows).
 * Never: decides; `environment-effects.ts` reads these rows.
 */
import { documentedIn, type EnvironmentRow } from "../environment-row";

export const SORT_ENVIRONMENT: readonly EnvironmentRow[] = [
	documentedIn("sort(1) OPTIONS -T")(
		"TMPDIR",
		"configures",
		"programs write (and some run) their temporary files in this directory",
		{ harmless: /^\/(?:tmp|var\/tmp)(?:\/[\w.-]+)*\/?$/ },
	),
];
