import { POSIX_FLAVOR } from "@pi-permissions/policy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BashParser } from "../../src/bash/bash-parser";
import { BashProgram } from "../../src/bash/bash-program";
import {
	DEFAULTED_WHEN_UNSET,
	SHELL_COMPUTED_VARIABLES,
	type ShellEnvironment,
	shellEnvironmentOf,
	UNKNOWABLE_ENVIRONMENT,
	UNKNOWN_SHELL_ENVIRONMENT,
} from "../../src/bash/shell-environment";
import { createNodeFileSystemProbe } from "../../src/path/file-system-probe";
import { PathNormalizer } from "../../src/path/path-normalizer";
import { createTmpTree } from "../support/tmp-tree";

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

describe("probe", () => {
	it("prints", () => {
		for (const c of [
			"cat $SECRET_FILE",
			'cat "$SECRET_FILE"',
			"cat $UNSET_VAR",
			'cat "$UNSET_VAR"',
			"cat .e${UNSET_VAR}nv",
			"cat $SPACED",
			'cat "$SPACED"',
			"cat $PATTERN",
			'cat "$PATTERN"',
			"cat ${UNSET_VAR:-.env}",
			"cat ${SECRET_FILE%.env}x",
			"cat $1 $@",
			"SECRET_FILE=notes.txt; cat $SECRET_FILE",
			"cat $SECRET_FILE; source f",
			"eval x; cat $SECRET_FILE",
			"cat $RANDOM $PPID $OLDPWD $BASHPID $HOSTNAME $SHELL",
			"sh -c 'cat $SECRET_FILE'",
			"sudo cat $SECRET_FILE",
			"f() { cat $SECRET_FILE; }; f",
			"for i in 1 2; do cat $X; X=.env; done",
			"tee $LOG_FILE",
			"mkdir -p \"$FINALPATH\"",
		]) {
			console.log(c, JSON.stringify(read(c)), JSON.stringify(read(c, UNKNOWN_SHELL_ENVIRONMENT)));
		}
	});
});
