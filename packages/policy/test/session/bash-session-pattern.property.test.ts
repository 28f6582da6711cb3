import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BASH_ARITY_TABLE } from "../../src/session/bash-arity-table";
import {
	analyzeBashSessionPattern,
	bashSessionPattern,
	normalizeUnitText,
} from "../../src/session/bash-session-pattern";
import {
	INLINE_CODE_SPELLINGS,
	INLINE_PROGRAM_COMMANDS,
	SHELL_KEYWORDS,
	SHELL_STATE_BUILTINS,
	WRAPPER_COMMANDS,
} from "../../src/session/never-suggest-table";
import { compileWildcard } from "../../src/wildcard";

const RUNS = { numRuns: 300 };
const keyWords = (prefix: string) => prefix.split(" ").length;
/** Table rows whose arity leaves at least one subcommand position after the key. */
const REFINED = BASH_ARITY_TABLE.filter(([prefix, arity]) => arity > keyWords(prefix));

const plainWord = fc.stringMatching(/^[a-z][a-z0-9._:-]{0,7}$/);
const argument = fc.oneof(
	plainWord,
	fc.constantFrom("-q", "--force", "-rf", "'a b'", '"$HOME"', "*.ts", "x=1", ">out", "$(id)", "`id`", "\\n", "{a,b}"),
);
const separator = fc.constantFrom(" ", "  ", "\t", " \t ");

/** `key sub… args…`, with the subcommand words filling the positions after the key. */
const familyCommand = fc.constantFrom(...REFINED).chain(([prefix, arity]) =>
	fc.record({
		prefix: fc.constant(prefix),
		subs: fc.array(plainWord, { minLength: arity - keyWords(prefix), maxLength: arity - keyWords(prefix) }),
		args: fc.array(plainWord, { maxLength: 3 }),
	}),
);

