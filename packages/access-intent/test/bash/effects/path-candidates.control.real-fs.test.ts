import { POSIX_FLAVOR } from "@pi-permissions/policy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BashProgram, parseBashUnits } from "../../../src/bash/bash-program";
import { BashParser } from "../../../src/bash/reading/bash-parser";
import { displayPath } from "../../../src/path/access-path";
import { createNodeFileSystemProbe } from "../../../src/path/file-system-probe";
import { PathNormalizer } from "../../../src/path/path-normalizer";
import { createTmpTree } from "../../support/tmp-tree";

const tree = createTmpTree({ files: ["project/a.txt", "elsewhere/b.txt"] });
afterAll(() => tree.remove());
const cwd = tree.path("project");
const normalizer = PathNormalizer.create({
	cwd,
	home: tree.path("home"),
	flavor: POSIX_FLAVOR,
	probe: createNodeFileSystemProbe(),
});
let parser: BashParser;
beforeAll(async () => {
	parser = await BashParser.load();
});

function external(command: string): string[] {
	const program = BashProgram.parse(command, { parser, normalizer });
	expect(program.unparseable).toBeNull();
	return program.externalPaths.map(displayPath);
}

describe("BashProgram.parse directory folding across pipelines and lists (ADR 0005)", () => {
	it.each([
		["cd /tmp | cat ../etc/hosts", "/etc/hosts", tree.path("etc/hosts")],
		["cd /tmp || cat ../x", "/x", tree.path("x")],
		["cd /tmp & cat ../x", "/x", tree.path("x")],
		["false && cd /tmp; cat ../x", "/x", tree.path("x")],
		["false && cd /tmp && true; cat ../x", "/x", tree.path("x")],
		['cd "/tmp" | cat ../etc/hosts', "/etc/hosts", tree.path("etc/hosts")],
		['false && cd "/tmp"; cat ../x', "/x", tree.path("x")],
	])("resolves the path after the uncertain cd of `%s` against both bases", (command, fromNew, fromOld) => {
		expect(external(command)).toEqual(expect.arrayContaining([fromNew, fromOld]));
	});

	it.each([
		["cd /tmp && cat ../x", "/x", tree.path("x")],
		["true && cd /tmp && cat ../x", "/x", tree.path("x")],
		["cd /tmp; cat ../x", "/x", tree.path("x")],
	])("keeps the certain cd of `%s` for the rest of its chain", (command, fromNew, fromOld) => {
		const paths = external(command);
		expect(paths).toContain(fromNew);
		expect(paths).not.toContain(fromOld);
	});
});

describe("parseBashUnits control labels", () => {
	const nestings = (command: string) => parseBashUnits(command, parser).units.map((unit) => unit.nesting);

	it.each([
		["a | b", [["pipeline"], ["pipeline"]]],
		["a || b", [["conditional"], ["conditional"]]],
		["a && b", [[], ["and_then"]]],
		["a & b", [["background"], []]],
		["a && b || c", [["conditional"], ["conditional", "and_then"], ["conditional"]]],
		["a || b && c", [["conditional"], ["conditional"], ["and_then"]]],
		["a && b | c &", [["background"], ["background", "and_then", "pipeline"], ["background", "and_then", "pipeline"]]],
		['a "q" | b', [["pipeline"], ["pipeline"]]],
		['a "q" || b', [["conditional"], ["conditional"]]],
		['a "q" && b || c', [["conditional"], ["conditional", "and_then"], ["conditional"]]],
		[
			'a "q" && b | c &',
			[["background"], ["background", "and_then", "pipeline"], ["background", "and_then", "pipeline"]],
		],
	])("labels the units of `%s` with %j", (command, expected) => {
		expect(nestings(command)).toEqual(expected);
	});

	it("labels every member of a long `||` chain conditional", () => {
		const command = Array.from({ length: 400 }, (_, i) => `c${i} "x"`).join(" || ");
		const units = parseBashUnits(command, parser).units;
		expect(units).toHaveLength(400);
		expect(units.every((unit) => unit.nesting.length === 1 && unit.nesting[0] === "conditional")).toBe(true);
	});

	it("labels `a && b || c && d || e` as the tree nests it, left to right", () => {
		expect(nestings('a "q" && b || c && d || e')).toEqual([
			["conditional"],
			["conditional", "and_then"],
			["conditional"],
			["conditional", "and_then"],
			["conditional"],
		]);
	});
});
