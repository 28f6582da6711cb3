import { describe, expect, it } from "vitest";
import { CODE_RUNNING_ENVIRONMENT } from "../../../src/bash/runs/code-running-environment-table";
import { canonicalEnvironmentName } from "../../../src/bash/runs/environment-names";
import { environmentRow } from "../../../src/bash/runs/environment-table";
import { INERT_ENVIRONMENT, isInertEnvironmentName } from "../../../src/bash/runs/inert-environment-table";
import { PROGRAM_ENVIRONMENT } from "../../../src/bash/runs/program-environment-table";
import { RELOCATING_ENVIRONMENT } from "../../../src/bash/runs/relocating-environment-table";
import { parseProgram } from "../../support/bash-fixture";
import { expectEffect, PLAIN } from "../../support/effect-verdict";

/** No unit of `command` is given a setting that is not known to be harmless, and none is opaque. */
function expectKnown(command: string): void {
	const program = parseProgram(command);
	expect(program.unparseable, command).toBeNull();
	expect(
		program.units.map((unit) => unit.unknownSetting ?? null),
		command,
	).toEqual(program.units.map(() => null));
	expect(
		program.units.some((unit) => unit.wrapperKind === "opaque-payload"),
		command,
	).toBe(false);
}

/** A name each pattern row covers, for its row test. */
const EXAMPLE: Readonly<Record<string, string>> = {
	"LC_*": "LC_ALL",
	"CARGO_TERM_*": "CARGO_TERM_COLOR",
	"GIT_CONFIG_VALUE_*": "GIT_CONFIG_VALUE_0",
};

/** The program each row's test runs the variable with (`any` rows meet `git`). */
function programOf(programs: string): string {
	const first = programs.split(/[ ,(]/)[0] ?? "";
	const known: Readonly<Record<string, string>> = {
		any: "git status",
		node: "node app.js",
		"node,": "node app.js",
		npm: "npm test",
		python: "python3 app.py",
		git: "git status",
		pip: "pip install -r requirements.txt",
		cargo: "cargo build",
		go: "go build ./...",
		make: "make",
	};
	return known[first] ?? "npm test";
}

describe("INERT_ENVIRONMENT", () => {
	it.each(INERT_ENVIRONMENT)("$name ($programs) reaches its program and leaves the unit plain: $why", (row) => {
		expect(row.why.length).toBeGreaterThan(0);
		expect(row.programs.length).toBeGreaterThan(0);
		const name = EXAMPLE[row.name] ?? row.name;
		expect(name.includes("*"), `${row.name} needs an example name`).toBe(false);
		expectEffect(`${name}=1 ${programOf(row.programs)}`, PLAIN);
		expectKnown(`env ${name}=value ${programOf(row.programs)}`);
		expectEffect(`export ${name}=1`, PLAIN);
	});

	it("lists every name once, and no name another table gives an effect", () => {
		const names = INERT_ENVIRONMENT.map((row) => row.name);
		expect(new Set(names).size).toBe(names.length);
		for (const row of INERT_ENVIRONMENT) {
			const name = EXAMPLE[row.name] ?? row.name;
			expect(environmentRow(name)?.kind, name).toBe("inert");
		}
	});
});

describe("isInertEnvironmentName", () => {
	const effectNames = [
		...CODE_RUNNING_ENVIRONMENT,
		...RELOCATING_ENVIRONMENT,
		...[...PROGRAM_ENVIRONMENT.values()].flat(),
	].map((row) => row.name.replaceAll("*", "X"));
	const inertNames = INERT_ENVIRONMENT.map((row) => EXAMPLE[row.name] ?? row.name);

	it("answers for every name as the lookup every program makes does", () => {
		for (const name of [...effectNames, ...inertNames, "DATABASE_URL", "LC_", "CARGO_TERM_", "NPM_CONFIG_LOGLEVEL"]) {
			const inert = environmentRow(canonicalEnvironmentName(name))?.kind === "inert";
			expect(isInertEnvironmentName(name), name).toBe(inert);
		}
	});

	it("covers a name by a pattern row only by its prefix and a final `*`", () => {
		for (const row of INERT_ENVIRONMENT) {
			if (row.name.includes("*")) expect(row.name.indexOf("*"), row.name).toBe(row.name.length - 1);
		}
	});

	it.each([
		["CI", true],
		["LC_ALL", true],
		["TAR_FILENAME", true],
		["npm_config_loglevel", true],
		["TAR_OPTIONS", false],
		["HOME", false],
		["GIT_DIR", false],
		["DATABASE_URL", false],
	])("%s -> %s", (name, inert) => {
		expect(isInertEnvironmentName(name)).toBe(inert);
	});
});
