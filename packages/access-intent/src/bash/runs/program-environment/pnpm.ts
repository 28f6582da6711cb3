/**
 * Owns: pnpm's documented environment variables that name a file, a command or a configuration, classified (pnpm 10,
 * pnpm.io "pnpm CLI: Environment variables" (`XDG_CACHE_HOME`, `XDG_CONFIG_HOME`, `XDG_DATA_HOME`, `XDG_STATE_HOME`),
 * "Configuring" (npm's config format: `npm_config_*`, rows of `npm.ts`), "Installation" (`PNPM_HOME`); pnpm is not
 * installed here). pnpm also reads `pnpm_config_*` settings.
 * Never: decides; `environment-effects.ts` reads these rows.
 */
import { documentedIn, type EnvironmentRow } from "../environment-row";

const CLI = documentedIn("pnpm.io pnpm CLI: Environment variables");

export const PNPM_ENVIRONMENT: readonly EnvironmentRow[] = [
	CLI("XDG_CONFIG_HOME", "relocates", "git (and others) read their config from here"),
	CLI("XDG_DATA_HOME", "relocates", "pnpm keeps its global packages (code) and store under here"),
	CLI("XDG_CACHE_HOME", "relocates", "pnpm and other programs reuse cached packages (code) from here"),
	CLI("XDG_STATE_HOME", "relocates", "pnpm keeps its state under here"),
	documentedIn("pnpm.io Installation (PNPM_HOME)")(
		"PNPM_HOME",
		"relocates",
		"pnpm installs and runs global commands from here",
	),
	documentedIn("pnpm.io Settings (pnpm_config_*)")(
		"pnpm_config_*",
		"configures",
		"pnpm reads it as a setting, which may change what pnpm runs",
	),
];
