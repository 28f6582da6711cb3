import { POSIX_FLAVOR } from "@pi-permissions/policy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BashProgram } from "../../../src/bash/bash-program";
import { BashParser } from "../../../src/bash/reading/bash-parser";
import { createNodeFileSystemProbe } from "../../../src/path/file-system-probe";
import { PathNormalizer } from "../../../src/path/path-normalizer";
import { createTmpTree } from "../../support/tmp-tree";

/** Files a sed script reads by its own syntax (`r FILE`, `R FILE`) are path candidates (ADR 0026, "reads are reads"). */
const tree = createTmpTree({
	files: ["project/.env", "project/notes.txt", "home/.ssh/id_rsa", "other/file.txt"],
	symlinks: { "project/link-to-env": ".env" },
});
afterAll(() => tree.remove());
const normalizer = PathNormalizer.create({
	cwd: tree.path("project"),
	home: tree.path("home"),
	flavor: POSIX_FLAVOR,
	probe: createNodeFileSystemProbe(),
});
let parser: BashParser;
beforeAll(async () => {
	parser = await BashParser.load();
});

function canonical(command: string): string[] {
	const program = BashProgram.parse(command, { parser, normalizer });
	return program.pathCandidates.flatMap((path) => (path.kind === "resolved" ? [path.canonical] : []));
}

describe("BashProgram.parse path candidates of sed's and awk's own reads", () => {
	it.each([
		["r", "sed 'r .env' notes.txt", "project/.env"],
		["R with an address", "sed -n '1R link-to-env' notes.txt", "project/.env"],
		["-e script", "sed -e 's/a/b/' -e 'r .env' notes.txt", "project/.env"],
		["after another command", "sed -n 'p;r ../other/file.txt' notes.txt", "other/file.txt"],
		["absolute", `sed 'R ${"@HOME@"}/.ssh/id_rsa' notes.txt`, "home/.ssh/id_rsa"],
		["inside braces", "sed '/x/{r .env\n}' notes.txt", "project/.env"],
		["awk getline <", `awk 'BEGIN{while((getline l<".env")>0)print l}'`, "project/.env"],
		["awk getline into a field", `awk '{ getline < "link-to-env"; print }' notes.txt`, "project/.env"],
		["gawk -e", `gawk -e 'BEGIN { getline x < "../other/file.txt" }'`, "other/file.txt"],
		["git show REV:PATH", "git show HEAD:.env", "project/.env"],
		["git cat-file of a symlink's name", "git cat-file -p HEAD:link-to-env", "project/.env"],
	])("%s: `%s` reads %s", (_label, command, file) => {
		const text = command.replace("@HOME@", tree.path("home"));
		expect(canonical(text)).toContain(tree.path(file));
	});

	it.each([
		["a substitution only", "sed 's/r .env/x/' notes.txt"],
		["sed does no tilde expansion", "sed 'R ~/.ssh/id_rsa' notes.txt"],
		["a label named r", "sed ':r;n;br' notes.txt"],
		["awk comparing with <", `awk '$1 < 3 { print }' notes.txt`],
		["awk getline from its input", "awk '{ getline; print }' notes.txt"],
		["a getline inside a string", `awk '{ print "getline < x" }' notes.txt`],
	])("%s: `%s` reads no other file", (_label, command) => {
		expect(canonical(command)).toEqual([tree.path("project/notes.txt")]);
	});
});

describe("BashProgram.parse on an awk getline from a computed name", () => {
	it("leaves the file unresolved", () => {
		const program = BashProgram.parse(`awk '{ getline l < $2 }' notes.txt`, { parser, normalizer });
		expect(program.pathCandidates.some((path) => path.kind !== "resolved")).toBe(true);
	});
});
