import { POSIX_FLAVOR, WIN32_FLAVOR } from "@pi-permissions/policy";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMemoizedProbe } from "../../src/path/file-system-probe";
import { PathNormalizer } from "../../src/path/path-normalizer";
import { foldSegments, formatPath, isAbsolutePath, normalizePath, parsePath } from "../../src/path/path-syntax";
import { createFakeProbe } from "../support/fake-probe";

const text = fc
	.array(fc.constantFrom("/", "\\", "C", ":", "a", ".", "~", " "), { maxLength: 8 })
	.map((chars) => chars.join(""));
const segment = fc.constantFrom("a", "b", ".", "..", "", "src", "link", "out", "x.ts");
const relative = fc.array(segment, { minLength: 1, maxLength: 8 }).map((segments) => segments.join("/"));

const probe = createFakeProbe({
	directories: ["/projects/app/src", "/projects/other"],
	files: ["/projects/app/src/x.ts", "/projects/other/a"],
	symlinks: { "/projects/app/link": "/projects/other", "/projects/app/src/out": "../.." },
});
const normalizer = PathNormalizer.create({ cwd: "/projects/app", home: "/home/u", flavor: POSIX_FLAVOR, probe });

describe("path fast paths (differential)", () => {
	it("answers isAbsolutePath as the root parsePath finds", () => {
		fc.assert(
			fc.property(text, fc.constantFrom(POSIX_FLAVOR, WIN32_FLAVOR), (path, flavor) => {
				expect(isAbsolutePath(path, flavor)).toBe(parsePath(path, flavor).root !== "");
			}),
			{ numRuns: 500 },
		);
	});

	it("normalises a path as folding its parsed segments does", () => {
		fc.assert(
			fc.property(text, fc.constantFrom(POSIX_FLAVOR, WIN32_FLAVOR), (path, flavor) => {
				const parsed = parsePath(path, flavor);
				expect(normalizePath(path, flavor)).toBe(formatPath(parsed.root, foldSegments(parsed), flavor));
			}),
			{ numRuns: 1000 },
		);
		fc.assert(
			fc.property(relative, fc.boolean(), (rel, absolute) => {
				const path = absolute ? `/${rel}` : rel;
				const parsed = parsePath(path, POSIX_FLAVOR);
				expect(normalizePath(path, POSIX_FLAVOR)).toBe(formatPath(parsed.root, foldSegments(parsed), POSIX_FLAVOR));
			}),
			{ numRuns: 500 },
		);
	});

	it("canonicalises a path written under the cwd as it does the same path spelled around the cwd prefix", () => {
		fc.assert(
			fc.property(relative, (rel) => {
				const view = normalizer.withProbeCache();
				const direct = view.forPath(`/projects/app/${rel}`, { dotDot: "physical" });
				const around = view.forPath(`/projects/./app//${rel}`, { dotDot: "physical" });
				expect(direct.kind === "resolved" && around.kind === "resolved").toBe(true);
				if (direct.kind !== "resolved" || around.kind !== "resolved") return;
				expect(direct.canonical).toBe(around.canonical);
				expect(direct.external).toBe(around.external);
				expect(direct.lexical).toBe(around.lexical);
			}),
			{ numRuns: 300 },
		);
	});

	it("gives a probe-cache view the same cwd, home and answers as its normalizer", () => {
		const view = normalizer.withProbeCache();
		expect([view.cwd, view.home, view.canonicalCwd]).toEqual([
			normalizer.cwd,
			normalizer.home,
			normalizer.canonicalCwd,
		]);
		fc.assert(
			fc.property(relative, (rel) => {
				expect(view.forBashToken(rel, view.cwd)).toEqual(normalizer.forBashToken(rel, normalizer.cwd));
			}),
			{ numRuns: 200 },
		);
	});

	it("memoises every probe question, including a missing answer", () => {
		const counting = createFakeProbe({ files: ["/a/b"] });
		const memo = createMemoizedProbe(counting);
		for (let round = 0; round < 3; round++) {
			expect(memo.lstat("/a/b")).toEqual({ kind: "file" });
			expect(memo.lstat("/nope")).toBeNull();
			expect(memo.realpath("/nope")).toBeNull();
			expect(memo.readdir("/a")).toEqual(["b"]);
		}
		expect(memo.calls()).toBe(4);
		expect(counting.calls()).toBe(4);
	});
});
