import { POSIX_FLAVOR, WIN32_FLAVOR } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { displayPath, resolvedAlias } from "../../src/path/access-path";
import { MAX_CANONICAL_STEPS } from "../../src/path/canonical-walk";
import { PathNormalizer } from "../../src/path/path-normalizer";
import { createFakeProbe } from "../support/fake-probe";
import { PATH_VALUES_CASES } from "./path-values.cases";

const probe = createFakeProbe({
	directories: ["/projects/app/src", "/projects/app/nested", "/etc", "/home/u", "/tmp"],
	files: ["/etc/hosts", "/projects/app/src/foo.ts"],
	symlinks: {
		"/projects/app/link-out": "/etc",
		"/projects/app/env-link": "/projects/app/src/foo.ts",
		"/lnk": "/projects/app",
	},
});
const normalizer = PathNormalizer.create({ cwd: "/projects/app", home: "/home/u", flavor: POSIX_FLAVOR, probe });

describe("PathNormalizer.forPath (corpus path.values)", () => {
	it.each(PATH_VALUES_CASES)("$id $token -> $matchValues", ({ token, base, matchValues }) => {
		const path = normalizer.forPath(token, base === undefined ? {} : { base });
		expect(path.matchValues).toEqual(matchValues);
	});
});

describe("PathNormalizer.forPath", () => {
	it("expands `$HOME` and `${HOME}` like `~`", () => {
		expect(normalizer.forPath("$HOME/.ssh/config").matchValues).toEqual(["/home/u/.ssh/config"]);
		expect(normalizer.forPath("${HOME}/.ssh/config").matchValues).toEqual(["/home/u/.ssh/config"]);
	});

	it("marks a path outside cwd as external and one inside as not", () => {
		expect(normalizer.forPath("/etc/hosts").external).toBe(true);
		expect(normalizer.forPath("src/../README.md").external).toBe(false);
		expect(normalizer.forPath("../app-other/x").external).toBe(true);
	});

	it("decides containment on the canonical form: a symlink escaping cwd is external", () => {
		const path = normalizer.forPath("link-out/passwd");
		expect(path.kind === "resolved" && path.canonical).toBe("/etc/passwd");
		expect(path.external).toBe(true);
		expect(path.matchValues).toEqual(["/projects/app/link-out/passwd", "link-out/passwd", "/etc/passwd"]);
		expect(resolvedAlias(path, POSIX_FLAVOR)).toBe("/etc/passwd");
	});

	it("treats a path reached through a link into cwd as inside", () => {
		const path = normalizer.forPath("/lnk/src/foo.ts");
		expect(path.external).toBe(false);
		expect(path.matchValues).toEqual(["/lnk/src/foo.ts", "/projects/app/src/foo.ts", "src/foo.ts"]);
	});

	it("adds the cwd alias of a symlink's target so relative rules see where it points", () => {
		expect(normalizer.forPath("env-link").matchValues).toEqual([
			"/projects/app/env-link",
			"env-link",
			"/projects/app/src/foo.ts",
			"src/foo.ts",
		]);
	});

	it("drops a typed relative form that climbs out of its base", () => {
		expect(normalizer.forPath("src/../../etc/x").matchValues).toEqual(["/projects/etc/x"]);
	});

	it("resolves `..` after a symlink physically when asked (bash) and lexically by default (tools)", () => {
		const physical = normalizer.forPath("link-out/../x", { dotDot: "physical" });
		const lexical = normalizer.forPath("link-out/../x");
		expect(physical.kind === "resolved" && physical.canonical).toBe("/x");
		expect(physical.external).toBe(true);
		expect(lexical.kind === "resolved" && lexical.canonical).toBe("/projects/app/x");
		expect(lexical.external).toBe(false);
	});

	it("never marks a safe device external, but a path under one is ordinary (PP-229)", () => {
		expect(normalizer.forPath("/dev/null").external).toBe(false);
		expect(normalizer.forPath("/dev/null/subdir").external).toBe(true);
		expect(normalizer.forPath("/dev/tty").external).toBe(true);
	});

	it("displays the lexical absolute form", () => {
		expect(displayPath(normalizer.forPath("./src//foo.ts"))).toBe("/projects/app/src/foo.ts");
	});

	it("bounds canonicalisation by counting probe calls, and fails closed past the bound", () => {
		const deepDir = `/projects/app/${Array.from({ length: 100 }, () => "d").join("/")}`;
		const counting = createFakeProbe({ directories: [deepDir] });
		const deep = PathNormalizer.create({
			cwd: "/projects/app",
			home: "/home/u",
			flavor: POSIX_FLAVOR,
			probe: counting,
		});
		const before = counting.calls();
		const missing = deep.forPath(`${"a/".repeat(5000)}x`);
		expect(counting.calls() - before).toBe(1);
		expect(missing.external).toBe(false);
		const tooDeep = deep.forPath(`${"d/".repeat(100)}x`);
		expect(counting.calls() - before).toBeLessThanOrEqual(1 + 2 * MAX_CANONICAL_STEPS);
		expect(tooDeep.external).toBe(true);
		expect(deep.forPath(`${"d/".repeat(MAX_CANONICAL_STEPS - 1)}x`).external).toBe(false);
	});

	it("refuses a relative cwd as a caller bug", () => {
		expect(() => PathNormalizer.create({ cwd: "app", home: "", flavor: POSIX_FLAVOR, probe })).toThrow(/not absolute/);
	});
});

describe("PathNormalizer on win32", () => {
	const winProbe = createFakeProbe({ directories: ["C:\\Work\\App\\src", "C:\\Users\\u"] }, WIN32_FLAVOR);
	const win = PathNormalizer.create({
		cwd: "C:\\Work\\App",
		home: "C:\\Users\\u",
		flavor: WIN32_FLAVOR,
		probe: winProbe,
	});

	it("folds case and separators for containment", () => {
		expect(win.forPath("c:/work/app/SRC/a.ts").external).toBe(false);
		expect(win.forPath("C:\\Windows\\System32").external).toBe(true);
	});

	it("gives lexical values with backslashes and the cwd alias", () => {
		expect(win.forPath("src/a.ts").matchValues).toEqual(["C:\\Work\\App\\src\\a.ts", "src\\a.ts"]);
		expect(win.forPath("~\\.ssh\\id").matchValues).toEqual(["C:\\Users\\u\\.ssh\\id"]);
	});

	it("reads Git Bash tokens: drive mounts translate, devices stay safe, other posix absolutes are external literals", () => {
		const base = win.cwd;
		const mount = win.forBashToken("/c/Users/x", base);
		expect(mount.matchValues[0]).toBe("C:\\Users\\x");
		expect(mount.external).toBe(true);
		const inside = win.forBashToken("/c/work/app/x", base);
		expect(inside.external).toBe(false);
		expect(win.forBashToken("/dev/null", base).external).toBe(false);
		const unmapped = win.forBashToken("/etc/hosts", base);
		expect(unmapped.kind).toBe("literal");
		expect(unmapped.external).toBe(true);
		expect(unmapped.matchValues).toEqual(["/etc/hosts"]);
	});
});
