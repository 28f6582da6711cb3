/**
 * Owns: the documented environment of each program the shared allowlists name (issue 39 item 4): git, npm, pnpm,
 * node, python3, rg, grep, find, tar, sed, awk, sort, make, cargo, go, pip, curl, ssh, less and man, each a table
 * of every documented variable that names a file, a command or a configuration, classified, with its source.
 * Never: holds a row itself (each program's module does) or decides.
 */
import type { EnvironmentRow } from "./environment-row";
import { AWK_ENVIRONMENT } from "./program-environment/awk";
import { CARGO_ENVIRONMENT } from "./program-environment/cargo";
import { CURL_ENVIRONMENT } from "./program-environment/curl";
import { FIND_ENVIRONMENT } from "./program-environment/find";
import { GIT_ENVIRONMENT } from "./program-environment/git";
import { GO_ENVIRONMENT } from "./program-environment/go";
import { GREP_ENVIRONMENT } from "./program-environment/grep";
import { LESS_ENVIRONMENT } from "./program-environment/less";
import { MAKE_ENVIRONMENT } from "./program-environment/make";
import { MAN_ENVIRONMENT } from "./program-environment/man";
import { NODE_ENVIRONMENT } from "./program-environment/node";
import { NPM_ENVIRONMENT } from "./program-environment/npm";
import { PIP_ENVIRONMENT } from "./program-environment/pip";
import { PNPM_ENVIRONMENT } from "./program-environment/pnpm";
import { PYTHON3_ENVIRONMENT } from "./program-environment/python3";
import { RG_ENVIRONMENT } from "./program-environment/rg";
import { SED_ENVIRONMENT } from "./program-environment/sed";
import { SORT_ENVIRONMENT } from "./program-environment/sort";
import { SSH_ENVIRONMENT } from "./program-environment/ssh";
import { TAR_ENVIRONMENT } from "./program-environment/tar";

export const PROGRAM_ENVIRONMENT: ReadonlyMap<string, readonly EnvironmentRow[]> = new Map([
	["git", GIT_ENVIRONMENT],
	["npm", NPM_ENVIRONMENT],
	["pnpm", PNPM_ENVIRONMENT],
	["node", NODE_ENVIRONMENT],
	["python3", PYTHON3_ENVIRONMENT],
	["rg", RG_ENVIRONMENT],
	["grep", GREP_ENVIRONMENT],
	["find", FIND_ENVIRONMENT],
	["tar", TAR_ENVIRONMENT],
	["sed", SED_ENVIRONMENT],
	["awk", AWK_ENVIRONMENT],
	["sort", SORT_ENVIRONMENT],
	["make", MAKE_ENVIRONMENT],
	["cargo", CARGO_ENVIRONMENT],
	["go", GO_ENVIRONMENT],
	["pip", PIP_ENVIRONMENT],
	["curl", CURL_ENVIRONMENT],
	["ssh", SSH_ENVIRONMENT],
	["less", LESS_ENVIRONMENT],
	["man", MAN_ENVIRONMENT],
]);
