import { describe, expect, it } from "vitest";
import { TMUX_GLOBAL_ROWS } from "../../../../src/bash/options/programs/tmux";
import { parseProgram } from "../../../support/bash-fixture";
import { type EffectVerdict, expectEffect, OPAQUE, PLAIN, runs } from "../../../support/effect-verdict";

/** For each global option, a command with it before `ls` (harmless) and the verdict its meaning gives. */
const VERDICTS: Readonly<Record<string, readonly [string, EffectVerdict]>> = {
	c: ["tmux -c 'rm x'", runs("rm x")],
	f: ["tmux -f evil.conf ls", OPAQUE],
	S: ["tmux -S /tmp/sock ls", OPAQUE],
	L: ["tmux -L work ls", PLAIN],
	T: ["tmux -T RGB ls", PLAIN],
	"2": ["tmux -2 ls", PLAIN],
	C: ["tmux -C ls", PLAIN],
	D: ["tmux -D ls", PLAIN],
	l: ["tmux -l ls", PLAIN],
	N: ["tmux -N ls", PLAIN],
	u: ["tmux -u ls", PLAIN],
	U: ["tmux -U ls", PLAIN],
	d: ["tmux -d ls", PLAIN],
	q: ["tmux -q ls", PLAIN],
	v: ["tmux -v ls", PLAIN],
	V: ["tmux -V", PLAIN],
};

describe("tmux's global options (options/programs/tmux.ts), a row each", () => {
	it("has a verdict for every row, and a row for every verdict", () => {
		expect(Object.keys(VERDICTS).sort()).toEqual(TMUX_GLOBAL_ROWS.map((row) => row.letter).sort());
	});

	it.each(TMUX_GLOBAL_ROWS)("-$letter ($source)", (row) => {
		const [command, verdict] = VERDICTS[row.letter] as readonly [string, EffectVerdict];
		expectEffect(command, verdict);
	});

	it.each([
		// A run after the global options is read as before; a cluster and `--` are read by the grammar.
		["tmux -2u new -d 'rm x'", runs("rm x")],
		["tmux -L w -- run 'rm x'", runs("rm x")],
		["tmux -uc 'rm x'", runs("rm x")],
		["tmux -c 'rm x' ls", runs("rm x")],
		// SECURITY: a configuration file hides among flags, and an option tmux does not have is unknown.
		["tmux -2f evil.conf ls", OPAQUE],
		["tmux -Z ls", OPAQUE],
	] as const)("%s", (command, verdict) => {
		expectEffect(command, verdict);
	});

	it("keeps the unit of `tmux -c 'rm x'` judged by its payload", () => {
		expect(parseProgram("tmux -c 'rm x'").units.map((unit) => unit.text)).toEqual(["tmux -c 'rm x'", "rm x"]);
	});
});
