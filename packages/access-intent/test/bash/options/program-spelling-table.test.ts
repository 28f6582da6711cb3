import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import type { OptionGrammar } from "../../../src/bash/options/option-grammar";
import { programSpellingOf } from "../../../src/bash/options/program-spelling-table";
import { GIT_GLOBAL_OPTIONS } from "../../../src/bash/options/programs/git";

/**
 * Each program's grammar against the real program's own list of its options (`--help`; git's `-h`): every spelling
 * it documents is in the grammar, taking what the help says it takes (`--mode=MODE`, `-t STAMP`, `--repo <r>`: a
 * value; `--backup[=CONTROL]`, `-i[SUFFIX]`: a value only attached; otherwise nothing).
 */

type Takes = "flag" | "value" | "optional";

interface Documented {
	readonly spelling: string;
	readonly takes: Takes;
}

/** `--backup[=CONTROL]`, `-i[SUFFIX]`: a value only attached (`--bytes=[-]NUM` takes one always). */
const OPTIONAL = /\[=|(?:^|[\s,])-[A-Za-z]\[/;

/** The options of one `--help` text: each line that starts with blanks and a dash, up to its description. */
function documented(help: string): Documented[] {
	const out: Documented[] = [];
	for (const line of help.split("\n")) {
		const match = /^\s+(-.*?)(?:\s{2,}|$)/.exec(line);
		if (match === null) continue;
		const head = match[1] as string;
		const takes: Takes = OPTIONAL.test(head) ? "optional" : /[=<(]|\s[a-zA-Z[]/.test(head) ? "value" : "flag";
		for (const part of head.split(/,\s*/)) {
			const spelling = /^(--?[A-Za-z0-9][\w-]*)/.exec(part.trim())?.[1];
			if (spelling !== undefined && spelling !== "-NUM") out.push({ spelling, takes: shortTakes(part, takes) });
		}
	}
	return out;
}

/** A short spelling written alone (`-b`) beside a long one that takes a value (`--backup[=C]`) takes what it shows. */
function shortTakes(part: string, takes: Takes): Takes {
	const text = part.trim();
	if (!/^-[^-]/.test(text)) return takes;
	if (text.length === 2) return /^-[A-Za-z0-9]$/.test(text) && takes !== "flag" ? takes : "flag";
	return OPTIONAL.test(text) ? "optional" : "value";
}

function takesOf(grammar: OptionGrammar, spelling: string): Takes | "missing" | "uncertain" {
	const spec = spelling.startsWith("--") ? grammar.long.get(spelling) : grammar.short.get(spelling.slice(1));
	return spec?.takes ?? "missing";
}

function help(program: string, ...args: string[]): string {
	try {
		return execFileSync(program, args, { encoding: "utf8", env: { PATH: "/usr/bin:/bin", LC_ALL: "C" } });
	} catch (error) {
		// `git push -h` prints its usage and exits 129 (`git branch -h` on stderr).
		const failed = error as { stdout?: string; stderr?: string };
		return `${failed.stdout ?? ""}${failed.stderr ?? ""}`;
	}
}

const COREUTILS_LIKE = [
	"rm",
	"rmdir",
	"mkdir",
	"touch",
	"cp",
	"mv",
	"ln",
	"chmod",
	"chown",
	"chgrp",
	"sed",
	"grep",
	"head",
	"tail",
];
const GIT_SUBCOMMANDS = ["push", "clean", "reset", "branch", "checkout"];

describe("each program's grammar against its own --help", () => {
	it.each(COREUTILS_LIKE)("%s: every documented spelling is known and takes what the help says", (program) => {
		const grammar = programSpellingOf(program)?.grammar;
		if (grammar === undefined) throw new Error(`no spelling for ${program}`);
		const found = documented(help(program, "--help"));
		expect(found.length).toBeGreaterThan(3);
		for (const { spelling, takes } of found)
			expect({ spelling, takes: takesOf(grammar, spelling) }).toEqual({ spelling, takes });
	});

	it.each(GIT_SUBCOMMANDS)("git %s: every documented spelling is known and takes what `-h` says", (subcommand) => {
		const grammar = programSpellingOf("git")?.subcommands.get(subcommand)?.grammar;
		if (grammar === undefined) throw new Error(`no spelling for git ${subcommand}`);
		const found = documented(help("git", subcommand, "-h"));
		expect(found.length).toBeGreaterThan(3);
		for (const { spelling, takes } of found)
			expect({ spelling, takes: takesOf(grammar, spelling) }).toEqual({ spelling, takes });
	});

	it("git: every global option of the usage line is known and takes what it shows", () => {
		const usage = help("git", "-h").split("\n\n")[0] as string;
		const found = [...usage.matchAll(/\[([^[\]]*(?:\[[^\]]*\])?[^[\]]*)\]/g)].flatMap((bracket) =>
			(bracket[1] as string).split(" | ").map((part) => {
				const spelling = /^(--?[A-Za-z][\w-]*)/.exec(part.trim())?.[1];
				const takes: Takes = /\[=/.test(part) ? "optional" : /[=<]/.test(part) ? "value" : "flag";
				return { spelling, takes };
			}),
		);
		const options = found.filter((each): each is Documented => each.spelling !== undefined);
		expect(options.length).toBeGreaterThan(15);
		for (const { spelling, takes } of options)
			expect({ spelling, takes: takesOf(GIT_GLOBAL_OPTIONS, spelling) }).toEqual({ spelling, takes });
	});
});
