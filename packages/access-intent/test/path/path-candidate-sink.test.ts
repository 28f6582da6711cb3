import { POSIX_FLAVOR } from "@pi-permissions/policy";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AccessPath } from "../../src/path/access-path";
import { PathCandidateSink } from "../../src/path/path-candidate-sink";
import { PathNormalizer } from "../../src/path/path-normalizer";
import { createFakeProbe } from "../support/fake-probe";

const normalizer = PathNormalizer.create({
	cwd: "/projects/app",
	home: "/home/u",
	flavor: POSIX_FLAVOR,
	probe: createFakeProbe({ directories: ["/projects/app/src"] }),
});

function literal(matchValues: readonly string[], external: boolean, typed = matchValues[0] ?? ""): AccessPath {
	return Object.freeze({ kind: "literal", typed, matchValues, external, reason: "unresolved-word" });
}

function resolved(matchValues: readonly string[], external: boolean, canonical = matchValues[0] ?? "/"): AccessPath {
	const lexical = matchValues[0] ?? "/";
	return Object.freeze({ kind: "resolved", typed: lexical, lexical, canonical, matchValues, external });
}

/** The de-duplication as first specified: one entry per joined key, in first-seen order. */
function reference(paths: readonly { path: AccessPath; ruleOnly: boolean }[]) {
	const rules = new Map<string, AccessPath>();
	const external = new Map<string, AccessPath>();
	for (const { path, ruleOnly } of paths) {
		const ruleKey = `${path.kind}\0${path.matchValues.join("\0")}`;
		if (!rules.has(ruleKey)) rules.set(ruleKey, path);
		if (ruleOnly || !path.external) continue;
		const key = path.kind === "resolved" ? `r\0${path.canonical}` : `l\0${path.typed}`;
		if (!external.has(key)) external.set(key, path);
	}
	return { ruleCandidates: [...rules.values()], externalPaths: [...external.values()] };
}

const value = fc.constantFrom("/a", "/a/b", "a", "b", "", "a\0b", "\0", "/a\0/b", ".");
const handedIn = fc.record({
	kind: fc.constantFrom("literal", "resolved"),
	matchValues: fc.array(value, { maxLength: 4 }),
	external: fc.boolean(),
	canonical: fc.constantFrom("/a", "/c", "/d"),
	ruleOnly: fc.boolean(),
});

describe("PathCandidateSink", () => {
	it("keeps the first path per kind and joined match values, and per external key, in first-seen order", () => {
		fc.assert(
			fc.property(fc.array(handedIn, { maxLength: 30 }), (rows) => {
				const paths = rows.map((row) => ({
					path:
						row.kind === "literal"
							? literal(row.matchValues, row.external)
							: resolved(row.matchValues, row.external, row.canonical),
					ruleOnly: row.ruleOnly,
				}));
				const sink = new PathCandidateSink(normalizer.withProbeCache());
				for (const { path, ruleOnly } of paths) {
					if (ruleOnly) sink.addRuleOnly(path);
					else sink.addPath(path);
				}
				const result = sink.result();
				const expected = reference(paths);
				expect(result.ruleCandidates).toEqual(expected.ruleCandidates);
				expect(result.ruleCandidates.every((path, index) => path === expected.ruleCandidates[index])).toBe(true);
				expect(result.externalPaths.every((path, index) => path === expected.externalPaths[index])).toBe(true);
				expect(result.externalPaths.length).toBe(expected.externalPaths.length);
			}),
			{ numRuns: 400 },
		);
	});

	it.each([
		["identical lists", ["/a", "a"], ["/a", "a"], 1],
		["lists sharing only their first value", ["/a", "a"], ["/a", "b"], 2],
		["lists whose joined spellings collide through a NUL", ["/a\0b"], ["/a", "b"], 1],
		["an empty list and a list of one empty value", [], [""], 1],
	])("treats %s as the joined key does", (_name, first, second, count) => {
		const sink = new PathCandidateSink(normalizer.withProbeCache());
		sink.addRuleOnly(literal(first, false));
		sink.addRuleOnly(literal(second, false));
		expect(sink.result().ruleCandidates).toHaveLength(count);
	});

	it("keeps a literal and a resolved path with the same match values apart", () => {
		const sink = new PathCandidateSink(normalizer.withProbeCache());
		sink.addPath(literal(["/a"], true));
		sink.addPath(resolved(["/a"], true));
		expect(sink.result().ruleCandidates).toHaveLength(2);
		expect(sink.result().externalPaths).toHaveLength(2);
	});
});
