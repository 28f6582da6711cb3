/**
 * ADR 0052: a row per named option of every program's option table (`options/programs/`): the option's source in
 * its manual, and a command that spells it, with what the class says it must do — a command or program value runs and
 * is judged, code, a configuration, a script from stdin or a code-running setting asks, a file read or written is a
 * path the rules see.
 */
import { describe, expect, it } from "vitest";
import { namedReads, namedWrites } from "../../../../src/bash/effects/programs/named-files";
import { programReads } from "../../../../src/bash/effects/programs/program-read-table";
import { PROGRAM_OPTION_TABLES } from "../../../../src/bash/options/programs/program-option-table";
import type { NamedOption, ProgramTable } from "../../../../src/bash/options/programs/program-options";
import { parseProgram } from "../../../support/bash-fixture";
import { type EffectVerdict, expectEffect, OPAQUE, PLAIN, runs } from "../../../support/effect-verdict";

/** What the first unit of `command` reads by its own syntax (`curl -d @F`). */
function readsOf(command: string) {
	const unit = parseProgram(command).units[0];
	if (unit === undefined) throw new Error(`no unit for ${command}`);
	return programReads(unit.commandName, unit.args);
}

interface Row {
	readonly program: string;
	readonly sub: string | null;
	readonly option: NamedOption;
}

/** One row per named option, each table under the first name it is listed by (`tar`, not `gtar`). */
function rows(): Row[] {
	const seen = new Set<ProgramTable>();
	const out: Row[] = [];
	for (const [program, table] of PROGRAM_OPTION_TABLES) {
		if (seen.has(table)) continue;
		seen.add(table);
		for (const option of table.global.named) out.push({ program, sub: null, option });
		for (const [sub, options] of table.subcommands ?? [])
			for (const option of options.named) out.push({ program, sub, option });
	}
	return out;
}

const ROWS = rows();
const key = (row: Row): string => [row.program, row.sub, row.option.name].filter((part) => part !== null).join(" ");

/** Rows whose spelling needs more than `program [sub] option value` (a terminator, a trailing operand, a key). */
const SPELLED: Readonly<Record<string, readonly [string, EffectVerdict]>> = {
	"find -exec": ["find . -exec rm x \\;", runs("rm x")],
	"find -execdir": ["find . -execdir rm x \\;", runs("rm x")],
	"find -ok": ["find . -ok rm x \\;", runs("rm x")],
	"find -okdir": ["find . -okdir rm x \\;", runs("rm x")],
	"git -c": ["git -c core.fsmonitor='rm x' status", runs("rm x")],
	"git --config-env": ["git --config-env=core.fsmonitor=CMD status", OPAQUE],
	"git clone -c": ["git clone -c core.fsmonitor='rm x' https://h/r d", runs("rm x")],
	"git --exec-path": ["git --exec-path=/tmp/evil status", OPAQUE],
	"ssh -o": ["ssh -o ProxyCommand='rm x' host", OPAQUE],
	"awk -W": ["awk -W exec /tmp/p.awk", OPAQUE],
	"python -m": ["python3 -m timeit 'import os'", OPAQUE],
	"npm -c": ["npx -c 'rm x'", runs("rm x")],
	"make -f": ["make -f /dev/stdin all", OPAQUE],
};

/** The value each class is spelled with, and what the command must then do. */
function generic(row: Row): readonly [string, EffectVerdict] | null {
	switch (row.option.names) {
		case "command":
			return ["'rm x'", runs("rm x")];
		case "program":
			return ["rm", runs("rm")];
		case "code":
		case "config":
			return ["/tmp/evil", OPAQUE];
		case "script":
			return ["/dev/stdin", OPAQUE];
		case "setting":
			switch (row.option.settings) {
				case "go-tool-flags":
					return ["-extld=/tmp/evil", OPAQUE];
				default:
					return null;
			}
		case "reads":
		case "writes":
		case "directory":
		case "module":
			return null;
		default: {
			const unhandled: never = row.option.names;
			throw new Error(`unhandled class ${String(unhandled)}`);
		}
	}
}

/** `--opt=VALUE`, `-oVALUE` for an attached-only value, `-o VALUE` otherwise. */
function spell(spelling: string, value: string, optional: boolean): string {
	if (spelling.startsWith("--")) return `${spelling}=${value}`;
	return optional ? `${spelling}${value}` : `${spelling} ${value}`;
}

