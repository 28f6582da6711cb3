import { describe, expect, it } from "vitest";
import { loopWords, VARIABLE_WRITERS } from "../../../src/bash/state/shell-state-effects";

describe("VARIABLE_WRITERS", () => {
	// `null` stands for a computed word; `"any"` means any variable may have been set.
	it.each([
		["read", ["-r", "f", "g"], ["f", "g"]],
		["read", ["-p", "name?", "-t", "5"], ["REPLY"]],
		["read", ["-a", "arr"], ["arr"]],
		["read", ["-aarr"], ["arr"]],
		["read", [null], "any"],
		["printf", ["-v", "f", "%s", ".env"], ["f"]],
		["printf", ["-vf", "%s"], ["f"]],
		["printf", ["%s", ".env"], []],
		["printf", [null, "%s"], "any"],
		["mapfile", ["-t", "a"], ["a"]],
		["mapfile", ["-n", "3"], ["MAPFILE"]],
		["readarray", ["-d", ",", "a"], ["a"]],
		["getopts", ["ab", "opt"], ["opt", "OPTARG", "OPTIND"]],
		["getopts", ["ab", null], "any"],
		["wait", ["-p", "pid"], ["pid"]],
		["wait", ["1"], []],
		["let", ["f=1", "g++"], ["f", "g"]],
		["let", [null], "any"],
	] as const)("`%s %j` sets %j", (name, texts, names) => {
		expect(VARIABLE_WRITERS.get(name)?.(texts)).toEqual(names);
	});

	it("lists exactly the builtins it has rows for", () => {
		expect([...VARIABLE_WRITERS.keys()].sort()).toEqual(
			["getopts", "let", "mapfile", "printf", "read", "readarray", "wait"].sort(),
		);
	});
});

describe("loopWords", () => {
	it.each([
		["for f in a b; do cat $f; done", ["a", "b"]],
		["for f in src/*.ts\ndo wc -l $f; done", ["src/*.ts"]],
		["for f in; do :; done", []],
		["for f in \t a\tb  ; do :; done", ["a", "b"]],
		// bash splits the list at spaces and tabs only: any other blank is part of a word, which is then not plain.
		["for f in a \r; do :; done", null],
		["for f in a\u00a0b; do :; done", null],
		["for f in a\vb; do :; done", null],
		["for f in 'a b'; do :; done", null],
		['for f in "$@"; do :; done', null],
		["for f in $(ls); do :; done", null],
		["for f in ~/x; do :; done", null],
		["for f in {a,b}; do :; done", null],
		["for f in a # c\ndo :; done", null],
		["for f; do :; done", null],
		["for ((i=0; i<3; i++)); do :; done", null],
		["select f in a b; do :; done", null],
	])("reads %j as %j", (text, words) => {
		expect(loopWords(text)).toEqual(words);
	});
});
