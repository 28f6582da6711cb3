import { describe, expect, it } from "vitest";
import type { ShellWord } from "../../../src/bash/reading/shell-word";
import { declarationArgumentSettings, referenceSettings } from "../../../src/bash/runs/declaration-settings";
import { expectEffect, PLAIN, relocating, unknownSetting } from "../../support/effect-verdict";

function literal(text: string, raw = text): ShellWord {
	return { raw, parts: [{ kind: "literal", text, globActive: false }] };
}

function computed(head: string, raw: string): ShellWord {
	return {
		raw,
		parts: [
			{ kind: "literal", text: head, globActive: false },
			{ kind: "variable", name: "V", quoted: true },
		],
	};
}

describe("declarationArgumentSettings", () => {
	it("reads a quoted `NAME=value` word as bash does once the quotes are removed", () => {
		expect(declarationArgumentSettings([literal("GIT_DIR=x", '"GIT_DIR=x"')])).toEqual([
			{ name: "GIT_DIR", value: "x" },
		]);
		expect(declarationArgumentSettings([literal("PATH+=:/opt", "'PATH'+=:/opt")])).toEqual([
			{ name: "PATH", value: ":/opt" },
		]);
	});

	it("skips option words and bare names, and reads a computed name as any variable", () => {
		expect(declarationArgumentSettings([literal("-x"), literal("+r"), literal("NAME")])).toEqual([]);
		expect(declarationArgumentSettings([computed("HOME=", 'HOME="$V"')])).toEqual([
			{ name: "HOME", value: null, written: '"$V"' },
		]);
		expect(declarationArgumentSettings([computed("", '"$V"')])).toEqual([
			{ name: '"$V"', value: null, computedName: true },
		]);
	});
});

describe("referenceSettings", () => {
	it("reads `declare -n r=NAME` as a setting of NAME to a value not known", () => {
		expect(referenceSettings([literal("GIT_DIR"), null])).toEqual([{ name: "GIT_DIR", value: null }]);
		expect(referenceSettings([computed("", "$N")])).toEqual([{ name: "$N", value: null, computedName: true }]);
	});
});

describe("a declaration's words as programs see them", () => {
	it.each([
		['export "GIT_DIR=x"; git status', relocating("GIT_DIR")],
		["export 'HOME'=h; git status", relocating("HOME")],
		['declare -x "XDG_CONFIG_HOME=$PWD/c"; git status', relocating("XDG_CONFIG_HOME")],
		['export "DATABASE_URL=x"; npm test', unknownSetting("DATABASE_URL")],
		["declare -n r=GIT_DIR; r=x; export GIT_DIR; git status", relocating("GIT_DIR")],
	])("%s", (command, verdict) => {
		expectEffect(command, verdict);
	});

	it.each(['export "CI=1"; npm test', "export 'LANG=C'; sort f", "declare -n r=arr; r=1"])(
		"%s stays plain",
		(command) => {
			expectEffect(command, PLAIN);
		},
	);
});