function command(row: Row, value: string): string {
	return [row.program, row.sub, spell(row.option.name, value, row.option.optionalValue)]
		.filter((part) => part !== null)
		.join(" ");
}

describe("the option tables of the programs the allowlists name", () => {
	it("lists the programs issue 39 names", () => {
		const programs = [
			...["git", "npm", "npx", "pnpm", "yarn", "node", "python3", "rg", "grep", "find", "tar", "sed", "awk"],
			...["sort", "make", "cargo", "go", "pip", "curl", "ssh", "less", "man"],
		];
		for (const program of programs) expect(PROGRAM_OPTION_TABLES.has(program), program).toBe(true);
	});

	it.each(ROWS.map((row) => [key(row), row.option.names, row] as const))("%s names %s", (_, names, row) => {
		// The manual page and section the row comes from (`rg(1) OPTIONS`, `go help build`).
		expect(row.option.source).toMatch(/\(\d\w*\)|^go help|manual|^pnpm\.io\//);
		const spelled = SPELLED[key(row)];
		if (spelled !== undefined) {
			expectEffect(...spelled);
			return;
		}
		const generated = generic(row);
		if (generated !== null) {
			expectEffect(command(row, generated[0]), generated[1]);
			return;
		}
		if (row.option.atFile) {
			// `curl -d @F`, `-F f=@F`, `-b F`: data that names a file, read by curl's own row.
			const value = row.option.name === "-F" ? "f=@named.txt" : row.option.name === "-b" ? "named.txt" : "@named.txt";
			expect(readsOf(`${command(row, value)} https://x`)).toContainEqual({ kind: "file", text: "named.txt" });
			return;
		}
		const args = command(row, "named.txt").split(" ").slice(1);
		if (names === "reads" || names === "directory") expect(namedReads(row.program, args)).toContain("named.txt");
		if (names === "writes")
			expect(
				namedWrites(row.program, args).some(
					(selection) =>
						(selection.kind === "text" && selection.text === "named.txt") ||
						(selection.kind === "word" && args[selection.index] === "named.txt"),
				),
			).toBe(true);
		if (names === "module") expect(namedReads(row.program, args)).not.toContain("named.txt");
	});

	it("reads a named option written as the program reads it (ADR 0052)", () => {
		const cases: readonly (readonly [string, EffectVerdict])[] = [
			["npm test --node-options='--import=data:x'", OPAQUE],
			["npm test --node-opt=x", OPAQUE],
			["npm test --userconfig=<(echo node-options=x)", OPAQUE],
			["npm run build --globalconfig=/tmp/npmrc", OPAQUE],
			["npm --prefix /tmp/p test", OPAQUE],
			["npm test -- --userconfig=x", PLAIN],
			["npm test --silent", PLAIN],
			["npm test --userconfig=/dev/null", PLAIN],
			["pnpm --config.node-options=x test", OPAQUE],
			["pnpm --script-shell=rm test", runs("rm")],
			["pnpm test --script-shell=rm", PLAIN],
			["yarn --cwd /tmp/p test", OPAQUE],
			["tar -cf a.tar --checkpoint=1 --checkpoint-act=exec=rm src", OPAQUE],
			["tar --to-com='rm x' -xf a.tar", runs("rm x")],
			["tar cfI a.tar 'rm x' src", runs("rm x")],
			["rg -i --pre=rm foo", runs("rm")],
			["sort --compress-prog=rm f", runs("rm")],
			["make SHELL=/tmp/evil all", OPAQUE],
			["git rebase --exe='rm x' main", runs("rm x")],
			["node --experimental_loader=data:text/javascript,x /dev/null", OPAQUE],
			["ssh -F /tmp/evil.conf host", OPAQUE],
			["ssh -F /dev/null host true", PLAIN],
			["curl -K /tmp/evil.cfg https://x", OPAQUE],
			// A computed word may be an option only where some option of the program runs something.
			["grep ERROR $(find . -name '*.c')", PLAIN],
			["sort $OPTS f", OPAQUE],
		];
		for (const [text, verdict] of cases) expectEffect(text, verdict);
	});
});
