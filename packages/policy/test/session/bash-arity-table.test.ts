import { describe, expect, it } from "vitest";
import { BASH_ARITY_TABLE } from "../../src/session/bash-arity-table";
import {
	INLINE_PROGRAM_COMMANDS,
	SHELL_KEYWORDS,
	SHELL_STATE_BUILTINS,
	WRAPPER_COMMANDS,
} from "../../src/session/never-suggest-table";

const prefixes = BASH_ARITY_TABLE.map(([prefix]) => prefix);
const families = new Set(prefixes.map((prefix) => prefix.split(" ")[0]));

describe("BASH_ARITY_TABLE", () => {
	it("covers at least 150 command families", () => {
		expect(families.size).toBeGreaterThanOrEqual(150);
	});

	it("covers at least 150 families with more than one word of arity", () => {
		const multiLevel = new Set(BASH_ARITY_TABLE.filter(([, arity]) => arity > 1).map(([p]) => p.split(" ")[0]));
		expect(multiLevel.size).toBeGreaterThanOrEqual(150);
	});

	it("has no duplicate prefixes", () => {
		const duplicates = prefixes.filter((prefix, index) => prefixes.indexOf(prefix) !== index);
		expect(duplicates).toEqual([]);
	});

	it.each(BASH_ARITY_TABLE)("%s (%i) is lower-case, single-spaced and at least as long as its key", (prefix, arity) => {
		const words = prefix.split(" ");
		expect(words.every((word) => word !== "" && (word.startsWith("-") || word === word.toLowerCase()))).toBe(true);
		expect(arity).toBeGreaterThanOrEqual(words.length);
		expect(arity).toBeLessThanOrEqual(4);
	});

	it("refines only families that have their own row", () => {
		const orphans = prefixes.filter((prefix) => prefix.includes(" ") && !prefixes.includes(prefix.split(" ")[0] ?? ""));
		expect(orphans).toEqual([]);
	});

	it("refines a family only to a longer arity", () => {
		const arity = new Map(BASH_ARITY_TABLE);
		for (const [prefix, value] of BASH_ARITY_TABLE) {
			const words = prefix.split(" ");
			if (words.length === 1) continue;
			const parent = arity.get(words.slice(0, -1).join(" "));
			if (parent !== undefined) expect(value, prefix).toBeGreaterThanOrEqual(parent);
		}
	});

	it("lists no command that is never suggested", () => {
		const never = [...families].filter(
			(family) =>
				family !== undefined &&
				(WRAPPER_COMMANDS.has(family) ||
					SHELL_KEYWORDS.has(family) ||
					SHELL_STATE_BUILTINS.has(family) ||
					INLINE_PROGRAM_COMMANDS.has(family)),
		);
		expect(never).toEqual([]);
	});
});
