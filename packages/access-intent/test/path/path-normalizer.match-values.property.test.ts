import { expandHome, type PathFlavor, POSIX_FLAVOR, WIN32_FLAVOR } from "@pi-permissions/policy";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AccessPath } from "../../src/path/access-path";
import { PathNormalizer } from "../../src/path/path-normalizer";
import { joinPath, normalizePath, relativeInside } from "../../src/path/path-syntax";
import { isSafeDevice } from "../../src/path/safe-devices";
import { createFakeProbe } from "../support/fake-probe";

const posixProbe = createFakeProbe({
	directories: ["/projects/app/src", "/projects/other", "/dev"],
	files: ["/projects/app/src/x.ts", "/dev/null"],
	symlinks: { "/projects/app/link": "/projects/other", "/work/app-link": "/projects/app" },
});
const win32Probe = createFakeProbe({ directories: ["C:\\work\\app\\src"] }, WIN32_FLAVOR);

const NORMALIZERS = [
	PathNormalizer.create({ cwd: "/projects/app", home: "/home/u", flavor: POSIX_FLAVOR, probe: posixProbe }),
	PathNormalizer.create({ cwd: "/work/app-link", home: "/home/u", flavor: POSIX_FLAVOR, probe: posixProbe }),
	PathNormalizer.create({ cwd: "/", home: "", flavor: POSIX_FLAVOR, probe: posixProbe }),
	PathNormalizer.create({ cwd: "C:\\work\\app", home: "C:\\Users\\u", flavor: WIN32_FLAVOR, probe: win32Probe }),
].map((normalizer) => normalizer.withProbeCache());

const segment = fc.constantFrom("a", "src", "x.ts", "link", ".", "..", "", "app", "dev", "null", "C:");
const typedText = fc
	.tuple(fc.constantFrom("", "/", "~/", "/projects/", "/dev/"), fc.array(segment, { maxLength: 6 }), fc.boolean())
	.map(([root, segments, slash]) => root + segments.join("/") + (slash ? "/" : ""));
const baseChoice = fc.constantFrom(null, "src", "..", "/projects/other", "/");

/** The match set as first specified: every relative form recomputed from scratch with the path-syntax primitives. */
function referenceMatchValues(normalizer: PathNormalizer, typed: string, base: string, canonical: string): string[] {
	const flavor: PathFlavor = normalizer.flavor;
	const expanded = expandHome(typed, normalizer.home);
	const lexical = joinPath(base, expanded, flavor);
	const values: string[] = [];
	const add = (value: string | null) => {
		if (value !== null && value !== "" && !values.includes(value)) values.push(value);
	};
	add(lexical);
	add(relativeInside(normalizer.cwd, lexical, flavor));
	if (!normalizer.isAbsolute(expanded)) {
		const typedRelative = normalizePath(expanded, flavor);
		if (typedRelative !== ".." && !typedRelative.startsWith(`..${flavor.separator}`)) add(typedRelative);
	}
	add(canonical);
	add(relativeInside(normalizer.canonicalCwd, canonical, flavor));
	return values;
}

function resolvedOf(path: AccessPath) {
	if (path.kind !== "resolved") throw new Error(`expected a resolved path, got ${path.kind}`);
	return path;
}

describe("PathNormalizer.forPath match values (differential against the from-scratch derivation)", () => {
	it("derives the lexical form, match values and containment as the path-syntax primitives do", () => {
		fc.assert(
			fc.property(
				typedText,
				baseChoice,
				fc.constantFrom(...NORMALIZERS),
				fc.boolean(),
				(typed, baseText, normalizer, physical) => {
					const base = baseText === null ? normalizer.cwd : normalizer.resolveLexical(baseText);
					const path = resolvedOf(normalizer.forPath(typed, { base, dotDot: physical ? "physical" : "lexical" }));
					expect(path.lexical).toBe(joinPath(base, expandHome(typed, normalizer.home), normalizer.flavor));
					expect(path.matchValues).toEqual(referenceMatchValues(normalizer, typed, base, path.canonical));
					const safe = normalizer.flavor.name === "posix" && isSafeDevice(path.lexical);
					expect(path.external).toBe(!safe && !normalizer.isInside(path.canonical));
					expect(normalizer.isInside(path.canonical)).toBe(
						relativeInside(normalizer.canonicalCwd, path.canonical, normalizer.flavor) !== null,
					);
				},
			),
			{ numRuns: 800 },
		);
	});

	it.each([
		["a relative path under the cwd", "src/x.ts", ["/projects/app/src/x.ts", "src/x.ts"]],
		["the cwd itself", ".", ["/projects/app", "."]],
		["a path through a symlink", "link/a", ["/projects/app/link/a", "link/a", "/projects/other/a"]],
		["an absolute path outside", "/etc/hosts", ["/etc/hosts"]],
	])("lists %s with its aliases", (_name, typed, expected) => {
		expect((NORMALIZERS[0] as PathNormalizer).forPath(typed).matchValues).toEqual(expected);
	});

	it("reads a safe device as inside and a neighbour of it as outside", () => {
		const normalizer = NORMALIZERS[0] as PathNormalizer;
		expect(normalizer.forPath("/dev/null").external).toBe(false);
		expect(normalizer.forPath("/dev/nullx").external).toBe(true);
		expect(normalizer.forPath("/devices/null").external).toBe(true);
	});
});
