import { describe, expect, it } from "vitest";
import { environmentRow } from "../../../src/bash/runs/environment-table";
import { INERT_ENVIRONMENT } from "../../../src/bash/runs/inert-environment-table";
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
	"TAR_*": "TAR_FILENAME",
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
