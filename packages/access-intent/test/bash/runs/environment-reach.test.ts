import { describe, expect, it } from "vitest";
import { BashProgram } from "../../../src/bash/bash-program";
import { BUILTINS_STARTING_NOTHING, mayExportAll } from "../../../src/bash/runs/environment-reach";
import { type ShellEnvironment, shellEnvironmentOf } from "../../../src/bash/state/shell-environment";
import { parseProgram, parser, TEST_NORMALIZER } from "../../support/bash-fixture";

/** The settings of `command` that make a unit unknown, as `kind:name`, in unit order. */
function settings(command: string, shellEnvironment?: ShellEnvironment): string[] {
	const program =
		shellEnvironment === undefined
			? parseProgram(command)
			: BashProgram.parse(command, { parser, normalizer: TEST_NORMALIZER, shellEnvironment });
	expect(program.unparseable, command).toBeNull();
	return program.units.flatMap((unit) =>
		unit.unknownSetting === undefined ? [] : [`${unit.unknownSetting.kind}:${unit.unknownSetting.name}`],
	);
}

describe("how settings reach a program (ADR 0051)", () => {
	it.each([
		// A prefix reaches the command; `env`, `sudo` and `export`-like declarations too.
		["DATABASE_URL=x npm test", ["unknown:DATABASE_URL"]],
		["env DATABASE_URL=x npm test", ["unknown:DATABASE_URL"]],
		["sudo DATABASE_URL=x npm test", ["unknown:DATABASE_URL"]],
		["sudo env HOME=/x git status", ["relocating:HOME"]],
		["export DB=1; npm test", ["unknown:DB"]],
		["export DB=$(cat f)", ["unknown:DB"]],
		["export DB", ["unknown:DB"]],
		["declare -x DB=1", ["unknown:DB"]],
		["declare -gx DB=1", ["unknown:DB"]],
		["typeset -x DB=1", ["unknown:DB"]],
		["f() { local -x DB=1; npm test; }", ["unknown:DB"]],
		// SECURITY: `set -a` exports every assignment after it (order-free, any spelling).
		["set -a; DB=1; npm test", ["unknown:DB"]],
		["set -ea; DB=1; npm test", ["unknown:DB"]],
		["set -o allexport; DB=1; npm test", ["unknown:DB"]],
		["set -eo pipefail -a; DB=1; npm test", ["unknown:DB"]],
		["shopt -so allexport; DB=1", ["unknown:DB"]],
		["set $OPTS; DB=1", ["unknown:DB"]],
		["DB=1; set -a; npm test", ["unknown:DB"]],
		["set -a; eval 'DB=1; npm test'", ["unknown:DB"]],
		["set -a; declare DB=1", ["unknown:DB"]],
		// A name relocating programs counts however it is set: such names are exported already.
		["HOME=/x; git status", ["relocating:HOME"]],
		["declare HOME=/x", ["relocating:HOME"]],
		["XDG_CONFIG_HOME=/x cd /tmp", ["relocating:XDG_CONFIG_HOME"]],
		// Nothing reaches a program.
		["DB=1; npm test", []],
		["DB=1; echo $DB", []],
		["declare DB=1", []],
		["f() { local DB=1; npm test; }", []],
		["export -n DB=1", []],
		["declare +x DB=1", []],
		["unset DB HOME", []],
		["export -f f", []],
		["declare -p DB", []],
		["IFS= read -r line", []],
		['IFS=: read -ra parts <<< "$PATH"', []],
		["DB=1 echo x", []],
		["DB=1 printf %s x", []],
		["DB=1 true", []],
		["set -euo pipefail; DB=1; npm test", []],
		["set -e -o pipefail; DB=1; npm test", []],
		["CI=1 npm test", []],
		["LC_ALL=C sort f", []],
		// A builtin that starts nothing still keeps a relocating name.
		["HOME=/x read line", ["relocating:HOME"]],
	])("%s -> %j", (command, expected) => {
		expect(settings(command)).toEqual(expected);
	});

	it("exports a plain assignment to a name the known environment sets", () => {
		const known = shellEnvironmentOf({ DATABASE_URL: "postgres://x", HOME: "/home/u" });
		expect(settings("DATABASE_URL=y; npm test", known)).toEqual(["unknown:DATABASE_URL"]);
		expect(settings("OTHER=y; npm test", known)).toEqual([]);
	});

	it.each([...BUILTINS_STARTING_NOTHING])("`%s` starts no program: a prefix before it stays in the shell", (name) => {
		expect(settings(`DB=1 ${name === "[" ? "[ -n x ]" : name}`)).toEqual([]);
	});

	it.each([
		["set -a", true],
		["set -o allexport", true],
		["set +a", false],
		["echo set -a", false],
		["set -- -a", false],
		["set -euo pipefail", false],
		["offset -a", false],
		['set "$x"', true],
	])("mayExportAll(%j) is %s", (text, expected) => {
		expect(mayExportAll(text)).toBe(expected);
	});
});
