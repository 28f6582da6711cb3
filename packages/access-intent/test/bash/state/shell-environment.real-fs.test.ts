import { POSIX_FLAVOR } from "@pi-permissions/policy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BashProgram } from "../../../src/bash/bash-program";
import { BashParser } from "../../../src/bash/reading/bash-parser";
import {
	DEFAULTED_WHEN_UNSET,
	SHELL_COMPUTED_VARIABLES,
	type ShellEnvironment,
	shellEnvironmentOf,
	UNKNOWABLE_ENVIRONMENT,
	UNKNOWN_SHELL_ENVIRONMENT,
} from "../../../src/bash/state/shell-environment";
import { createNodeFileSystemProbe } from "../../../src/path/file-system-probe";
import { PathNormalizer } from "../../../src/path/path-normalizer";
import { createTmpTree } from "../../support/tmp-tree";

/** A project with `.env`, `src/a.ts`, `src/b.ts`; HOME beside it (ADR 0039). */
const tree = createTmpTree({
	files: ["project/.env", "project/src/a.ts", "project/src/b.ts", "project/notes.txt", "home/.ssh/id_rsa"],
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

/** The environment of the rows: a few set variables; anything else is unset. */
const KNOWN = shellEnvironmentOf({
	HOME: tree.path("home"),
	USER: "u",
	SECRET_FILE: ".env",
	SPACED: "notes.txt .env",
	PATTERN: "src/*.ts",
	DASHED: "-n",
	EMPTY: "",
});

interface Read {
	readonly canonical: readonly string[];
	readonly unresolved: readonly string[];
	readonly unparseable: string | null;
}

function read(command: string, shellEnvironment: ShellEnvironment = KNOWN): Read {
	const program = BashProgram.parse(command, { parser, normalizer, shellEnvironment });
	const canonical: string[] = [];
	const unresolved: string[] = [];
	for (const path of program.pathCandidates) {
		if (path.kind === "resolved") canonical.push(path.canonical.slice(tree.root.length + 1));
		else if (path.reason === "unresolved-word") unresolved.push(path.typed);
	}
	return { canonical, unresolved, unparseable: program.unparseable?.reason ?? null };
}

const ENV = "project/.env";

describe("words read under a known start-up environment (ADR 0039)", () => {
	it.each([
		// A set variable is its value; quoted, one word; unquoted, split by the default IFS and globbed.
		["set, unquoted", "cat $SECRET_FILE", [ENV]],
		["set, quoted", 'cat "$SECRET_FILE"', [ENV]],
		["set, braced", "cat ${SECRET_FILE}", [ENV]],
		["split at IFS", "cat $SPACED", ["project/notes.txt", ENV]],
		["globbed", "cat $PATTERN", ["project/src/a.ts", "project/src/b.ts", "project/src/*.ts"]],
		["quoted: no glob", 'cat "$PATTERN"', ["project/src/*.ts"]],
		// An unset variable is empty: it adds nothing to a word.
		["unset inside a word", "cat .e${UNSET_VAR}nv", [ENV]],
		["unset, quoted inside a word", 'cat ".e$UNSET_VAR"nv', [ENV]],
		["default of an unset variable", "cat ${UNSET_VAR:-.env}", [ENV]],
		["default of a set variable", "cat ${SECRET_FILE:-notes.txt}", [ENV, "project/notes.txt"]],
		["transform of a set variable", "cat ${SECRET_FILE%.env}notes.txt", ["project/notes.txt"]],
		// The command's own assignments win over the environment, before and after.
		["rebinding after the environment", "SECRET_FILE=notes.txt; cat $SECRET_FILE", ["project/notes.txt"]],
		// A wrapper's words are expanded by the command's shell, before the wrapper runs.
		["through sudo", "sudo cat $SECRET_FILE", [ENV]],
		["in a function body", "f() { cat $SECRET_FILE; }; f", [ENV]],
		["in a pipeline and a substitution", "echo $(cat $SECRET_FILE) | cat", [ENV]],
	])("%s: %s reads %j", (_label, command, files) => {
		const result = read(command);
		expect(result.unparseable).toBeNull();
		expect(result.unresolved).toEqual([]);
		for (const file of files) expect(result.canonical).toContain(file);
	});

	it.each([
		["unset, unquoted", "cat $UNSET_VAR"],
		["unset, quoted", 'cat "$UNSET_VAR"'],
		["empty", 'cat $EMPTY "$EMPTY"'],
		["positional, top level", 'cat $1 "$@" ${2} $*'],
		["positional inside a word", 'cat "$1"notes.txt'],
		["positional default", "cat ${1:-notes.txt}"],
	])("%s: %s names no unresolved file", (_label, command) => {
		const result = read(command);
		expect(result.unparseable).toBeNull();
		expect(result.unresolved).toEqual([]);
		expect(result.canonical).not.toContain(ENV);
	});

	it("reads a positional default and a positional inside a word as Pi's `bash -c` does", () => {
		expect(read("cat ${1:-.env}").canonical).toContain(ENV);
		expect(read('cat .e"$1"nv').canonical).toContain(ENV);
		expect(read("cat .e${@:2}nv").canonical).toContain(ENV);
	});

	it.each([
		// SECURITY: what the command assigns (or may assign) is not the environment's.
		["assigned later in a loop", "for i in 1 2; do cat $X; X=.env; done"],
		["assigned in a function called later", "f() { X=.env; }; cat $X; f"],
		["read from input", "read X; cat $X"],
		["eval", 'eval "$CODE"; cat $X'],
		["eval before", "cat $X; eval 'X=.env'"],
		["source", "source ./vars.sh; cat $X"],
		["source after", "cat $X; source ./vars.sh"],
		["dot", ". ./vars.sh; cat $X"],
		["trap", 'trap "$CODE" EXIT; cat $X'],
		["declare with a computed name", 'declare "$NAME=.env"; cat $X'],
		["nameref", "declare -n r=$NAME; r=.env; cat $X"],
		["read into a computed name", 'read "$NAME"; cat $X'],
		["printf -v a computed name", 'printf -v "$NAME" %s .env; cat $X'],
		["a computed command name", "$CMD X=.env; cat $X"],
		// A payload runs under its wrapper's environment (`sudo` resets it, `ssh` is another host).
		["inside sh -c", "sh -c 'cat $SECRET_FILE'"],
		["inside sudo sh -c", "sudo sh -c 'cat $X'"],
		// A name the text assigns anywhere is the state's to follow, never the map's (bash reads .env here).
		["a prefix assignment", "SECRET_FILE=notes.txt cat $SECRET_FILE"],
		// Names bash sets itself.
		["bash-computed", "cat $RANDOM $PPID $OLDPWD $BASHPID $HOSTNAME $SHELL $BASH_SOURCE $SHLVL"],
	])("%s: %s stays unresolved", (_label, command) => {
		const result = read(command);
		expect(result.unresolved.length + (result.unparseable === null ? 0 : 1)).toBeGreaterThan(0);
	});

	it("keeps the unknown environment's reading (the default): every computed word asks", () => {
		for (const command of ["cat $SECRET_FILE", "cat .e${x}nv", "cat $UNSET_VAR", 'cat "$1"notes.txt']) {
			expect(read(command, UNKNOWN_SHELL_ENVIRONMENT).unresolved.length, command).toBeGreaterThan(0);
			const absent = BashProgram.parse(command, { parser, normalizer });
			expect(absent.pathCandidates).toEqual(
				BashProgram.parse(command, { parser, normalizer, shellEnvironment: UNKNOWN_SHELL_ENVIRONMENT }).pathCandidates,
			);
		}
	});

	it("SECURITY: `cat .e${x}nv` asks with x unknown, and reads .env with x unset", () => {
		expect(read("cat .e${x}nv", UNKNOWN_SHELL_ENVIRONMENT).unresolved).toEqual([".e$xnv"]);
		expect(read("cat .e${x}nv").canonical).toContain(ENV);
		expect(read("cat .e${x}nv", shellEnvironmentOf({ x: "" })).canonical).toContain(ENV);
		expect(read("cat .e${x}nv", shellEnvironmentOf({ x: "Z" })).canonical).not.toContain(ENV);
	});

	it("reads the file a builtin opens through an environment variable ($HISTFILE, $INPUTRC)", () => {
		const histfile = shellEnvironmentOf({ HISTFILE: ".env" });
		expect(read("history -w", histfile).canonical).toContain(ENV);
		expect(read("history -w", histfile).unresolved).toEqual([]);
		expect(read("bind -p").unresolved).toEqual([]);
		expect(read("bind -p").canonical).toContain("home/.inputrc");
		expect(read("bind -p", UNKNOWN_SHELL_ENVIRONMENT).unresolved).toEqual(["$INPUTRC"]);
	});
});

describe("what makes the environment unknown or a name unjudged (ADR 0039)", () => {
	it.each(UNKNOWABLE_ENVIRONMENT.map((row) => [row.name, row.why]))(
		"%s set: the environment is unknown (%s)",
		(name) => {
			expect(shellEnvironmentOf({ X: ".env", [name]: "./x" }).kind).toBe("unknown");
			expect(read("cat $X", shellEnvironmentOf({ X: ".env", [name]: "./x" })).unresolved).toEqual(["$X"]);
		},
	);

	it.each(SHELL_COMPUTED_VARIABLES)("$%s is bash's own, never the map's", (name) => {
		const environment = shellEnvironmentOf({ [name]: ".env" });
		expect(read(`cat $${name}`, environment).canonical).not.toContain(ENV);
	});

	it.each(["BASH_REMATCH", "BASH_ARGV0", "COMP_WORDS", "READLINE_LINE"])(
		"$%s (a family bash sets) is never the map's",
		(name) => {
			expect(read(`cat $${name}`, shellEnvironmentOf({ [name]: ".env" })).canonical).not.toContain(ENV);
		},
	);

	it.each(DEFAULTED_WHEN_UNSET)("$%s is the map's when set, and bash's default (unknown) when unset", (name) => {
		expect(read(`cat $${name}`, shellEnvironmentOf({ [name]: ".env" })).canonical).toContain(ENV);
		expect(read(`cat $${name}`, shellEnvironmentOf({})).unresolved).toEqual([`$${name}`]);
	});

	it("a value the caller cannot know (PATH, Pi's session variables) stays unresolved", () => {
		const environment = shellEnvironmentOf({ PATH: "/usr/bin", PI_MODEL: "m" }, ["PATH", "PI_MODEL"]);
		expect(read("cat $PATH $PI_MODEL", environment).unresolved).toEqual(["$PATH", "$PI_MODEL"]);
	});

	it("SECURITY: a function the environment exports (BASH_FUNC_ls%%) floors a command that runs it", () => {
		const environment = shellEnvironmentOf({ "BASH_FUNC_ls%%": "() { cat .env; }" });
		expect(read("ls -l", environment).unparseable).toMatch(/`ls` is a function the environment defines/);
		expect(read("git status; time ls", environment).unparseable).not.toBeNull();
		expect(read("git status", environment).unparseable).toBeNull();
		expect(read("ls -l", UNKNOWN_SHELL_ENVIRONMENT).unparseable).toBeNull();
		expect(shellEnvironmentOf({ "BASH_FUNC_f()": "() { :; }" })).toMatchObject({ functions: new Set(["f"]) });
	});

	it("keeps only names bash imports as variables", () => {
		const environment = shellEnvironmentOf({ "A-B": ".env", OK: "x" });
		expect(environment.kind === "known" && [...environment.variables.keys()]).toEqual(["OK"]);
	});
});