describe("bashSessionPattern (property)", () => {
	it("never matches the same family with a different subcommand, for every refined family", () => {
		fc.assert(
			fc.property(
				familyCommand,
				fc.nat(),
				plainWord,
				fc.array(plainWord, { maxLength: 3 }),
				(cmd, at, other, args2) => {
					const { prefix, subs, args } = cmd;
					const pattern = bashSessionPattern([prefix, ...subs, ...args].join(" "));
					expect(pattern).not.toBeNull();
					const position = at % subs.length;
					const original = subs[position] ?? "";
					// Even a subcommand that merely extends the approved word (`build` -> `build2`) is not granted (ADR 0004).
					fc.pre(other !== original);
					const changed = subs.map((sub, i) => (i === position ? other : sub));
					const different = [prefix, ...changed, ...args2].join(" ");
					expect(compileWildcard(pattern ?? "").test(different)).toBe(false);
				},
			),
			RUNS,
		);
	});

	it("never matches another family", () => {
		fc.assert(
			fc.property(familyCommand, plainWord, ({ prefix, subs, args }, otherFamily) => {
				const family = prefix.split(" ")[0] ?? "";
				fc.pre(!otherFamily.startsWith(family));
				const pattern = bashSessionPattern([prefix, ...subs, ...args].join(" ")) ?? "";
				const rest = prefix.split(" ").slice(1);
				expect(compileWildcard(pattern).test([otherFamily, ...rest, ...subs, ...args].join(" "))).toBe(false);
			}),
			RUNS,
		);
	});

	it("always matches the unit it was made for", () => {
		const head = fc.oneof(
			fc.constantFrom(...BASH_ARITY_TABLE.map(([prefix]) => prefix)),
			plainWord,
			fc.constantFrom("sudo", "bash", "python", "$X", "'rm'", "Git", "/usr/bin/git"),
		);
		const unit = fc.record({
			lead: fc.constantFrom("", "  ", "# note\n", "\n# a\n\n"),
			words: fc.array(fc.oneof(plainWord, argument), { maxLength: 6 }),
			seps: fc.array(separator, { minLength: 7, maxLength: 7 }),
			head,
		});
		fc.assert(
			fc.property(unit, ({ lead, head: first, words, seps }) => {
				const text = `${lead}${[first, ...words].map((w, i) => (i === 0 ? w : `${seps[i] ?? " "}${w}`)).join("")}`;
				const pattern = bashSessionPattern(text);
				if (pattern === null || pattern === "") return;
				expect(compileWildcard(pattern).test(normalizeUnitText(text))).toBe(true);
				// The literal start of the pattern is the unit's own command word.
				expect(pattern.startsWith(normalizeUnitText(text).split(/[ \t]/)[0] ?? "")).toBe(true);
			}),
			RUNS,
		);
	});

	it("never suggests for a wrapper, keyword, state builtin or inline program, whatever follows", () => {
		const never = [...WRAPPER_COMMANDS, ...SHELL_KEYWORDS, ...SHELL_STATE_BUILTINS, ...INLINE_PROGRAM_COMMANDS];
		fc.assert(
			fc.property(fc.constantFrom(...never), fc.array(argument, { maxLength: 4 }), (name, args) => {
				expect(bashSessionPattern([name, ...args].join(" "))).toBeNull();
			}),
			RUNS,
		);
	});

	it("never suggests for a shell or interpreter given inline code, wherever the flag sits", () => {
		const inline = [...INLINE_CODE_SPELLINGS].flatMap(([name, spelling]) => [
			...[...spelling.letters].map((letter) => [name, `-${letter}`] as const),
			...[...spelling.letters].map((letter) => [name, `-x${letter}`] as const),
			...spelling.long.map((flag) => [name, flag] as const),
			...spelling.long.map((flag) => [name, `${flag}=1`] as const),
			...spelling.subcommands.map((sub) => [name, sub] as const),
		]);
		fc.assert(
			fc.property(
				fc.constantFrom(...inline),
				fc.array(plainWord, { maxLength: 3 }),
				fc.array(plainWord, { maxLength: 3 }),
				([name, flag], before, after) => {
					expect(analyzeBashSessionPattern([name, ...before, flag, ...after].join(" "))).toEqual({
						kind: "never",
						reason: "inline-code",
					});
				},
			),
			RUNS,
		);
	});

	it("never suggests when a prefix word is not a plain literal", () => {
		const poison = fc.constantFrom("'", '"', "$", "`", "*", "?", "\\", "=", ">", "<", "(", "{", "[", "|", ";", "&");
		fc.assert(
			fc.property(fc.constantFrom(...REFINED), poison, fc.nat(), (row, bad, at) => {
				const [prefix, arity] = row;
				const words = [...prefix.split(" "), ...Array.from({ length: arity - keyWords(prefix) }, () => "sub")];
				const target = keyWords(prefix) + (at % (arity - keyWords(prefix)));
				const first = words.map((w, i) => (i === 0 ? `${bad}${w}` : w));
				const later = words.map((w, i) => (i === target ? `${w}${bad}x` : w));
				expect(bashSessionPattern([...first, "arg"].join(" "))).toBeNull();
				expect(bashSessionPattern([...later, "arg"].join(" "))).toBeNull();
				expect(bashSessionPattern(["A=1", ...words, "arg"].join(" "))).toBeNull();
			}),
			RUNS,
		);
	});
});

describe("bashSessionPattern on bare families", () => {
	it.each(REFINED)("%s alone is suggested only as its exact text", (prefix) => {
		const [name = "", ...rest] = prefix.split(" ");
		// An interpreter with no operand (`python`, `python -m`) reads its program from stdin: nothing is offered.
		const readsStdin =
			INLINE_CODE_SPELLINGS.get(name)?.readsStdinWithoutOperand === true && rest.every((w) => w.startsWith("-"));
		expect(bashSessionPattern(prefix)).toBe(readsStdin ? null : prefix);
	});
});
