import { POSIX_FLAVOR } from "@pi-permissions/policy";
import { afterAll, describe, expect, it } from "vitest";
import { BashProgram } from "../../../src/bash/bash-program";
import type { WriteTarget } from "../../../src/bash/effects/write-targets";
import { createNodeFileSystemProbe } from "../../../src/path/file-system-probe";
import { PathNormalizer } from "../../../src/path/path-normalizer";
import { parser } from "../../support/bash-fixture";
import { createTmpTree } from "../../support/tmp-tree";

const tree = createTmpTree({
	files: ["project/notes.txt", "project/a.log", "project/b.log", "project/.git/config"],
	directories: ["project/.git/hooks", "project/docs", "project/.pi"],
	symlinks: { "project/innocent": ".git/hooks" },
});
afterAll(() => tree.remove());

const cwd = tree.path("project");
const normalizer = PathNormalizer.create({
	cwd,
	home: tree.path("home"),
	flavor: POSIX_FLAVOR,
	probe: createNodeFileSystemProbe(),
});

function writes(command: string): string[] {
	const view = (target: WriteTarget) =>
		`${target.effect} ${target.tree ? "tree:" : ""}${target.path.kind === "resolved" ? target.path.canonical.slice(cwd.length) : `?${target.path.typed}`}`;
	return BashProgram.parse(command, { parser, normalizer }).writeTargets.map(view);
}

describe("BashProgram.writeTargets on a real tree", () => {
	it("lands a copy in an existing directory under the source's name", () => {
		expect(writes("cp notes.txt .git/hooks")).toEqual(["write /.git/hooks", "write /.git/hooks/notes.txt"]);
	});

	it("keeps a copied source whose name is computed an unknown write in the directory", () => {
		expect(writes('cp "$UNSET_SOURCE" .git/hooks')).toEqual(["write /.git/hooks", 'write ?.git/hooks/"$UNSET_SOURCE"']);
		expect(writes('for f in a.log ..; do cp "$f" docs/; done')).toEqual(["write /docs", 'write ?docs//"$f"']);
		expect(writes('f="a b"; cp $f docs/')).toEqual(["write /docs", "write ?docs//$f"]);
	});

	it("moves into the working directory without writing the whole of it", () => {
		expect(writes("mv docs/x.md .")).toEqual(["write ", "write tree:/x.md", "delete tree:/docs/x.md"]);
	});

	it("follows a symlinked directory to where the write lands", () => {
		expect(writes("echo x > innocent/pre-commit")).toEqual(["write /.git/hooks/pre-commit"]);
	});

	it("expands a glob to the files it deletes", () => {
		expect(writes("rm *.log")).toEqual(["delete /a.log", "delete /b.log"]);
	});

	it("folds a cd into an existing directory", () => {
		expect(writes("cd .pi && echo x > settings.json")).toEqual(["write /.pi/settings.json"]);
	});
});

describe("BashProgram.writeTargets reads variables as the path slice does (one shell state, ADR 0030)", () => {
	it("appends with +=", () => {
		expect(writes("f=.pi/settings.js; f+=on; echo x > $f")).toEqual(["write /.pi/settings.json"]);
	});

	it("applies a declared case to later values", () => {
		expect(writes("declare -l f=.GIT/CONFIG; echo x > $f")).toEqual(["write /.git/config"]);
	});

	it("takes a loop variable's words", () => {
		expect(writes("for f in .git/config; do echo x > $f; done")).toEqual(["write /.git/config"]);
	});

	it("forgets a value read from input, so the write cannot be named", () => {
		expect(writes("f=notes.txt; read f; echo x > $f")).toEqual(["write ?$f"]);
	});

	it("forgets values after source, before the unit's own words", () => {
		expect(writes("f=notes.txt; source x > $f")).toEqual(["write /notes.txt", "write ?$f"]);
	});
});
