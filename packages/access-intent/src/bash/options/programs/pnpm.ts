/**
 * Owns: pnpm's and yarn's options that name a command, code, a configuration or a directory (pnpm.io/pnpm-cli,
 * pnpm.io/settings; classic yarn's `yarn --help`), read up to the command or script they run.
 * Never: reads a package script or the workspace's files.
 */
import { POSIX_READING } from "../option-grammar";
import { GETOPT_LONG_READING, named, type ProgramTable, programOptions } from "./program-options";

const PNPM = "pnpm.io/pnpm-cli Options";
const SETTINGS = "pnpm.io/settings";

/**
 * pnpm validates its options and stops at the script or command it runs (`pnpm run build --x` passes `--x` on), so
 * its options are read up to the first operand; `--config.KEY=VALUE` sets any setting.
 */
export const PNPM_TABLE: ProgramTable = {
	global: programOptions(
		{ ...GETOPT_LONG_READING, order: POSIX_READING.order, abbreviations: "none" },
		[
			named(["-C", "--dir"], "config", `${PNPM}: -C, --dir (runs as if started in the directory, its .npmrc included)`),
			// The npm settings pnpm reads too (`.npmrc`, `--config.KEY`): the shell and NODE_OPTIONS of every script.
			named(["--script-shell"], "program", `${SETTINGS}: script-shell`),
			named(["--node-options"], "code", `${SETTINGS}: node-options`),
			named(["--pnpmfile"], "code", `${SETTINGS}: pnpmfile`),
			named(["--global-pnpmfile"], "code", `${SETTINGS}: global-pnpmfile`),
			named(["--use-node-version"], "code", `${SETTINGS}: use-node-version (downloads and runs that node)`),
			named(["--store-dir"], "directory", `${SETTINGS}: store-dir`),
			named(["--virtual-store-dir"], "directory", `${SETTINGS}: virtual-store-dir`),
			named(["--modules-dir"], "directory", `${SETTINGS}: modules-dir`),
			named(["--lockfile-dir"], "directory", `${SETTINGS}: lockfile-dir`),
			named(["--global-dir"], "directory", `${SETTINGS}: global-dir`),
			named(["--global-bin-dir"], "directory", `${SETTINGS}: global-bin-dir`),
			named(["--cache-dir"], "directory", `${SETTINGS}: cache-dir`),
			named(["--state-dir"], "directory", `${SETTINGS}: state-dir`),
		],
		{
			shortValue: "F",
			shortFlag: "rwDPOgy",
			longValue: [
				"filter",
				"filter-prod",
				"reporter",
				"loglevel",
				"workspace-concurrency",
				"test-pattern",
				"changed-files-ignore-pattern",
			],
		},
	),
	configPrefixes: ["--config."],
};

const YARN = "yarn(1) classic: yarn --help";

/** Classic yarn: its options before the command; `--cwd` and `--use-yarnrc` move where it reads its configuration. */
export const YARN_TABLE: ProgramTable = {
	global: programOptions(
		{ ...GETOPT_LONG_READING, order: POSIX_READING.order, abbreviations: "none" },
		[
			named(["--cwd"], "config", `${YARN}: --cwd`),
			named(["--use-yarnrc"], "config", `${YARN}: --use-yarnrc`),
			named(["--cache-folder"], "directory", `${YARN}: --cache-folder`),
			named(["--modules-folder"], "directory", `${YARN}: --modules-folder`),
			named(["--global-folder"], "directory", `${YARN}: --global-folder`),
			named(["--link-folder"], "directory", `${YARN}: --link-folder`),
			named(["--preferred-cache-folder"], "directory", `${YARN}: --preferred-cache-folder`),
		],
		{
			longValue: ["mutex", "network-concurrency", "network-timeout", "proxy", "https-proxy", "registry", "otp"],
		},
	),
};
