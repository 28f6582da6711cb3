/**
 * Owns: pip's documented environment variables that name a file, a command or a configuration, classified (pip 23,
 * the pip documentation "Configuration": Environment Variables, Config file (`PIP_CONFIG_FILE`, `XDG_CONFIG_DIRS`,
 * `$VIRTUAL_ENV/pip.conf`); `man pip3` lists no environment). Every long option is also a `PIP_<OPTION>` variable:
 * those without a row are `configures` (index URLs, install targets, build flags); harmless ones are inert rows.
 * Never: decides; `environment-effects.ts` reads these rows.
 */
import { documentedIn, type EnvironmentRow } from "../environment-row";

const CONFIG = documentedIn("pip docs, Configuration: Config file and Environment Variables");

export const PIP_ENVIRONMENT: readonly EnvironmentRow[] = [
	CONFIG(
		"PIP_*",
		"configures",
		"pip reads it as an option (index, target, build settings), which may change what it installs",
	),
	CONFIG("PIP_CONFIG_FILE", "relocates", "pip reads its config (index URLs, options) from this file first", {
		harmless: /^\/dev\/null$/,
	}),
	CONFIG("PIP_EDITOR", "runs-value", "pip config edit runs this editor"),
	CONFIG("PIP_CACHE_DIR", "relocates", "pip installs cached wheels (code) from this directory"),
	CONFIG("XDG_CONFIG_DIRS", "relocates", "pip and other programs read their system config from these directories"),
	CONFIG("VIRTUAL_ENV", "relocates", "pip reads `$VIRTUAL_ENV/pip.conf`; tools run the virtualenv's python from it"),
];
