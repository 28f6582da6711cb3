import { readFileSync } from "node:fs";
import { PathNormalizer } from "@pi-permissions/access-intent";
import { POSIX_FLAVOR } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import {
	AGENT_DIR_REGIONS,
	HOME_DATA,
	HOME_REGIONS,
	PROJECT_REGIONS,
	SYSTEM_REGIONS,
} from "../../src/gates/protected-regions";
import { ProtectedTargets, type WriteScene } from "../../src/gates/protected-targets";
import { CORPUS_CWD, CORPUS_HOME, EMPTY_PROBE } from "../support/engine-fixture";
import {
	AGENT_DIR_CASES,
	HOME_CASES,
	HOME_DATA_CASES,
	PROJECT_CASES,
	type RegionCase,
	SYSTEM_CASES,
} from "./protected-regions.cases";

const normalizer = PathNormalizer.create({
	cwd: CORPUS_CWD,
	home: CORPUS_HOME,
	flavor: POSIX_FLAVOR,
	probe: EMPTY_PROBE,
});
const targets = new ProtectedTargets({
	cwd: CORPUS_CWD,
	home: CORPUS_HOME,
	agentDir: `${CORPUS_HOME}/.pi/agent`,
	flavor: POSIX_FLAVOR,
	extra: [],
});

/** A scene over a fake disk holding `existing`, for a command that writes `planned`. */
function scene(existing: readonly string[], planned: readonly string[] = []): WriteScene {
	return { exists: (path) => existing.includes(path), planned };
}

const TABLES: readonly [string, readonly { readonly id: string }[], readonly RegionCase[]][] = [
	["agent dir", AGENT_DIR_REGIONS, AGENT_DIR_CASES],
	["home", HOME_REGIONS, HOME_CASES],
	["home data", HOME_DATA, HOME_DATA_CASES],
	["project", PROJECT_REGIONS, PROJECT_CASES],
	["system", SYSTEM_REGIONS, SYSTEM_CASES],
];

describe.each(TABLES)("the %s table", (_name, rows, cases) => {
	it("has a case for every row, and no case without a row", () => {
		expect(cases.map((row) => row.id).sort()).toEqual(rows.map((row) => row.id).sort());
	});

	it.each(cases)("$id: a write to $path", (row) => {
		const why = targets.whyProtected(normalizer.forPath(row.path), false, scene([]));
		if (row.why === null) expect(why).toBeNull();
		else expect(why).toContain(row.why);
	});
});

describe('docs/configuration.md ("Protected files")', () => {
	const docs = readFileSync(new URL("../../../../docs/configuration.md", import.meta.url), "utf8");
	const shown = (base: string, row: { readonly path: string; readonly shape: string }) =>
		`\`${base}${row.path === "" ? "" : `/${row.path}`}${row.shape === "tree" ? "/" : ""}\``;

	it.each([
		...AGENT_DIR_REGIONS.map((row) => [row.id, shown("<agentDir>", row)]),
		...PROJECT_REGIONS.filter((row) => row.sandbox !== "git-dir").map((row) => [row.id, shown("<cwd>", row)]),
		...HOME_REGIONS.map((row) => [row.id, shown("~", row)]),
		...HOME_DATA.map((row) => [row.id, shown("~", row)]),
		...SYSTEM_REGIONS.map((row) => [row.id, shown("", row)]),
	])("shows the row %s as %s", (_id, text) => {
		expect(docs).toContain(`| ${text} |`);
	});
});

