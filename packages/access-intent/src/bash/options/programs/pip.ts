/**
 * Owns: pip's options (pip 23.2, `pip help`, `pip install -h`) whose value names a program, code, a configuration,
 * a file read or written or a directory.
 * Never: reads a requirements file or what a package's build runs (installing runs it by design).
 */
import { GETOPT_LONG_READING, type NamedEntry, named, type ProgramTable, programOptions } from "./program-options";

const GENERAL = "pip(1) General Options";
const INSTALL = "pip-install(1) Install Options";

const GENERAL_NAMED: readonly NamedEntry[] = [
	named(["--python"], "program", `${GENERAL}: --python <python>`),
	named(["--log"], "writes", `${GENERAL}: --log <path>`),
	named(["--cert"], "reads", `${GENERAL}: --cert <path>`),
	named(["--client-cert"], "reads", `${GENERAL}: --client-cert <path>`),
	named(["--cache-dir"], "directory", `${GENERAL}: --cache-dir <dir>`),
];

const GENERAL_OTHER = {
	shortFlag: "hvVqUI",
	longValue: ["keyring-provider", "proxy", "retries", "timeout", "exists-action", "trusted-host", "use-feature"],
};

/** optparse: options anywhere, unique abbreviations of long names; the sub-command's own after it. */
export const PIP_TABLE: ProgramTable = {
	global: programOptions({ ...GETOPT_LONG_READING, order: "stop-at-operand" }, GENERAL_NAMED, GENERAL_OTHER),
	subcommands: new Map([
		[
			"install",
			programOptions(
				GETOPT_LONG_READING,
				[
					...GENERAL_NAMED,
					named(["-r", "--requirement"], "reads", `${INSTALL}: -r <file>`),
					named(["-c", "--constraint"], "reads", `${INSTALL}: -c <file>`),
					named(["-e", "--editable"], "directory", `${INSTALL}: -e <path/url>`),
					named(["-t", "--target"], "directory", `${INSTALL}: -t <dir>`),
					named(["--root"], "directory", `${INSTALL}: --root <dir>`),
					named(["--prefix"], "directory", `${INSTALL}: --prefix <dir>`),
					named(["--src"], "directory", `${INSTALL}: --src <dir>`),
					named(["--report"], "writes", `${INSTALL}: --report <file>`),
					named(["-f", "--find-links"], "reads", `${INSTALL}: -f <url> (or a local directory)`),
					named(["--global-option"], "code", `${INSTALL}: --global-option <options> (setup.py commands)`),
					named(["-C", "--config-settings"], "code", `${INSTALL}: -C <settings> (to the build backend)`),
				],
				{
					...GENERAL_OTHER,
					shortValue: "i",
					longValue: [
						...GENERAL_OTHER.longValue,
						...["platform", "python-version", "implementation", "abi", "upgrade-strategy", "no-binary"],
						...["only-binary", "progress-bar", "root-user-action", "index-url", "extra-index-url"],
					],
				},
			),
		],
		[
			"config",
			programOptions(
				GETOPT_LONG_READING,
				[...GENERAL_NAMED, named(["--editor"], "program", "pip-config(1): --editor")],
				GENERAL_OTHER,
			),
		],
	]),
};
