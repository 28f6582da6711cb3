import { POSIX_FLAVOR } from "@pi-permissions/policy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BashProgram } from "../../../src/bash/bash-program";
import { BashParser } from "../../../src/bash/reading/bash-parser";
import { displayPath } from "../../../src/path/access-path";
import { createNodeFileSystemProbe } from "../../../src/path/file-system-probe";
import { PathNormalizer } from "../../../src/path/path-normalizer";
import { createTmpTree } from "../../support/tmp-tree";

const tree = createTmpTree({
	files: ["project/.env", "project/a.env", "project/b.env", "project/sub/x.ts", "outside/secret", "home/.ssh/id"],
	symlinks: { "project/cfg": ".env", "project/out": "../outside" },
});
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

function parse(command: string) {
	const program = BashProgram.parse(command, { parser, normalizer });
	expect(program.unparseable).toBeNull();
	return {
		external: program.externalPaths.map(displayPath),
		rules: program.pathCandidates.map((path) => path.matchValues),
	};
}

const outside = (relative: string) => tree.path(`outside/${relative}`);

describe("BashProgram.parse path slices on a real tree", () => {
	it.each([
		["f=.env; cat $f", ".env"],
		['export F=.env && cat "$F"', ".env"],
		["cat cfg", ".env"],
		["cat *.env", "a.env"],
		["cat .en?", ".env"],
		['cat "$DIR/.env"', "$DIR/.env"],
		// `$(pwd)` is the shell's directory (ADR 0031): the file itself is the candidate.
		["cat $(pwd)/.env", ".env"],
		["pwd() { echo /x; }; cat $(pwd)/.env", "$(pwd)/.env"],
		["cd sub && cat ../.env", ".env"],
		["echo x > .env", ".env"],
		["grep -r key .env", ".env"],
	])("gives `%s` a rule candidate spelled %j", (command, value) => {
		expect(parse(command).rules.flat()).toContain(value);
	});

	it.each([
		["cd sub && cat ../../outside/secret", [outside("secret")]],
		["cat out/secret", [`${cwd}/out/secret`]],
		["cat out/*", [`${cwd}/out/secret`]],
		["cd out && cat secret", [`${cwd}/out`, `${cwd}/out/secret`]],
		// Inside a subshell the cd is uncertain, so both the old and the new base are considered.
		["(cd sub && cat ../../outside/secret)", [tree.path("../outside/secret"), outside("secret")]],
		["cat ~/.ssh/id $HOME/.ssh/id ${HOME}/.ssh/id", [tree.path("home/.ssh/id")]],
		["sed -i 's/a/b/' ../outside/secret", [outside("secret")]],
		["cat sub/x.ts .env a.env", []],
	] as const)("lists the external paths of `%s`", (command, expected) => {
		expect(parse(command).external).toEqual(expected);
	});
});

describe("BashProgram.parse path evasions", () => {
	it.each([
		["cat ../outside/{secret,other}", [outside("secret"), outside("other")]],
		["cat {../outside/secret,x}", [outside("secret")]],
		// The substitution is listed after the cd, so it is judged with the unknown base: over-approximate, never under.
		['cd "$(printf ../outside)" && cat secret', ["../outside", "secret"]],
		// `~+` is `$PWD`, so `~+/x` is inside; `~root` is another user's home, at no known place.
		["cat ~root/.ssh/id ~+/x ~+/../outside/secret", ["~root/.ssh/id", outside("secret")]],
		["cat ../outs?de/secret", [outside("secret")]],
		["cat ../outside/./secret ../outside//secret", [outside("secret")]],
		["cat sub/../../outside/secret", [outside("secret")]],
		["cat $'../outside/secret'", [outside("secret")]],
		['cat ../outside/sec""ret', [outside("secret")]],
		["cat <(cat ../outside/secret)", [outside("secret")]],
		["d=../outside; cat $d/secret", [outside("secret")]],
		["cp ../outside/secret .", [outside("secret")]],
		["ln -s ../outside/secret s && cat s", [outside("secret")]],
	] as const)("lists the external paths of `%s`", (command, expected) => {
		expect(parse(command).external).toEqual(expected);
	});
});

describe("BashProgram.parse path laws", () => {
	const commands = [
		"cat ../outside/secret",
		"cd sub && cat ../../outside/secret",
		"cat < ../outside/secret > ~/copy",
		"grep -e key ../outside/secret",
		"f=../outside; cat $f/secret",
		"cat out/* ~/.ssh/id",
	];
	const wrappers: readonly ((command: string) => string)[] = [
		(c) => `(${c})`,
		(c) => `{ ${c}; }`,
		(c) => `if true; then ${c}; fi`,
		(c) => `echo $(${c})`,
		(c) => `true && ${c}`,
		(c) => `${c} | cat`,
		(c) => `for i in 1; do ${c}; done`,
		(c) => `sudo bash -c '${c}'`,
		(c) => `cat <(${c})`,
	];
	it.each(commands)("never loses an external path of `%s` when it is wrapped", (command) => {
		const bare = parse(command).external;
		for (const wrap of wrappers) {
			const wrapped = parse(wrap(command)).external;
			for (const path of bare) expect(wrapped, wrap(command)).toContain(path);
		}
	});
});

describe("BashProgram.parse with the command's own HOME and CDPATH", () => {
	it.each([
		["HOME=../outside; cat ~/secret", [outside("secret")]],
		["export HOME=$(pwd); cat ~/x", ["~/x"]],
		["HOME=../outside; cd && cat secret", [outside("secret")]],
		["HOME=../outside; cd ~ && cat secret", [tree.path("outside"), "secret"]],
		["CDPATH=..; cd outside && cat secret", ["secret"]],
		["HOME=/tmp cat ~/.ssh/id", [tree.path("home/.ssh/id")]],
	] as const)("lists the external paths of `%s`", (command, expected) => {
		expect(parse(command).external).toEqual(expected);
	});
});

describe("BashProgram.parse words it cannot fully resolve", () => {
	it.each([
		["cat ${X:-../outside/secret}", [outside("secret")]],
		["cat ${X+../outside/secret}", [outside("secret")]],
		["cat ../outside/$X", ["../outside/$X"]],
		["cat /etc/$(whoami)", ["/etc/$(whoami)"]],
		['cat "$CONFIG/x" sub/$X', []],
	] as const)("lists the external paths of `%s`", (command, expected) => {
		expect(parse(command).external).toEqual(expected);
	});
});
