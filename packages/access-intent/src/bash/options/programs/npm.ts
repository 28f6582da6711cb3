/**
 * Owns: npm's options (npm 11, `npm help config`): every config key is also a command-line option (`--key=value`,
 * unique abbreviations, the shorthands), and the keys whose value names a command, code, a configuration or a file;
 * npx's options (`npm help exec`), which read npm's keys up to the command.
 * Never: reads npm's environment (`npm_config_*`, the environment tables do) or what a package script runs.
 */
import { POSIX_READING } from "../option-grammar";
import {
	GETOPT_LONG_READING,
	type NamedEntry,
	named,
	type ProgramOptions,
	type ProgramTable,
	programOptions,
} from "./program-options";

const CONFIG = "npm-config(7) Config Settings";

/** npm's config keys whose value names something, with their shorthands. */
const NPM_NAMED: readonly NamedEntry[] = [
	named(["--node-options"], "code", `${CONFIG}: node-options (NODE_OPTIONS for every script)`),
	named(["--script-shell"], "program", `${CONFIG}: script-shell`),
	named(["--shell"], "program", `${CONFIG}: shell (npm exec, npm explore)`),
	named(["--userconfig"], "config", `${CONFIG}: userconfig`),
	named(["--globalconfig"], "config", `${CONFIG}: globalconfig`),
	// `{prefix}/etc/npmrc` is the global config: moving the prefix moves it.
	named(["-C", "--prefix"], "config", `${CONFIG}: prefix (shorthand -C)`),
	named(["--editor"], "program", `${CONFIG}: editor`),
	named(["--browser"], "program", `${CONFIG}: browser`),
	named(["--viewer"], "program", `${CONFIG}: viewer`),
	named(["--git"], "program", `${CONFIG}: git`),
	named(["--node-gyp"], "program", `${CONFIG}: node-gyp`),
	named(["-c", "--call"], "command", `${CONFIG}: call (npm exec, shorthand -c)`),
	named(["--init-module", "--init.module"], "script", `${CONFIG}: init-module`),
	named(["--cache"], "directory", `${CONFIG}: cache`),
	named(["--logs-dir"], "writes", `${CONFIG}: logs-dir`),
	named(["-w", "--workspace"], "directory", `${CONFIG}: workspace (shorthand -w)`),
	named(["--cafile"], "reads", `${CONFIG}: cafile`),
	named(["--pack-destination"], "directory", `${CONFIG}: pack-destination`),
];

/** npm's remaining config keys that take a value (a permissive grammar reads any other `--key` as a flag). */
const NPM_VALUE_KEYS: readonly string[] = [
	...["_auth", "access", "allow-directory", "allow-file", "allow-git", "allow-remote", "allow-scripts", "also"],
	...["audit-level", "auth-type", "before", "ca", "cache-max", "cache-min", "cert", "cidr", "color", "cpu", "depth"],
	...["diff", "diff-dst-prefix", "diff-src-prefix", "diff-unified", "expect-result-count", "expect-results"],
	...["expires", "fetch-retries", "fetch-retry-factor", "fetch-retry-maxtimeout", "fetch-retry-mintimeout"],
	...["fetch-timeout", "heading", "https-proxy", "include", "init-author-email", "init-author-name"],
	...["init-author-url", "init-license", "init-type", "init-version", "install-strategy", "key", "libc"],
	...["local-address", "location", "lockfile-version", "loglevel", "logs-max", "maxsockets", "message"],
	...["min-release-age", "name", "noproxy", "omit", "only", "optional", "orgs", "os", "otp", "package"],
	...["packages", "preid", "production", "provenance-file", "proxy", "registry", "replace-registry-host"],
	...["save-prefix", "sbom-format", "sbom-type", "scope", "searchexclude", "searchlimit", "searchopts"],
	...["searchstaleness", "tag", "tag-version-prefix", "umask", "user-agent", "which", "workspaces", "yes"],
];

/**
 * How npm (nopt) reads its command line: config options anywhere up to `--` (what follows is the script's),
 * unique abbreviations of the keys, `-x` shorthands that may bundle.
 */
const NPM_OPTIONS: ProgramOptions = programOptions(GETOPT_LONG_READING, NPM_NAMED, {
	shortValue: "dLm",
	shortFlag: "qsnafglpSBDEOPHhvy",
	longValue: NPM_VALUE_KEYS,
});

export const NPM_TABLE: ProgramTable = { global: NPM_OPTIONS };

/**
 * npx: npm's keys, `-p`/`--package` and `-c`/`--call`, read up to the command it runs (the words after it are the
 * command's own, `npm help exec`).
 */
const NPX_OPTIONS: ProgramOptions = programOptions({ ...GETOPT_LONG_READING, order: POSIX_READING.order }, NPM_NAMED, {
	shortValue: "dLmp",
	shortFlag: "qsnafglSBDEOPHhvy",
	longValue: NPM_VALUE_KEYS,
});

export const NPX_TABLE: ProgramTable = { global: NPX_OPTIONS };
