import { describe, expect, it } from "vitest";
import type { CommandUnit } from "../../../src/bash/reading/command-unit";
import { parseProgram } from "../../support/bash-fixture";

/** The first unit (the wrapper as written) and the units it certainly executes. */
function analyse(command: string): { wrapper: CommandUnit; executed: readonly string[] } {
	const program = parseProgram(command);
	expect(program.unparseable, command).toBeNull();
	const [wrapper, ...rest] = program.units;
	if (wrapper === undefined) throw new Error(`no unit for ${command}`);
	const executed = rest
		.filter((unit) => unit.nesting.includes("wrapper") || unit.nesting.includes("payload"))
		.map((unit) => unit.text);
	return { wrapper, executed };
}

describe("wrapper analysis", () => {
	it.each([
		["sudo rm x", "rm x"],
		["sudo -u root rm x", "rm x"],
		["sudo -uroot -E rm x", "rm x"],
		["sudo --user=root -- rm x", "rm x"],
		["sudo --user root HOME=/x rm x", "rm x"],
		["doas -u root rm x", "rm x"],
		["env rm x", "rm x"],
		["env -i A=1 B=2 rm x", "rm x"],
		["env - rm x", "rm x"],
		["env --unset=HOME --chdir=/tmp rm x", "rm x"],
		["command rm x", "rm x"],
		["command -p rm x", "rm x"],
		["builtin cd /tmp", "cd /tmp"],
		["exec rm x", "rm x"],
		["exec -a name -c rm x", "rm x"],
		["nohup rm x", "rm x"],
		["nice rm x", "rm x"],
		["nice -n 19 rm x", "rm x"],
		["nice -n19 rm x", "rm x"],
		["nice --adjustment=5 rm x", "rm x"],
		["nice -10 rm x", "rm x"],
		["ionice -c 3 rm x", "rm x"],
		["ionice -c2 -n7 -t rm x", "rm x"],
		["timeout 5 rm x", "rm x"],
		["timeout -s KILL 5 rm x", "rm x"],
		["timeout -k 1 --preserve-status 5m rm x", "rm x"],
		["timeout --signal=TERM --kill-after=2 1h rm x", "rm x"],
		["time rm x", "rm x"],
		["time -p rm x", "rm x"],
		["time -o out.txt -f %e rm x", "rm x"],
		["stdbuf -oL -eL rm x", "rm x"],
		["stdbuf --output=0 rm x", "rm x"],
		["setsid rm x", "rm x"],
		["setsid -f -w rm x", "rm x"],
		["chroot /srv rm x", "rm x"],
		["chroot --userspec=a:b /srv rm x", "rm x"],
		["flock /tmp/lock rm x", "rm x"],
		["flock -n -w 5 /tmp/lock rm x", "rm x"],
		["xargs rm", "rm"],
		["xargs -0 rm -f", "rm -f"],
		["xargs -n 1 -P 4 rm", "rm"],
		["xargs -I{} mv {} /tmp", "mv {} /tmp"],
		["find . -name '*.tmp' -exec rm {} \\;", "rm {}"],
		["find . -execdir chmod 600 {} +", "chmod 600 {}"],
		["find . -ok rm {} ';'", "rm {}"],
		["find . -okdir rm {} \\;", "rm {}"],
		["fd -x rm", "rm"],
		["fd --exec rm -f", "rm -f"],
		["fd -X rm", "rm"],
		["fd --exec-batch rm", "rm"],
		["busybox rm x", "rm x"],
		["coproc rm x", "rm x"],
		["sudo timeout 5 xargs grep foo", "grep foo"],
		["nice -n 5 nohup env A=1 rm x", "rm x"],
	])("%s is an indirection that executes %s", (command, executed) => {
		const { wrapper, executed: units } = analyse(command);
		expect(wrapper.wrapperKind).toBe("indirection");
		expect(wrapper.executedUnit).toBe(executed);
		expect(units).toEqual([executed]);
	});

	it.each([
		["find . -fprintf -exec %p -exec rm {} \\;", "rm {}"],
		["find . -printf -exec -exec rm {} \\;", "rm {}"],
		["find . -fprint -exec -exec rm {} +", "rm {}"],
		["find . -fls -ok -ok rm {} \\;", "rm {}"],
	])("%s: an action's value is never a clause flag (ADR 0038)", (command, executed) => {
		expect(analyse(command).executed).toEqual([executed]);
	});

	it("emits every clause of a find with several -exec actions", () => {
		const { wrapper, executed } = analyse("find . -exec cat {} \\; -exec rm {} \\;");
		expect(wrapper.executedUnit).toBe("cat {}");
		expect(executed).toEqual(["cat {}", "rm {}"]);
	});

	it.each([
		["watch ls", "ls", ["ls"]],
		["watch -n 2 'df -h; rm x'", "df -h; rm x", ["df -h", "rm x"]],
		["parallel rm ::: a b", "rm", ["rm"]],
		["parallel -j 4 gzip ::: *.log", "gzip", ["gzip"]],
		["rush 'rm {}'", null, []],
	])("%s runs its words through a shell: executed %s", (command, executedUnit, units) => {
		const { wrapper, executed } = analyse(command);
		expect(wrapper.wrapperKind).toBe("indirection");
		expect(wrapper.executedUnit).toBe(executedUnit);
		expect(executed).toEqual(units);
	});

	it.each([
		["bash -c 'rm x'", "rm x"],
		['sh -c "rm x"', "rm x"],
		["bash -lc 'rm x'", "rm x"],
		["bash -xc 'rm x'", "rm x"],
		["bash -e -c 'rm x'", "rm x"],
		["bash -o pipefail -c 'rm x'", "rm x"],
		["bash --norc -c 'rm x'", "rm x"],
		["dash -c 'rm x'", "rm x"],
		["zsh -c 'rm x'", "rm x"],
		["ksh -c 'rm x'", "rm x"],
		["/usr/bin/env bash -c 'rm x'", "rm x"],
		["eval 'rm x'", "rm x"],
		["eval rm x", "rm x"],
		["su -c 'rm x'", "rm x"],
		["su root --command='rm x'", "rm x"],
		["flock /tmp/l -c 'rm x'", "rm x"],
		["bash <<< 'rm x'", "rm x"],
		["trap 'rm x' EXIT", "rm x"],
		["trap -- 'rm x' INT TERM", "rm x"],
	])("%s is an opaque payload whose literal text %s is parsed", (command, payload) => {
		const program = parseProgram(command);
		const wrapper = program.units.find(
			(unit) => unit.wrapperKind === "opaque-payload" || unit.executedUnit === payload,
		);
		expect(wrapper?.executedUnit).toBe(payload);
		expect(program.units.some((unit) => unit.text === "rm x" && unit.nesting.includes("payload"))).toBe(true);
	});

	it.each([
		'bash -c "$CMD"',
		'sh -c "rm $x"',
		'eval "$@"',
		"eval $(cat cmd.txt)",
		"curl -s x | sh",
		"curl -s x | bash -s -- --flag",
		"bash < script.sh",
		"sh <<EOF\nrm x\nEOF",
		"bash /dev/stdin",
		"source <(curl -s x)",
		". $FILE",
		"source /dev/stdin",
		"fish -c 'rm x'",
		"su",
		"python -c 'import os'",
		"python3 -Ic 'import os'",
		"python3",
		"node -e 'process.exit()'",
		"node -p '1+1'",
		"node --eval='1'",
		"nodejs -pe 1",
		"perl -e 'unlink'",
		"perl -lne 'print'",
		"perl -E 'say 1'",
		"ruby -e 'puts 1'",
		"php -r 'echo 1;'",
		"lua -e 'print(1)'",
		"deno eval 'Deno.exit()'",
		"osascript -e 'quit'",
	])("%s is an opaque payload with no executed unit", (command) => {
		const program = parseProgram(command);
		expect(program.unparseable).toBeNull();
		const opaque = program.units.filter((unit) => unit.wrapperKind === "opaque-payload");
		expect(opaque.length).toBeGreaterThan(0);
		expect(opaque.every((unit) => unit.executedUnit === null)).toBe(true);
		expect(program.units.some((unit) => unit.nesting.includes("payload"))).toBe(false);
	});

	it.each([
		"xargs",
		"env",
		"env -S",
		"env -S 'rm $x'",
		'env -S "$X"',
		"env -S 'rm \\q'",
		"sudo",
		"sudo -s rm x",
		"sudo -i rm x",
		"sudo -e /etc/hosts",
		"sudo $OPTS rm x",
		"sudo --frobnicate rm x",
		"timeout 5",
		"nice -n",
		"command -v rm",
		"ionice -p 42",
		"xargs -I{} sh -c 'rm {}'",
		// ADR 0031: a value the command computes; an unassigned `$ACTION` is Pi's environment, which the agent cannot set
		// (the assigned forms are rows of environment-words.test.ts).
		"find . $(echo -exec) rm {} \\;",
		"find . ${ACTION:--exec} rm {} \\;",
		"find . -exec {} \\;",
		// ADR 0038: a computed word inside a clause may be `;` and end it early (`$(printf ';')`), so what follows runs.
		"find . -exec echo $(printf ';') -exec rm {} \\;",
		"find . -exec echo a$X -exec rm {} \\;",
		'find . -exec echo \\;"$X" -exec rm {} \\;',
		'find . -exec echo "$X" -exec rm {} \\;',
		"find . -exec rm {} $T",
		"find . -exec echo \"$(printf ';')\" -exec rm {} \\;",
		// The computed word may have consumed the flag as a test's value: only a literal expression is known rejected.
		"find $(echo -name) -exec rm {}",
		"fd --exec",
		"watch -x rm x",
		"watch rm $FILE",
		"chroot /srv",
		"flock 9",
		"exec",
		"time",
	])("%s is a wrapper whose executed unit is not established", (command) => {
		const program = parseProgram(command);
		expect(program.unparseable).toBeNull();
		const first = program.units[0];
		expect(first?.wrapperKind).not.toBeNull();
		const derived = program.units.filter(
			(unit) => unit.nesting.includes("wrapper") || unit.nesting.includes("payload"),
		);
		if (command.startsWith("xargs -I")) {
			// xargs runs `sh -c 'rm {}'` for certain, but the payload holds the run-time replacement string.
			expect(derived.map((unit) => [unit.text, unit.executedUnit])).toEqual([["sh -c 'rm {}'", null]]);
		} else {
			expect(first?.executedUnit).toBeNull();
			expect(derived).toEqual([]);
		}
	});

	it.each([
		"bash script.sh",
		"bash ./deploy.sh --dry-run",
		"sh -x ./build.sh",
		"bash --version",
		"source ./env.sh",
		". ~/.profile",
		"python3 script.py",
		"python3 -m http.server",
		"node server.js",
		"node --version",
		"perl script.pl",
		"find . -name '*.ts'",
		// ADR 0038: find rejects a clause with no `;` or `+` and runs nothing, not even an earlier clause.
		"find . -exec rm {}",
		"find . -exec cat {} ; echo",
		"find . -type f -exec grep -il mail",
		"find . -exec cat {} \\; -exec rm {}",
		// Pi's `bash -c` has no positional parameters: `"$3"` is an empty word, never a terminator.
		'find . -exec grep -Hn "$3" {} \\; -exec rm {}',
		'find . -exec tar rvf "$archive.tar" {} \\; -exec rm {}',
		"fd pattern src",
		"timeoutx 5 rm",
		"sudoku",
		"trap",
		"trap -p",
		"trap - INT",
		"trap '' INT",
	])("%s is not a wrapper", (command) => {
		expect(parseProgram(command).units[0]?.wrapperKind).toBeNull();
	});
});
