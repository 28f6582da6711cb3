import { describe, expect, it } from "vitest";
import { parseBashUnits } from "../../../src/bash/bash-program";
import { parser } from "../../support/bash-fixture";

/**
 * Each ran a stand-in program under another name, or stored code bash ran, in bash 5.2; `BASH_ALIASES` (inert while
 * `expand_aliases` is off, which already asks) and `enable` (no shared library to load in the test) ask defensively.
 */
const REBINDS: readonly (readonly [string, string, RegExp])[] = [
	["RB-hash-p", "hash -p /usr/bin/rm ls; ls x", /`hash -p` rebinds the command name `ls`/],
	["RB-hash-p-combined", "hash -rp /usr/bin/rm cat; cat x", /rebinds the command name `cat`/],
	["RB-hash-computed", 'hash -p "$p" ls; ls x', /`hash` with a computed argument/],
	["RB-bash-cmds-element", "BASH_CMDS[ls]=/usr/bin/rm; ls x", /BASH_CMDS/],
	["RB-bash-cmds-array", "BASH_CMDS=([ls]=/usr/bin/rm); ls x", /BASH_CMDS/],
	["RB-bash-cmds-append", "BASH_CMDS+=([ls]=/usr/bin/rm); ls x", /BASH_CMDS/],
	["RB-bash-cmds-declare", "declare -A BASH_CMDS=([ls]=/usr/bin/rm); ls x", /BASH_CMDS/],
	["RB-bash-cmds-printf-v", "printf -v 'BASH_CMDS[ls]' /usr/bin/rm; ls x", /BASH_CMDS/],
	["RB-bash-cmds-read", "read 'BASH_CMDS[ls]' <<< /usr/bin/rm; ls x", /BASH_CMDS/],
	["RB-bash-cmds-nameref", "declare -n r=BASH_C''MDS; r[ls]=/usr/bin/rm; ls x", /BASH_CMDS/],
	["RB-bash-cmds-split-quotes", "printf -v \"BASH_C\"'MDS[ls]' /usr/bin/rm; ls x", /BASH_CMDS/],
	["RB-computed-name-read", 'read "$n" <<< /usr/bin/rm; ls x', /`read` sets a variable whose name is computed/],
	[
		"RB-computed-nameref",
		'declare -n r="$n"; r[ls]=/usr/bin/rm',
		/`declare -n`\) to a variable whose name is computed/,
	],
	["RB-nameref-later", "declare -n r; r=BASH_C''MDS; r[ls]=/usr/bin/rm; ls x", /whose target is set later/],
	["RB-nameref-for", "declare -n r; for r in BASH_C''MDS; do r[ls]=/usr/bin/rm; done; ls x", /set later/],
	["RB-builtin-hash", "builtin hash -p /usr/bin/rm ls; ls x", /`hash -p` rebinds the command name `ls`/],
	["RB-bash-func-split", "env \"BASH_FU\"'NC_ls%%=() { rm x; }' bash y.sh", /BASH_FUNC_/],
	["RB-ps4-env-argument", "d='$'; env PS4=\"${d}(rm x)\" make", /`PS4`/],
	["RB-alias-posix-trap", "set -o posix; alias ls='rm'; trap 'ls x' EXIT", /`alias` rebinds the command name `ls`/],
	["RB-alias-posixly-correct", "POSIXLY_CORRECT=1; alias ls='rm'\nls x", /`alias` rebinds the command name `ls`/],
	["RB-shopt-split-quotes", "shopt -s expand_al''iases\nalias y='rm x'\ny", /alias expansion/],
	["RB-shopt-computed", "o=expand_aliases; shopt -s $o", /alias expansion/],
	["RB-quote-split-hash", "'ha'sh -p /usr/bin/rm ls; ls x", /`hash -p` rebinds the command name `ls`/],
	["RB-quote-split-prompt-argument", "env 'P''S4=$(rm x)' make", /`PS4`/],
	["RB-bash-aliases", "BASH_ALIASES[ls]=/usr/bin/rm; ls x", /BASH_ALIASES/],
	["RB-enable-f", "enable -f ./lib.so rm2; rm2 x", /`enable`/],
	["RB-enable-n", "enable -n echo; echo x", /`enable`/],
	["RB-bash-func-env", "env 'BASH_FUNC_ls%%=() { rm x; }' bash y.sh", /BASH_FUNC_/],
	["RB-compgen-w-quoted", "compgen -W '$(rm x)' y", /`compgen` expands its word list again/],
	["RB-compgen-w-computed", "d='$'; compgen -W \"${d}(rm x)\" y", /`compgen` expands its word list again/],
	["RB-compgen-c", "compgen -C 'rm x' y", /`compgen -C`/],
	["RB-compgen-f", "f() { :; }; compgen -F f y", /`compgen -C`\/`-F`/],
	["RB-ps4-computed", "d='$'; PS4=\"${d}(rm x)\"; set -x; true", /`PS4`/],
	["RB-ps4-read", "read PS4 < p.txt; set -x; true", /`PS4`/],
];

/** Commands that name these builtins without rebinding anything. */
const PLAIN: readonly string[] = [
	"hash",
	"hash -r",
	"hash ls",
	"enable",
	"enable -a",
	"compgen -c",
	"compgen -W 'start stop' st",
	"PS4='+ '; set -x; true",
	"alias ll='ls -la'",
	"alias",
	"shopt -s nullglob; ls *.md",
	'export PATH="$PATH:/opt/bin"; ls',
	'read -r line < notes.txt; echo "$line"',
	"printf -v out '%s' done; echo $out",
	"declare -A m=([k]=v); echo ${m[k]}",
];

describe("rebindingFloor through parseBashUnits", () => {
	it.each(REBINDS)("%s asks: %s", (_id, command, reason) => {
		const parsed = parseBashUnits(command, parser);
		expect(parsed.unparseable?.reason).toMatch(reason);
	});

	it.each(PLAIN)("reads %j as before", (command) => {
		expect(parseBashUnits(command, parser).unparseable).toBeNull();
	});

	it("keeps the units, so a deny on one still decides", () => {
		const parsed = parseBashUnits("hash -p /usr/bin/rm ls; rm -rf x", parser);
		expect(parsed.unparseable).not.toBeNull();
		expect(parsed.units.map((unit) => unit.commandName)).toEqual(["hash", "rm"]);
	});
});
