import { describe, expect, it } from "vitest";
import { BashProgram } from "../../src/bash/bash-program";
import { displayPath } from "../../src/path/access-path";
import { UNCHECKED_PATHS } from "../../src/path/path-candidate-sink";
import { parseProgram, parser, TEST_NORMALIZER } from "../support/bash-fixture";

const externalOf = (command: string) => parseProgram(command).externalPaths.map(displayPath);

describe("BashProgram.parse redirects of compound units", () => {
	it.each([
		["{ cat a; } > /etc/x", "/etc/x"],
		["( cat a ) > /etc/x", "/etc/x"],
		["while read l; do :; done < /etc/passwd", "/etc/passwd"],
		["for f in a; do cat $f; done 2> /etc/x", "/etc/x"],
		["if true; then :; fi >> /etc/x", "/etc/x"],
		["f() { :; } > /etc/x", "/etc/x"],
	])("lists the redirect target of `%s` (%s) as external", (command, path) => {
		expect(externalOf(command)).toContain(path);
	});

	it("keeps a compound's redirect inside cwd as a rule candidate only", () => {
		const program = parseProgram("f() { :; } > out");
		expect(program.externalPaths).toEqual([]);
		expect(program.pathCandidates.map(displayPath)).toContain("/projects/app/out");
	});

	it("does not read a descriptor duplication on a compound as a file", () => {
		expect(externalOf("{ cat a; } 2>&1")).toEqual([]);
	});
});

describe("BashProgram.parse workdir", () => {
	it.each([
		["cat ./k", "secret", [], "/projects/app/secret/k"],
		["cat ../other/x", "/srv/w", ["/srv/other/x"], "/srv/other/x"],
		["cd .. && cat ./x", "sub", [], "/projects/app/x"],
	])("resolves `%s` from the workdir %j", (command, workdir, external, candidate) => {
		const program = BashProgram.parse(command, { parser, normalizer: TEST_NORMALIZER, workdir });
		expect(program.externalPaths.map(displayPath)).toEqual(external);
		expect(program.pathCandidates.map(displayPath)).toContain(candidate);
		expect(program.units.map((unit) => unit.text)).toEqual(command.split(" && "));
	});
});

describe("BashProgram.pathsTruncated", () => {
	it("is false when every word was examined", () => {
		expect(parseProgram("cat a b c").pathsTruncated).toBe(false);
	});

	it("is true, with the unchecked marker listed, past the path work bound", () => {
		const command = `cat ${Array.from({ length: 6_000 }, (_, i) => `f${i}`).join(" ")}`;
		const program = parseProgram(command);
		expect(program.unparseable).toBeNull();
		expect(program.pathsTruncated).toBe(true);
		expect(program.externalPaths.map(displayPath)).toContain(UNCHECKED_PATHS);
	});

	it("is false for an unparseable command, which has no path slices", () => {
		expect(parseProgram("cat a )").pathsTruncated).toBe(false);
	});
});
