import { describe, expect, it } from "vitest";
import { RECURSIVE_READERS } from "../../../src/bash/effects/recursive-reader-table";
import type { RecursiveRead } from "../../../src/bash/effects/recursive-reads";
import { parseProgram } from "../../support/bash-fixture";

/** What the command reads whole: the root as written (absolute under the fixture's cwd), hidden entries, via. */
function readsOf(command: string): { root: string | null; hidden: boolean; via: string }[] {
	return parseProgram(command).recursiveReads.map((read: RecursiveRead) => ({
		root: read.root === null ? null : read.root.kind === "resolved" ? read.root.lexical : read.root.typed,
		hidden: read.hidden,
		via: read.via,
	}));
}

const CWD = "/projects/app";
const at = (path: string) => (path === "." ? CWD : `${CWD}/${path}`);

/** One command per row of the table: the tree it reads, and one that reads none. */
const ROWS: Readonly<
	Record<string, { readonly reads: readonly [string, string, boolean, string]; readonly none: string }>
> = {
	grep: { reads: ["grep -rn SECRET .", ".", true, "grep -r"], none: "grep -n SECRET notes.txt" },
	rgrep: { reads: ["rgrep KEY src", "src", true, "rgrep"], none: "echo rgrep KEY src" },
	rg: { reads: ["rg KEY", ".", false, "rg"], none: "rg --files src" },
	ag: { reads: ["ag foo src", "src", false, "ag"], none: "ag -g foo src" },
	ack: { reads: ["ack foo", ".", true, "ack"], none: "ack -f src" },
	tar: { reads: ["tar czf /tmp/out.tgz src", "src", true, "tar"], none: "tar xzf /tmp/out.tgz" },
	zip: { reads: ["zip -r /tmp/out.zip docs", "docs", true, "zip -r"], none: "zip /tmp/out.zip notes.txt" },
	"7z": { reads: ["7z a /tmp/out.7z src", "src", true, "7z"], none: "7z x /tmp/out.7z" },
	cp: { reads: ["cp -r src /tmp/copy", "src", true, "cp -r"], none: "cp notes.txt /tmp/n.txt" },
	rsync: { reads: ["rsync -a src/ /tmp/mirror/", "src", true, "rsync -r"], none: "rsync notes.txt /tmp/" },
	scp: { reads: ["scp -r src host:/tmp", "src", true, "scp -r"], none: "scp notes.txt host:/tmp" },
	diff: { reads: ["diff -r src other", "src", true, "diff -r"], none: "diff a.txt b.txt" },
	find: { reads: ["find src -type f -exec cat {} +", "src", true, "find -exec"], none: "find src -name '*.ts'" },
	fd: { reads: ["fd -e ts -x wc -l", ".", false, "fd -exec"], none: "fd -e ts" },
};

describe("RECURSIVE_READERS", () => {
	it("reads the tree in the directory the unit runs in (`cd` folded)", () => {
		expect(readsOf("cd src && grep -r KEY .")).toContainEqual({ root: at("src"), hidden: true, via: "grep -r" });
	});

	it("has a row test for every family", () => {
		expect(Object.keys(ROWS).sort()).toEqual(RECURSIVE_READERS.map((row) => row.names[0] as string).sort());
	});

	it.each(Object.entries(ROWS))("%s reads its tree, and not without its walking form", (_name, { reads, none }) => {
		const [command, root, hidden, via] = reads;
		expect(readsOf(command)).toContainEqual({ root: at(root), hidden, via });
		expect(readsOf(none)).toEqual([]);
	});

	it.each([
		["grep -R foo", [{ root: CWD, hidden: true, via: "grep -r" }]],
		[
			"grep --recursive -e a -e b src docs",
			[at("src"), at("docs")].map((root) => ({ root, hidden: true, via: "grep -r" })),
		],
		["grep -d recurse foo src", [{ root: at("src"), hidden: true, via: "grep -r" }]],
		["egrep -rl 'a|b' lib", [{ root: at("lib"), hidden: true, via: "egrep -r" }]],
		["rg -uu KEY", [{ root: CWD, hidden: true, via: "rg" }]],
		["rg -u KEY", [{ root: CWD, hidden: false, via: "rg" }]],
		["rg --hidden -g '*.ts' KEY src", [{ root: at("src"), hidden: true, via: "rg" }]],
		["rg -e KEY src lib", [at("src"), at("lib")].map((root) => ({ root, hidden: false, via: "rg" }))],
		["git log | rg fix", []],
		["rg fix < notes.txt", []],
		["rg -n TODO src | head", [{ root: at("src"), hidden: false, via: "rg" }]],
		["tar -czf /tmp/o.tgz -C /etc ssl", [{ root: "/etc/ssl", hidden: true, via: "tar" }]],
		[
			"tar --create --file=/tmp/o.tar src docs",
			[at("src"), at("docs")].map((root) => ({ root, hidden: true, via: "tar" })),
		],
		["cp -rt /tmp/dst a b", [at("a"), at("b")].map((root) => ({ root, hidden: true, via: "cp -r" }))],
		["rsync -av host:/srv/ ./mirror/", []],
		["find . -type f | xargs cat", [{ root: CWD, hidden: true, via: "find | xargs" }]],
		["find . -name '*.ts'", []],
		['grep -r KEY "$DIR"', [{ root: null, hidden: true, via: "grep -r" }]],
	] as const)("%s reads %j", (command, reads) => {
		expect(readsOf(command)).toEqual(reads);
	});
});

describe("programs run on listed entries", () => {
	it.each([
		["find . -name '*.tmp' -exec rm {} +", []],
		["find . -type f -exec chmod 644 {} \\;", []],
		["find . -exec /bin/rm {} \\;", []],
		["find . -type f -exec file {} +", []],
		["find . -type f | xargs rm", []],
		["find . -type f -exec ls -l {} \\; | xargs cat", [{ root: CWD, hidden: true, via: "find | xargs" }]],
		["find . -type f -exec sh -c 'cat \"$1\"' _ {} \\;", [{ root: CWD, hidden: true, via: "find -exec" }]],
		["find . -print0 | xargs -0 grep -l x", [{ root: CWD, hidden: true, via: "find | xargs" }]],
	] as const)("%s reads %j", (command, reads) => {
		expect(readsOf(command)).toEqual(reads);
	});
});
