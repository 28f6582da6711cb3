/**
 * Owns: ssh's options (OpenSSH 9.2, ssh(1) SYNOPSIS and DESCRIPTION) whose value names a configuration, a setting,
 * code, or a file read or written.
 * Never: reads the configuration; which `-o` keys run a command is `SSH_COMMAND_KEYS` (`runs/`).
 */
import { GETOPT_LONG_READING, named, type ProgramTable, programOptions } from "./program-options";

const SSH = "ssh(1) DESCRIPTION";

/** ssh reads options before the host and again after it; its hosts and remote commands are often computed. */
export const SSH_TABLE: ProgramTable = {
	global: programOptions(
		{ ...GETOPT_LONG_READING, longOptions: false },
		[
			named(["-F"], "config", `${SSH}: -F configfile`),
			named(["-o"], "setting", `${SSH}: -o option (ssh_config(5) keys)`, { settings: "ssh-option" }),
			named(["-I"], "code", `${SSH}: -I pkcs11 (a PKCS#11 shared library)`),
			named(["-i"], "reads", `${SSH}: -i identity_file`),
			named(["-E"], "writes", `${SSH}: -E log_file`),
		],
		{ shortValue: "BDJLORSWbcelmpQw", shortFlag: "46ACGKMNTVXYafgknqstvxy" },
	),
	computedOperands: true,
};
