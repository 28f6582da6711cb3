/**
 * Owns: ripgrep's documented environment variables that name a file, a command or a configuration, classified
 * (ripgrep 13, `man rg`, sections CONFIGURATION FILES and the --no-config option).
 * Never: decides; `environment-effects.ts` reads these rows.
 */
import { documentedIn, type EnvironmentRow } from "../environment-row";

export const RG_ENVIRONMENT: readonly EnvironmentRow[] = [
	documentedIn("rg(1) CONFIGURATION FILES")(
		"RIPGREP_CONFIG_PATH",
		"relocates",
		"rg reads options from this file (`--pre` runs a command)",
	),
];
