import { POSIX_FLAVOR, WIN32_FLAVOR } from "@pi-permissions/policy";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PathNormalizer } from "../../src/path/path-normalizer";
import { normalizePath, parsePath } from "../../src/path/path-syntax";
import { createFakeProbe } from "../support/fake-probe";

const segment = fc.constantFrom("a", "b", ".", "..", "", "src", ".env", "x y", "C:", "~");
const pathText = fc
	.tuple(
		fc.constantFrom("", "/", "~/", "C:\\", "\\\\h\\s\\"),
		fc.array(segment, { maxLength: 12 }),
		fc.constantFrom("/", "\\"),
	)
	.map(([root, segments, separator]) => root + segments.join(separator));
const normalizer = PathNormalizer.create({
	cwd: "/projects/app",
	home: "/home/u",
	flavor: POSIX_FLAVOR,
	probe: createFakeProbe({ directories: ["/projects/app/src"] }),
});

describe("normalizePath laws", () => {
	it("is idempotent and leaves no `.` or inner `..` in an absolute path", () => {
		fc.assert(
			fc.property(pathText, fc.constantFrom(POSIX_FLAVOR, WIN32_FLAVOR), (path, flavor) => {
				const once = normalizePath(path, flavor);
				expect(normalizePath(once, flavor)).toBe(once);
				const parsed = parsePath(once, flavor);
				if (parsed.root !== "") expect(parsed.segments.filter((s) => s === "." || s === "..")).toEqual([]);
			}),
			{ numRuns: 300 },
		);
	});
});

describe("PathNormalizer.forPath laws", () => {
	it("never throws and always yields values on any string", () => {
		fc.assert(
			fc.property(fc.string({ unit: "binary", maxLength: 200 }), (token) => {
				const path = normalizer.forPath(token);
				expect(path.matchValues.length).toBeGreaterThan(0);
				expect(typeof path.external).toBe("boolean");
			}),
			{ numRuns: 300 },
		);
	});

	it("keeps a descending relative path inside cwd and makes one that climbs past the root external", () => {
		const name = fc.constantFrom("a", "b", "src", ".env", "x y");
		fc.assert(
			fc.property(fc.array(name, { minLength: 1, maxLength: 8 }), (names) => {
				expect(normalizer.forPath(names.join("/")).external).toBe(false);
				expect(normalizer.forPath(`../../${names.join("/")}`).external).toBe(true);
			}),
			{ numRuns: 200 },
		);
	});
});
