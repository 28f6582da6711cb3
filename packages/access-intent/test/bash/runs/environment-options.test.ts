import { describe, expect, it } from "vitest";
import { BashProgram } from "../../../src/bash/bash-program";
import {
	type ShellEnvironment,
	shellEnvironmentOf,
	UNKNOWN_SHELL_ENVIRONMENT,
} from "../../../src/bash/state/shell-environment";
import { parser, TEST_NORMALIZER } from "../../support/bash-fixture";

const KNOWN = shellEnvironmentOf({ OUT: "out.txt", DASH: "--compress-program=rm", SPACED: "a --compress-program=rm" });

function wrapperKind(command: string, shellEnvironment: ShellEnvironment = KNOWN): string | null {
	const program = BashProgram.parse(command, { parser, normalizer: TEST_NORMALIZER, shellEnvironment });
	expect(program.unparseable, command).toBeNull();
	const unit = program.units.find((candidate) =>
		["sort", "split", "tar", "rsync"].includes(candidate.commandName ?? ""),
	);
	if (unit === undefined) throw new Error(`no wrapper unit in ${command}`);
	return unit.wrapperKind;
}

describe("computed words a known environment settles as no option (ADR 0039)", () => {
	it.each([
		"sort -o $UNSET_OUT x",
		"sort -o $OUT x",
		'sort "$OUT"',
		"split -a 5 $UNSET_FILE",
		"split --lines $UNSET_LINES notes",
		"tar cf - $PWD",
		'tar xf "$UNSET_ARCHIVE"',
		"rsync -avR $UNSET_I /backup",
		"split -l ${2:-10000} -d notes",
	])("%s runs nothing of its own", (command) => {
		expect(wrapperKind(command)).toBeNull();
		expect(wrapperKind(command, UNKNOWN_SHELL_ENVIRONMENT)).toBe("opaque-payload");
	});

	it.each([
		// SECURITY: the value is an option, splits into one, or may be anything.
		"sort $DASH x",
		"sort $SPACED x",
		"sort $UNSET_A-x y",
		"sort $RANDOM x",
		"sort $(printf %s --compress-program=rm) x",
		"sort ${UNSET:-$DASH} x",
		"f=--compress-program=rm; sort $f x",
		"read f; sort $f x",
		"cd /tmp; sort $PWD x",
		"f() { sort $1 x; }; f --compress-program=rm",
		// SECURITY: a unit that may assign a name the text does not spell sends the whole command back to unknown.
		"$CMD $NAME; sort $UNSET_X x",
		'eval "$CODE"; sort -o $UNSET_OUT x',
		'trap "$CODE" EXIT; sort $UNSET_X x',
	])("%s stays opaque", (command) => {
		expect(wrapperKind(command)).toBe("opaque-payload");
	});
});