describe("home dot-entries no row names", () => {
	it.each([
		[`${CORPUS_HOME}/.foorc`, "dot-file in the home directory"],
		[`${CORPUS_HOME}/.some-tool/plugins/x.js`, "dot-file in the home directory"],
		[`${CORPUS_HOME}/.npm/_update-notifier-last-checked`, "dot-file in the home directory"],
	])("%s is protected: %s", (path, why) => {
		expect(targets.whyProtected(normalizer.forPath(path), false)).toContain(why);
	});

	it.each([`${CORPUS_HOME}/notes.txt`, `${CORPUS_HOME}/work/.env.local`, `${CORPUS_HOME}/code/app/.bashrc`])(
		"%s is not: only a dot-entry right in the home directory is",
		(path) => {
			expect(targets.whyProtected(normalizer.forPath(path), false)).toBeNull();
		},
	);

	it("a tree write over the home directory reaches its dot-files", () => {
		expect(targets.whyProtected(normalizer.forPath(CORPUS_HOME), true)).not.toBeNull();
		expect(targets.whyProtected(normalizer.forPath(`${CORPUS_HOME}/code`), true)).toBeNull();
	});

	it("a region holding the project leaves the project's own files to the project's rows", () => {
		const cwd = `${CORPUS_HOME}/.config/nvim`;
		const inside = new ProtectedTargets({
			cwd,
			home: CORPUS_HOME,
			agentDir: `${CORPUS_HOME}/.pi/agent`,
			flavor: POSIX_FLAVOR,
			extra: [],
		});
		const local = PathNormalizer.create({ cwd, home: CORPUS_HOME, flavor: POSIX_FLAVOR, probe: EMPTY_PROBE });
		expect(inside.whyProtected(local.forPath("init.lua"), false)).toBeNull();
		expect(inside.whyProtected(local.forPath(".git/config"), false)).toContain("git config");
		expect(inside.whyProtected(local.forPath(`${CORPUS_HOME}/.config/fish/config.fish`), false)).toContain("shell");
		expect(inside.whyProtected(local.forPath(`${CORPUS_HOME}/.bashrc`), false)).toContain("shell");
	});
});

describe("every git directory", () => {
	it.each([
		["the project's .git/commondir", `${CORPUS_CWD}/.git/commondir`, "`commondir`"],
		["the project's .git/config.worktree", `${CORPUS_CWD}/.git/config.worktree`, "worktree"],
		["the project's .git/info/attributes", `${CORPUS_CWD}/.git/info/attributes`, "`info/`"],
		["a worktree's commondir", `${CORPUS_CWD}/.git/worktrees/wt/commondir`, "git directory"],
		["a submodule's config", `${CORPUS_CWD}/.git/modules/lib/config`, "git directory"],
		["a .git file anywhere (a repository pointer)", `${CORPUS_CWD}/sub/.git`, "git directory"],
		["a .git directory in a temp directory", "/tmp/x/.git/config", "git config"],
	])("%s", (_name, path, why) => {
		expect(targets.whyProtected(normalizer.forPath(path), false, scene([]))).toContain(why);
	});

	it("a directory with objects/ and refs/ on disk is a repository: its config is protected", () => {
		const disk = scene([`${CORPUS_CWD}/x/objects`, `${CORPUS_CWD}/x/refs`]);
		expect(targets.whyProtected(normalizer.forPath("x/config"), false, disk)).toContain("git config");
		expect(targets.whyProtected(normalizer.forPath("x/hooks/post-checkout"), false, disk)).toContain("git hook");
		expect(targets.whyProtected(normalizer.forPath("y/config"), false, disk)).toBeNull();
	});

	it("a bare repository elsewhere (HEAD, objects, refs) is one too", () => {
		const disk = scene(["/srv/repo.git/HEAD", "/srv/repo.git/objects", "/srv/repo.git/refs"]);
		expect(targets.whyProtected(normalizer.forPath("/srv/repo.git/hooks/update"), false, disk)).toContain("git hook");
	});

	it("a linked worktree's git directory (HEAD and commondir) is one too", () => {
		const disk = scene(["/elsewhere/wt/HEAD", "/elsewhere/wt/commondir"]);
		expect(targets.whyProtected(normalizer.forPath("/elsewhere/wt/config.worktree"), false, disk)).not.toBeNull();
	});

	it("a directory the same command makes a repository is one (both orders)", () => {
		const planned = [`${CORPUS_CWD}/x/objects`, `${CORPUS_CWD}/x/refs`, `${CORPUS_CWD}/x/config`];
		expect(targets.whyProtected(normalizer.forPath("x/config"), false, scene([], planned))).toContain("git config");
		// `echo … > x/config` first, then `mkdir x/objects x/refs`: making the markers is writing a repository.
		const later = scene([`${CORPUS_CWD}/x/config`, `${CORPUS_CWD}/x/objects`], [`${CORPUS_CWD}/x/refs`]);
		expect(targets.whyProtected(normalizer.forPath("x/refs"), false, later)).not.toBeNull();
	});

	it("one marker alone is no repository", () => {
		expect(
			targets.whyProtected(normalizer.forPath("x/refs/.keep"), false, scene([], [`${CORPUS_CWD}/x/refs/.keep`])),
		).toBeNull();
		expect(targets.whyProtected(normalizer.forPath("docs/objects/a.md"), false, scene([]))).toBeNull();
	});

	it("a tree write over a directory holding a .git reaches it", () => {
		const disk = scene([`${CORPUS_CWD}/vendor/.git`]);
		expect(targets.whyProtected(normalizer.forPath("vendor"), true, disk)).toContain("git config");
		expect(targets.whyProtected(normalizer.forPath("vendor"), false, disk)).toBeNull();
	});
});

