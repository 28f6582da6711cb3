import { POSIX_FLAVOR } from "@pi-permissions/policy";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CwdFrame, canonicalize, MAX_CANONICAL_STEPS } from "../../src/path/canonical-walk";
import type { FileSystemProbe } from "../../src/path/file-system-probe";
import { appendSegment, foldSegments, normalizePath, parsePath } from "../../src/path/path-syntax";
import { createFakeProbe } from "../support/fake-probe";

const DEEP = Array.from({ length: MAX_CANONICAL_STEPS + 4 }, () => "d").join("/");

const probe = createFakeProbe({
	directories: ["/projects/app/src", "/projects/other", `/projects/app/${DEEP}`],
	files: ["/projects/app/src/x.ts", "/projects/other/a"],
	symlinks: {
		"/projects/app/link": "/projects/other",
		"/projects/app/src/out": "../..",
		"/projects/app/dangling": "/nowhere/at/all",
		"/work/app-link": "/projects/app",
		"/work/loop": "/work/loop",
	},
});

/** A probe answering symlink targets that are not normal absolute paths, as a careless probe might. */
const SLOPPY_TARGETS: Readonly<Record<string, string>> = { odd: "relative/./target/", empty: "" };
const sloppy: FileSystemProbe = {
	lstat: (path) => (sloppyTarget(path) === undefined ? probe.lstat(path) : { kind: "symlink" }),
	realpath: (path) => sloppyTarget(path) ?? probe.realpath(path),
	readdir: (path) => probe.readdir(path),
};

function sloppyTarget(path: string): string | undefined {
	return SLOPPY_TARGETS[path.slice(path.lastIndexOf("/") + 1)];
}

function frame(cwd: string, canonicalCwd: string, withProbe: FileSystemProbe = probe): CwdFrame {
	const parsed = parsePath(cwd, POSIX_FLAVOR);
	return {
		flavor: POSIX_FLAVOR,
		probe: withProbe,
		cwd,
		cwdPrefix: appendSegment(cwd, "", POSIX_FLAVOR),
		cwdRoot: parsed.root,
		cwdSegments: foldSegments(parsed),
		canonicalCwd,
	};
}

const FRAMES = [
	frame("/projects/app", "/projects/app"),
	frame("/work/app-link", "/projects/app"),
	frame("/", "/"),
	frame("/projects/app", "/projects/app", sloppy),
];

const segment = fc.constantFrom("projects", "app", "src", "x.ts", "link", "out", "dangling", "work", "app-link");
const normalPath = fc
	.tuple(
		fc.constantFrom(
			"/",
			"/projects/app/",
			"/work/app-link/",
			"/projects/",
			`/projects/app/${DEEP}/`,
			"/projects/odd/",
			"/projects/empty/",
		),
		fc.array(segment, { maxLength: 6 }),
	)
	.map(([prefix, segments]) => normalizePath(prefix + segments.join("/"), POSIX_FLAVOR));

describe("canonicalize (differential: the normal-path walk against the general one)", () => {
	it("answers a normal posix path as the general walk does, from any cwd frame", () => {
		fc.assert(
			fc.property(normalPath, fc.constantFrom(...FRAMES), (path, cwdFrame) => {
				expect(normalizePath(path, POSIX_FLAVOR)).toBe(path);
				expect(canonicalize(cwdFrame, path, true)).toEqual(canonicalize(cwdFrame, path, false));
			}),
			{ numRuns: 600 },
		);
	});

	it.each([
		["the cwd itself", "/projects/app"],
		["the root", "/"],
		["a missing entry below the cwd", "/projects/app/missing/deeper"],
		["a symlink leaving the cwd", "/projects/app/link/a/b"],
		["a symlink climbing out", "/projects/app/src/out/other"],
		["a dangling symlink", "/projects/app/dangling/x"],
		["a symlink loop", "/work/loop/x"],
		["a path deeper than the step limit", `/projects/app/${DEEP}/x`],
		["a symlink target that is not normal", "/projects/odd/y"],
		["an empty symlink target", "/projects/empty/y"],
	])("answers %s as the general walk does", (_name, path) => {
		for (const cwdFrame of FRAMES) {
			expect(canonicalize(cwdFrame, path, true)).toEqual(canonicalize(cwdFrame, path, false));
		}
	});

	it("marks a path whose existing part is deeper than the step limit incomplete", () => {
		const walked = canonicalize(FRAMES[0] as CwdFrame, `/projects/app/${DEEP}/x`, true);
		expect(walked.complete).toBe(false);
		expect(walked.path).toBe(`/projects/app/${DEEP}/x`);
	});

	it("returns the written path itself when nothing on it is a symlink", () => {
		const path = ["/projects/app", "src", "missing.ts"].join("/");
		expect(canonicalize(FRAMES[0] as CwdFrame, path, true).path).toBe(path);
		expect(canonicalize(FRAMES[1] as CwdFrame, "/work/app-link/src/x.ts", true).path).toBe("/projects/app/src/x.ts");
	});
});
