import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CommandUnit } from "../../src/bash/reading/command-unit";
import { parseProgram } from "../support/bash-fixture";
import { METAMORPHIC_ROWS } from "./bash-units.cases";

const NAMES = [
	"rm",
	"git",
	"ls",
	"cat",
	"npm",
	"curl",
	"sudo rm",
	"timeout 5 rm",
	"env A=1 rm",
	"'rm'",
	"\\rm",
	"/bin/rm",
];
const word = fc.stringMatching(/^[a-z0-9._/-]{1,8}$/).filter((text) => !text.startsWith("-") || text.length > 1);
const simpleCommand = fc
	.record({ name: fc.constantFrom(...NAMES), args: fc.array(word, { maxLength: 3 }) })
	.map(({ name, args }) => [name, ...args].join(" "));
const command = fc
	.array(fc.tuple(simpleCommand, fc.constantFrom(" && ", " || ", "; ", " | ", "\n")), { minLength: 1, maxLength: 3 })
	.map((parts) => parts.map(([text, joiner], index) => (index === 0 ? text : `${joiner}${text}`)).join(""));

const HOSTS: readonly [string, (cmd: string) => string][] = [
	["cd x && …", (cmd) => `cd x && ${cmd}`],
	["a subshell", (cmd) => `( ${cmd} )`],
	["a brace group", (cmd) => `{ ${cmd}; }`],
	["an if body", (cmd) => `if true; then ${cmd}; fi`],
	["a function", (cmd) => `f() { ${cmd}; }`],
	["a command substitution", (cmd) => `echo $(${cmd})`],
	["a redirect target", (cmd) => `echo hi > $(${cmd})`],
	["a process substitution", (cmd) => `cat <(${cmd})`],
	["a while body", (cmd) => `while read l; do ${cmd}; done`],
];

/** A unit's identity for the law: its text and the name it is matched by. */
const key = (unit: CommandUnit): string => `${unit.commandName ?? "<none>"}\u0000${unit.text}`;

function expectHostedKeepsUnits(bare: string, hosted: string): void {
	const inner = parseProgram(bare);
	fc.pre(inner.unparseable === null);
	const outer = parseProgram(hosted);
	expect(outer.unparseable).toBeNull();
	const outerKeys = new Set(outer.units.map(key));
	for (const unit of inner.units) expect(outerKeys.has(key(unit)), `${unit.text} in ${hosted}`).toBe(true);
}

describe("BashProgram.parse laws", () => {
	it.each(HOSTS)("hosting a command in %s never removes any of its units", (_label, host) => {
		fc.assert(
			fc.property(command, (cmd) => expectHostedKeepsUnits(cmd, host(cmd))),
			{ numRuns: 60 },
		);
	});

	it.each(METAMORPHIC_ROWS)("$id keeps every unit of $bare when hosted as $host", ({ bare, host }) => {
		expectHostedKeepsUnits(bare, host.replace("CMD", bare));
	});

	it("never throws on random printable input, and either reads it or marks it unparseable", () => {
		fc.assert(
			fc.property(fc.string({ maxLength: 80 }), (text) => {
				const program = parseProgram(text);
				expect(program.unparseable === null || program.units.length === 0).toBe(true);
			}),
			{ numRuns: 300 },
		);
	});

	it("never throws on random shell-shaped input", () => {
		const token = fc.constantFrom(
			"rm",
			"x",
			" ",
			";",
			"&&",
			"|",
			"(",
			")",
			"{",
			"}",
			"$(",
			"`",
			"'",
			'"',
			"<<",
			"EOF",
			"\n",
			"\\",
			"$",
			"*",
			"<(",
			">",
			"if",
			"then",
			"fi",
			"!",
			"time",
			"coproc",
			"#",
			"=",
		);
		fc.assert(
			fc.property(fc.array(token, { maxLength: 40 }), (tokens) => {
				const program = parseProgram(tokens.join(""));
				expect(program.unparseable === null || program.units.length === 0).toBe(true);
			}),
			{ numRuns: 300 },
		);
	});

	it("never throws on random code units, lone surrogates and NUL included", () => {
		const codeUnits = fc
			.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 60 })
			.map((units) => String.fromCharCode(...units));
		fc.assert(
			fc.property(codeUnits, (text) => {
				const program = parseProgram(text);
				expect(program.unparseable === null || program.units.length === 0).toBe(true);
			}),
			{ numRuns: 300 },
		);
	});

	it("never throws on random bytes read as latin-1 or as UTF-8", () => {
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 60 }), (bytes) => {
				for (const text of [Buffer.from(bytes).toString("latin1"), new TextDecoder().decode(bytes)]) {
					const program = parseProgram(text);
					expect(program.unparseable === null || program.units.length === 0).toBe(true);
				}
			}),
			{ numRuns: 200 },
		);
	});
});
