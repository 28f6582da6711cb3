/**
 * Owns: npm's documented environment variables that name a file, a command or a configuration, classified (npm 11,
 * `npm help 7 config`: "Environment Variables" and "Config Settings"). npm reads every `npm_config_<key>` variable,
 * in any case, as its config key `<key>` (`_` read as `-`): `environment-names.ts` spells each as
 * `npm_config_<key>` in lower case first, so `NPM_CONFIG_NODE_OPTIONS` and `Npm_Config_Node-Options` meet the
 * `npm_config_node_options` row. A key without a row is `configures` (it asks); harmless keys are inert rows.
 * Never: decides; `environment-effects.ts` reads these rows.
 */
import { documentedIn, type EnvironmentRow } from "../environment-row";
import { nodeOptionsVerdict } from "./node";

const CONFIG = documentedIn("npm-config(7) Config Settings");
const FILES = documentedIn("npm-config(7) npmrc Files");

/** npm's `ignore-scripts`: only a true value makes npm run less. */
const TRUE = /^(?:true|1|yes)?$/i;

export const NPM_ENVIRONMENT: readonly EnvironmentRow[] = [
	documentedIn("npm-config(7) Environment Variables")(
		"npm_config_*",
		"configures",
		"npm reads it as a config setting, which may change what npm runs",
	),
	FILES(
		"npm_config_userconfig",
		"relocates",
		"npm reads its user config (node-options, script-shell, …) from this file",
	),
	FILES(
		"npm_config_globalconfig",
		"relocates",
		"npm reads its global config (node-options, script-shell, …) from this file",
	),
	// SECURITY: any other key naming a config file (`NPM_CONFIG_*CONFIG`, issue 39) points npm at configuration.
	FILES("npm_config_*config", "relocates", "npm reads configuration (node-options, script-shell, …) from this file"),
	CONFIG(
		"npm_config_prefix",
		"relocates",
		"npm reads its global config from `<prefix>/etc/npmrc` and installs bins there",
	),
	CONFIG("npm_config_cache", "relocates", "npm installs packages (code) from the cache in this directory"),
	CONFIG("npm_config_init_module", "relocates", "npm init runs this module"),
	CONFIG("npm_config_init.module", "relocates", "npm init runs this module"),
	CONFIG("npm_config_node_options", "options", "npm passes these options to node for every script", {
		readOptions: nodeOptionsVerdict,
	}),
	CONFIG("npm_config_script_shell", "runs-value", "npm runs package scripts with this shell"),
	CONFIG("npm_config_shell", "runs-value", "npm exec and npm explore run this shell"),
	CONFIG("npm_config_editor", "runs-value", "npm edit and npm config edit run this editor"),
	CONFIG("npm_config_browser", "runs-value", "npm docs, npm repo and npm login run this browser"),
	CONFIG("npm_config_viewer", "runs-value", "npm help runs this program"),
	CONFIG("npm_config_git", "runs-value", "npm runs this program for git dependencies"),
	CONFIG("npm_config_node_gyp", "runs-value", "npm runs this program to build native addons"),
	CONFIG("npm_config_call", "runs-value", "npm exec runs this command"),
	CONFIG("npm_config_ignore_scripts", "configures", "npm runs lifecycle scripts unless it is true", {
		harmless: TRUE,
	}),
	CONFIG("npm_config_registry", "configures", "npm downloads packages (code) from this registry"),
	CONFIG("npm_config_cafile", "reads-value", "npm trusts the certificates in this file"),
	CONFIG("npm_config_logs_dir", "writes-value", "npm writes its debug logs to this directory"),
	CONFIG("npm_config_provenance_file", "reads-value", "npm publish reads provenance from this file"),
	CONFIG("npm_config_pack_destination", "writes-value", "npm pack writes the tarball to this directory"),
	CONFIG("npm_config_strict_ssl", "configures", "npm does not verify the registry's TLS certificate when false", {
		harmless: TRUE,
	}),
	documentedIn("npm-config(7) npmrc Files (`$PREFIX/etc/npmrc`); @npmcli/config reads `PREFIX`")(
		"PREFIX",
		"relocates",
		"npm's global prefix: npm reads its global config from `$PREFIX/etc/npmrc`",
	),
];
