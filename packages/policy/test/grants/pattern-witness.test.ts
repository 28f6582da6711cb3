import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findWitness } from "../../src/grants/pattern-witness";
import { compileWildcard } from "../../src/wildcard";

interface Row {
	readonly id: string;
	readonly required: readonly string[];
	readonly excluded: readonly string[];
	/** The shortest witness, or `null` when none exists. */
	readonly expected: string | null;
}

const ROWS: readonly Row[] = [
	{ id: "a deny inside a grant", required: ["rm *", "rm -rf *"], excluded: [], expected: "rm -rf" },
	{ id: "the optional tail gives the bare word", required: ["git *"], excluded: [], expected: "git" },
	{ id: "a pattern excludes itself", required: ["git *"], excluded: ["git *"], expected: null },
	{ id: "a catch-all excludes everything", required: ["*.env"], excluded: ["*"], expected: null },
	{ id: "`?` needs one character", required: ["a*"], excluded: ["a"], expected: "aa" },
	{
		id: "two patterns together cover what neither does alone",
		required: ["a*"],
		excluded: ["a?*", "a"],
		expected: null,
	},
	{ id: "a character no pattern names stands for all of them", required: ["?"], excluded: ["a", "b"], expected: "x" },
	{ id: "the stand-in is not a character a pattern names", required: ["?"], excluded: ["x"], expected: "0" },
	{ id: "disjoint literals share nothing", required: ["git push *", "npm *"], excluded: [], expected: null },
	{ id: "no required pattern: any value no pattern takes", required: [], excluded: ["a*"], expected: "" },
	{ id: "a screened deny", required: ["rm -rf *", "rm *"], excluded: ["rm -rf *"], expected: null },
	{ id: "`**` is `*`", required: ["**/x"], excluded: ["*/x"], expected: null },
];

describe("findWitness", () => {
	it.each(ROWS)("$id", ({ required, excluded, expected }) => {
		const found = findWitness(required, excluded);
		if (expected === null) expect(found).toEqual({ kind: "none" });
		else expect(found).toEqual({ kind: "found", value: expected });
	});

	it("answers unknown past its work bound, never none", () => {
		expect(findWitness(["*a*b*a*b*"], ["*b*a*b*a*", "*aa*", "*bb*"], 3)).toEqual({ kind: "unknown" });
	});

	it("agrees with every short value over a small alphabet (property)", () => {
		const universe = strings("ab c", 6);
		const pattern = fc
			.array(fc.constantFrom("a", "b", " ", "*", "?"), { minLength: 0, maxLength: 3 })
			.chain((chars) => fc.constantFrom(chars.join(""), `${chars.join("")} *`));
		fc.assert(
			fc.property(
				fc.array(pattern, { minLength: 1, maxLength: 2 }),
				fc.array(pattern, { maxLength: 5 }),
				(required, excluded) => {
					const need = required.map(compileWildcard);
					const avoid = excluded.map(compileWildcard);
					const holds = (value: string) => need.every((m) => m.test(value)) && !avoid.some((m) => m.test(value));
					const shortest = universe.find(holds);
					const found = findWitness(required, excluded);
					if (found.kind === "found") {
						expect(holds(found.value)).toBe(true);
						// Breadth-first: nothing shorter has the property.
						if (shortest !== undefined) expect(found.value.length).toBe(shortest.length);
					} else {
						expect(found.kind).toBe("none");
						expect(shortest).toBeUndefined();
					}
				},
			),
			{ numRuns: 2000 },
		);
	});
});

/** Every string over `alphabet` up to `max` characters, shortest first. */
function strings(alphabet: string, max: number): string[] {
	const out = [""];
	let layer = [""];
	for (let length = 1; length <= max; length++) {
		layer = layer.flatMap((prefix) => [...alphabet].map((c) => prefix + c));
		out.push(...layer);
	}
	return out;
}
