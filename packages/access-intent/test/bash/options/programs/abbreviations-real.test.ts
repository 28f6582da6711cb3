/**
 * Each program's reading of abbreviated long options against the real program installed here: a program that takes
 * `--in-pl` for `--in-place` (getopt_long, curl's own parser, git's parse-options) must be read with
 * `abbreviations: "prefix"`, or `sed -n --in-pl '' f` reads as plain `sed -n` and edits f unseen. A program that
 * rejects abbreviations may still be read with them (reading more than the program does only over-asks); each row
 * says which reading it has, so a change to a program's reading or to the installed program shows here.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { OptionGrammar } from "../../../../src/bash/options/option-grammar";
import { CP } from "../../../../src/bash/options/programs/cp";
import { CURL_TABLE } from "../../../../src/bash/options/programs/curl";
import { FIND_TABLE } from "../../../../src/bash/options/programs/find";
import { GIT_GLOBAL_OPTIONS, GIT_TABLE } from "../../../../src/bash/options/programs/git";
import { GREP, GREP_TABLE } from "../../../../src/bash/options/programs/grep";
import { HEAD } from "../../../../src/bash/options/programs/head";
import { MAKE_TABLE } from "../../../../src/bash/options/programs/make";
import { MV } from "../../../../src/bash/options/programs/mv";
import { PYTHON_TABLE } from "../../../../src/bash/options/programs/python";
import { RG_TABLE } from "../../../../src/bash/options/programs/rg";
import { RM } from "../../../../src/bash/options/programs/rm";
import { SED, SED_TABLE } from "../../../../src/bash/options/programs/sed";
import { SORT_TABLE } from "../../../../src/bash/options/programs/sort";
import { TAIL } from "../../../../src/bash/options/programs/tail";
import { TAR_TABLE } from "../../../../src/bash/options/programs/tar";
import { TOUCH } from "../../../../src/bash/options/programs/touch";

interface Row {
	/** The command line, run in a scratch directory holding `f` (one line `a`), `s` (edited by sed) and a git repository with a commit. */
	readonly argv: readonly string[];
	/** What the real program does with the abbreviation (checked on this machine). */
	readonly real: "accepts" | "rejects";
	/** The grammars our tables read this program's command line with. */
	readonly grammars: readonly OptionGrammar[];
	/** Our reading's setting, stated so that a change shows. */
	readonly reading: "prefix" | "none";
}

const sub = (name: string): OptionGrammar => {
	const options = GIT_TABLE.subcommands?.get(name);
	if (options === undefined) throw new Error(`no git sub-command table for ${name}`);
	return options.grammar;
};

const ROWS: Readonly<Record<string, Row>> = {
	"sed --in-pl (GNU sed 4.9)": {
		argv: ["sed", "-n", "--in-pl", "", "s"],
		real: "accepts",
		grammars: [SED.grammar, SED_TABLE.global.grammar],
		reading: "prefix",
	},
	"grep --fixed": {
		argv: ["grep", "--fixed", "a", "f"],
		real: "accepts",
		grammars: [GREP.grammar, GREP_TABLE.global.grammar],
		reading: "prefix",
	},
	"tar --verbo": {
		argv: ["tar", "--verbo", "-cf", "x.tar", "f"],
		real: "accepts",
		grammars: [TAR_TABLE.global.grammar],
		reading: "prefix",
	},
	"cp --verb": { argv: ["cp", "--verb", "f", "g"], real: "accepts", grammars: [CP.grammar], reading: "prefix" },
	"mv --verb": { argv: ["mv", "--verb", "g", "h"], real: "accepts", grammars: [MV.grammar], reading: "prefix" },
	"rm --verb": { argv: ["rm", "--verb", "h"], real: "accepts", grammars: [RM.grammar], reading: "prefix" },
	"sort --rev": {
		argv: ["sort", "--rev", "f"],
		real: "accepts",
		grammars: [SORT_TABLE.global.grammar],
		reading: "prefix",
	},
	"head --lin=1": { argv: ["head", "--lin=1", "f"], real: "accepts", grammars: [HEAD.grammar], reading: "prefix" },
	"tail --lin=1": { argv: ["tail", "--lin=1", "f"], real: "accepts", grammars: [TAIL.grammar], reading: "prefix" },
	"touch --no-cr": { argv: ["touch", "--no-cr", "f"], real: "accepts", grammars: [TOUCH.grammar], reading: "prefix" },
	"make --vers": {
		argv: ["make", "--vers"],
		real: "accepts",
		grammars: [MAKE_TABLE.global.grammar],
		reading: "prefix",
	},
	// curl 7.88's own parser takes a unique prefix (`--outp` is ambiguous with `--output-dir`).
	"curl --vers": {
		argv: ["curl", "--vers"],
		real: "accepts",
		grammars: [CURL_TABLE.global.grammar],
		reading: "prefix",
	},
	// git's parse-options sub-commands take abbreviations; its global options do not.
	"git status --shor": {
		argv: ["git", "status", "--shor"],
		real: "accepts",
		grammars: [sub("status")],
		reading: "prefix",
	},
	"git --vers": {
		argv: ["git", "--vers"],
		real: "rejects",
		grammars: [GIT_GLOBAL_OPTIONS, GIT_TABLE.global.grammar],
		reading: "none",
	},
	// `git log` reads revision options by whole name; the table reads them as parse-options would (over-asks only).
	"git log --onel": {
		argv: ["git", "log", "--onel", "-1"],
		real: "rejects",
		grammars: [sub("log")],
		reading: "prefix",
	},
	"find -maxdep (no long options)": {
		argv: ["find", ".", "-maxdep", "0"],
		real: "rejects",
		grammars: [FIND_TABLE.global.grammar],
		reading: "none",
	},
	"python3 --vers": {
		argv: ["python3", "--vers"],
		real: "rejects",
		grammars: [PYTHON_TABLE.global.grammar],
		reading: "none",
	},
	"rg --fixed (clap)": {
		argv: ["rg", "--fixed", "a", "f"],
		real: "rejects",
		grammars: [RG_TABLE.global.grammar],
		reading: "none",
	},
};

let scratch = "";

beforeAll(() => {
	scratch = mkdtempSync(join(tmpdir(), "abbrev-real-"));
	writeFileSync(join(scratch, "f"), "a\n");
	writeFileSync(join(scratch, "s"), "a\n");
	const git = (...args: string[]) => spawnSync("git", args, { cwd: scratch, stdio: "ignore" });
	git("init", "-q", ".");
	git("-c", "user.email=a@b", "-c", "user.name=n", "commit", "-q", "--allow-empty", "-m", "x");
});

describe("abbreviated long options: our reading against the real program", () => {
	it.each(Object.entries(ROWS))("%s", (_name, row) => {
		const [program = "", ...args] = row.argv;
		const run = spawnSync(program, args, { cwd: scratch, stdio: ["ignore", "ignore", "pipe"], timeout: 20_000 });
		expect(run.error, `${program} must be installed here`).toBeUndefined();
		expect(run.status === 0 ? "accepts" : "rejects").toBe(row.real);
		for (const grammar of row.grammars) expect(grammar.reading.abbreviations).toBe(row.reading);
		// SECURITY: a program that takes abbreviations must be read with them.
		if (row.real === "accepts") expect(row.reading).toBe("prefix");
	});
});
