import { POSIX_FLAVOR } from "@pi-permissions/policy";
import { beforeAll, describe, expect, it } from "vitest";
import { BashProgram } from "../../../src/bash/bash-program";
import { BashParser } from "../../../src/bash/reading/bash-parser";
import { displayPath } from "../../../src/path/access-path";
import { PathNormalizer } from "../../../src/path/path-normalizer";
import { createFakeProbe } from "../../support/fake-probe";
import { EXTDIR_CASES } from "./path-candidates-extdir.cases";

// The corpus defaults: cwd /projects/app (with src/), home /home/u, /tmp a real directory.
const normalizer = PathNormalizer.create({
	cwd: "/projects/app",
	home: "/home/u",
	flavor: POSIX_FLAVOR,
	probe: createFakeProbe({
		directories: ["/projects/app/src", "/tmp", "/etc", "/home/u", "/var/log"],
		files: ["/etc/hosts", "/etc/passwd", "/projects/app/README.md", "/projects/app/file.txt"],
	}),
});
let parser: BashParser;
beforeAll(async () => {
	parser = await BashParser.load();
});

describe("BashProgram.parse external paths (corpus extdir.bash)", () => {
	it.each(EXTDIR_CASES)("$id $command -> $externalPaths", ({ command, externalPaths }) => {
		const program = BashProgram.parse(command, { parser, normalizer });
		expect(program.unparseable).toBeNull();
		expect(program.externalPaths.map(displayPath)).toEqual(externalPaths);
	});
});
