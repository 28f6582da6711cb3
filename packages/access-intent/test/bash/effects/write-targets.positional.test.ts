import { describe, expect, it } from "vitest";
import { parseProgram } from "../../support/bash-fixture";

/** The write targets of `command`, as typed (an unnamed one as `?spelling`). */
function written(command: string): string[] {
	const program = parseProgram(command);
	expect(program.unparseable, command).toBeNull();
	return program.writeTargets.map((target) =>
		target.path.kind === "resolved" ? target.path.lexical : `?${target.path.typed}`,
	);
}

describe("Pi's empty positional parameters in written names (ADR 0031)", () => {
	it.each([
		['find . -type f > "$1"__checksums.md5', "/__checksums.md5"],
		['echo x > "$1".log', "/.log"],
		['ln -s "$dir" "$1/link"', "/link"],
		["echo x > ${1}out", "/out"],
	])("%s writes a name without them", (command, ending) => {
		const targets = written(command);
		expect(targets).toHaveLength(1);
		expect(targets[0]?.endsWith(ending)).toBe(true);
		expect(targets[0]?.startsWith("?")).toBe(false);
	});

	it.each(['mkdir "$@"', "mkdir -p $2", 'touch "$*"'])("%s writes nothing", (command) => {
		expect(written(command)).toEqual([]);
	});

	it.each([
		// SECURITY: a function's, a payload's or a `set --`'s arguments are data.
		'f() { echo x > "$1"; }; f ~/.bashrc',
		'set -- ~/.bashrc; echo x > "$1"',
		"sh -c 'echo x > \"$1\"' _ ~/.bashrc",
		'echo x > "$X"',
		'echo x > "$#"',
	])("%s keeps the name unknown", (command) => {
		expect(written(command).some((target) => target.startsWith("?"))).toBe(true);
	});
});