describe("directories Pi loads code from", () => {
	const withCode = new ProtectedTargets({
		cwd: CORPUS_CWD,
		home: CORPUS_HOME,
		agentDir: `${CORPUS_HOME}/.pi/agent`,
		flavor: POSIX_FLAVOR,
		extra: [],
		codeDirs: [{ path: "/usr/lib/node_modules/pi-permissions", why: "pi-permissions itself (the permission system)" }],
	});

	it("protects each one whole, and lists it for the sandbox", () => {
		const inside = normalizer.forPath("/usr/lib/node_modules/pi-permissions/dist/index.js");
		expect(withCode.whyProtected(inside, false)).toContain("permission system");
		// Another package there is not the permission system; it is system code (ADR 0064), protected as such.
		const other = withCode.whyProtected(normalizer.forPath("/usr/lib/node_modules/other/x.js"), false);
		expect(other).not.toContain("permission system");
		expect(other).toContain("system programs");
		expect(withCode.whyProtected(normalizer.forPath("/srv/app/node_modules/other/x.js"), false)).toBeNull();
		expect(withCode.list().map((entry) => entry.pattern)).toContain("/usr/lib/node_modules/pi-permissions");
	});
});

describe("ProtectedTargets.list for the sandbox", () => {
	const listed = targets.list();
	const path = (pattern: string) => listed.find((entry) => entry.kind === "path" && entry.pattern === pattern);

	it("lists the agent dir read-only and the forwarding root hidden", () => {
		expect(path(`${CORPUS_HOME}/.pi/agent`)).toMatchObject({ sandbox: "read-only" });
		expect(path(`${CORPUS_HOME}/.pi/agent/sessions/permission-forwarding`)).toMatchObject({ sandbox: "hidden" });
	});

	it("lists the project's git directory and what git reads as code in it, not the directory read-only", () => {
		expect(path(`${CORPUS_CWD}/.git`)).toMatchObject({ sandbox: "git-dir" });
		for (const entry of ["config", "hooks", "info", "commondir", "config.worktree"])
			expect(path(`${CORPUS_CWD}/.git/${entry}`), entry).toMatchObject({ sandbox: "read-only" });
	});

	it("lists the home's dot-entries with the data names left out", () => {
		const dots = listed.find((entry) => entry.kind === "dot-entries");
		expect(dots).toMatchObject({ pattern: CORPUS_HOME });
		expect(dots?.kind === "dot-entries" ? dots.data : []).toEqual(expect.arrayContaining([".cache", ".bash_history"]));
	});

	it("lists no data row and no region that holds the project", () => {
		expect(path(`${CORPUS_HOME}/.cache`)).toBeUndefined();
		const inside = new ProtectedTargets({
			cwd: `${CORPUS_HOME}/.config/nvim`,
			home: CORPUS_HOME,
			agentDir: `${CORPUS_HOME}/.pi/agent`,
			flavor: POSIX_FLAVOR,
			extra: [],
		});
		const patterns = inside.list().map((entry) => entry.pattern);
		expect(patterns).not.toContain(`${CORPUS_HOME}/.config`);
		expect(patterns).not.toContain(`${CORPUS_HOME}/.config/nvim`);
		expect(patterns).toContain(`${CORPUS_HOME}/.config/fish`);
	});
});
