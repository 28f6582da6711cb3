/**
 * Owns: spelling an environment variable's name the way the program that reads it does, before any table lookup
 * (issue 39 item 2): npm reads `npm_config_<key>` in any case, with `-` or `_` between words (`NPM_CONFIG_NODE_OPTIONS`,
 * `npm_config_NODE_OPTIONS` and `npm_config_node-options` are the key `node-options`), and ignores an empty one.
 * Never: looks a name up (`environment-table.ts` does) or reads a value beyond saying the program ignores it.
 */

const NPM_CONFIG = /^npm_config_/i;
const PNPM_CONFIG = /^pnpm_config_/i;

/**
 * The name a table row spells: `npm_config_<key>` in lower case with `_` between its words (npm's own reading:
 * `key.replace(/(?!^)_/g, "-").toLowerCase()`, here with `-` spelled `_`); `pnpm_config_*` the same way; any other
 * name as written (environment names are case-sensitive).
 */
export function canonicalEnvironmentName(name: string): string {
	if (NPM_CONFIG.test(name)) return `npm_config_${configKey(name.slice("npm_config_".length))}`;
	if (PNPM_CONFIG.test(name)) return `pnpm_config_${configKey(name.slice("pnpm_config_".length))}`;
	return name;
}

/** npm's key in the row spelling: nerf-darted keys (`//registry/:_authToken`) are kept as npm keeps them. */
function configKey(key: string): string {
	// SECURITY: `Npm_Config_Node_Options`, `npm_config_node-options`: npm reads every spelling as `node-options`.
	return key.startsWith("//") ? key : key.toLowerCase().replaceAll("-", "_");
}

/** True when the program does not read this setting at all: npm skips an empty `npm_config_*` (`loadEnv`). */
export function ignoredSetting(name: string, value: string | null): boolean {
	return value === "" && NPM_CONFIG.test(name);
}
