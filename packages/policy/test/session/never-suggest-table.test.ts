import { describe, expect, it } from "vitest";
import {
	INLINE_CODE_SPELLINGS,
	INLINE_PROGRAM_COMMANDS,
	SHELL_KEYWORDS,
	SHELL_STATE_BUILTINS,
	WRAPPER_COMMANDS,
} from "../../src/session/never-suggest-table";

const sets = { WRAPPER_COMMANDS, SHELL_KEYWORDS, SHELL_STATE_BUILTINS, INLINE_PROGRAM_COMMANDS };

describe("never-suggest table", () => {
	it("names the wrappers docs/architecture.md lists", () => {
		for (const name of ["sudo", "doas", "env", "command", "exec", "builtin", "nohup", "nice", "timeout", "time"]) {
			expect(WRAPPER_COMMANDS.has(name), name).toBe(true);
		}
		for (const name of ["stdbuf", "setsid", "watch", "flock", "xargs", "parallel", "eval", "source", "."]) {
			expect(WRAPPER_COMMANDS.has(name), name).toBe(true);
		}
	});

	it("knows the inline-code spelling of every interpreter docs/architecture.md lists", () => {
		const cases: [string, string][] = [
			["bash", "c"],
			["sh", "c"],
			["zsh", "c"],
			["dash", "c"],
			["ksh", "c"],
			["python", "c"],
			["node", "e"],
			["node", "p"],
			["perl", "e"],
			["ruby", "e"],
			["php", "r"],
			["lua", "e"],
			["osascript", "e"],
		];
		for (const [name, letter] of cases) expect(INLINE_CODE_SPELLINGS.get(name)?.letters, name).toContain(letter);
		expect(INLINE_CODE_SPELLINGS.get("deno")?.subcommands).toContain("eval");
	});

	it("keeps its lists disjoint and lower-case", () => {
		const all = [...Object.values(sets).flatMap((set) => [...set]), ...INLINE_CODE_SPELLINGS.keys()];
		expect(new Set(all).size).toBe(all.length);
		expect(all.filter((name) => name !== name.toLowerCase())).toEqual([]);
	});
});
