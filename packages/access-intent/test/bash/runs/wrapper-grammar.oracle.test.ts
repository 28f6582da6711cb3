import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CommandUnit } from "../../../src/bash/reading/command-unit";
import { literalWordText } from "../../../src/bash/reading/shell-word";
import { parseProgram } from "../../support/bash-fixture";

/**
 * The wrappers whose ask floor ADR 0028 lifts, run for real: bash runs each row with a PATH whose only unknown
 * program is the logging stub `stub-a`, and every stub the real wrapper started must be a unit the gate reported
 * (same words; `{}`/`-I` words and appended input may differ). Rows also require that the gate established the
 * executed command, so the test cannot pass by flooring. Only stub names run; no absolute path reaches a program.
 */
interface OracleRow {
	readonly command: string;
	/** The gate keeps the floor for this spelling (an option it does not model). */
	readonly floor?: boolean;
	/** The real wrapper refuses or cannot run the command here (privileges): only coverage is checked. */
	readonly mayRunNothing?: boolean;
	/** Extra environment for bash (watch needs a terminal type). */
	readonly env?: Readonly<Record<string, string>>;
}

const ROWS: readonly OracleRow[] = [
	...[
		"env stub-a x",
		"env A=1 B=2 stub-a x",
		"env -u HOME stub-a x",
		"env -uHOME stub-a x",
		"env --unset=HOME stub-a x",
		"env --unset HOME stub-a x",
		"env -C . stub-a x",
		"env --chdir=. stub-a x",
		"env -v stub-a x",
		"env -- stub-a x",
		"env -i PATH=$BIN stub-a x",
		"env - PATH=$BIN stub-a x",
		"env -i -u HOME PATH=$BIN stub-a x",
		// ADR 0051: env's split string is read as the words env makes of it.
		"env -S 'stub-a x'",
		"env -S'stub-a x'",
		"env -vS 'stub-a x' y",
		"env --split-string='stub-a x'",
		"env --split-string 'A=1 stub-a x'",
		"env -S 'stub-a\\_x'",
		"env -S \"stub-a 'x'\\c ignored\"",
		"env -S 'stub-a x #comment'",
		"nice stub-a x",
		"nice -n 5 stub-a x",
		"nice -n5 stub-a x",
		"nice -5 stub-a x",
		"nice --adjustment=5 stub-a x",
		"nice --adjustment 5 stub-a x",
		"nice -- stub-a x",
		"nohup stub-a x",
		"nohup -- stub-a x",
		"timeout 5 stub-a x",
		"timeout -s KILL 5 stub-a x",
		"timeout -sKILL 5 stub-a x",
		"timeout --signal=KILL 5 stub-a x",
		"timeout -k 1 5 stub-a x",
		"timeout -k1 -v 5 stub-a x",
		"timeout --kill-after=1 --preserve-status 5 stub-a x",
		"timeout --foreground 5 stub-a x",
		"timeout -- 5 stub-a x",
		"stdbuf -o0 stub-a x",
		"stdbuf -o 0 stub-a x",
		"stdbuf --output=L stub-a x",
		"stdbuf -i0 -e0 stub-a x",
		"stdbuf -oL -- stub-a x",
		"setsid stub-a x",
		"setsid -w stub-a x",
		"setsid --wait stub-a x",
		"flock lockfile stub-a x",
		"flock -x lockfile stub-a x",
		"flock -s -n lockfile stub-a x",
		"flock -w 5 lockfile stub-a x",
		"flock -w5 lockfile stub-a x",
		"flock --timeout=5 lockfile stub-a x",
		"flock lockfile -c 'stub-a x'",
		"taskset 1 stub-a x",
		"taskset 0x1 stub-a x",
		"ionice -c 3 stub-a x",
		"ionice -c3 stub-a x",
		"ionice -t -c 3 stub-a x",
		"ionice --class=3 stub-a x",
		"time stub-a x",
		"time -p stub-a x",
		"time -- stub-a x",
		"command stub-a x",
		"command -- stub-a x",
		"exec stub-a x",
		"exec -a other stub-a x",
		"exec -c stub-a x",
		"exec -cl stub-a x",
		"setarch x86_64 stub-a x",
		"linux64 stub-a x",
		"unshare stub-a x",
		"prlimit stub-a x",
		"fakeroot stub-a x",
		"fakeroot -- stub-a x",
		"nsenter stub-a x",
		"strace stub-a x",
		"echo a b | xargs stub-a x",
		"echo a b | xargs -n1 stub-a x",
		"echo a b | xargs -n 1 stub-a x",
		"echo a b | xargs --max-args=1 stub-a x",
		"echo a | xargs -I{} stub-a {} y",
		"echo a | xargs -I {} stub-a {} y",
		"echo a | xargs -I% stub-a x%y",
		"echo a | xargs -i stub-a {} y",
		"echo a | xargs -r stub-a x",
		"echo a | xargs -t -P2 stub-a x",
		"echo a | xargs -L1 stub-a x",
		"echo a | xargs -L 1 stub-a x",
		"echo a,b | xargs -d , stub-a x",
		"echo a | xargs -s 200 stub-a x",
		"printf 'a\\0' | xargs -0 stub-a x",
		"printf 'a\\0' | xargs --null stub-a x",
		"echo a | xargs -- stub-a x",
		"echo a | xargs -a data/one stub-a x",
		"find data -exec stub-a x {} \\;",
		"find data -type f -exec stub-a {} +",
		"find data -type f -execdir stub-a x {} \\;",
		"find data -name one -exec stub-a x {} \\; -exec stub-a y {} \\;",
		"find data -mtime -1 -exec stub-a {} +",
		"find data -newer data -o -exec stub-a x {} \\;",
		"find data -name -exec -o -type f -exec stub-a {} \\;",
		"find data -exec timeout 5 stub-a {} \\;",
		// ADR 0038: an action's value is never a clause flag (`-fprintf` writes to a file named `-exec`).
		"find data -fprintf -exec %p -exec stub-a x {} \\;",
		"find data -printf -exec -exec stub-a x {} \\;",
		"echo a | xargs timeout 5 stub-a x",
		"echo a | xargs -I{} nice -n 1 stub-a {} y",
		"X=1 timeout 5 nice -n 1 stub-a x",
	].map((command): OracleRow => ({ command })),
	// `watch` runs its command at once, then every 0.2 s until `timeout` ends it: 5 s leaves a busy machine time to start
	// it at least once (ADR 0047).
	{ command: "timeout 5 watch -n 0.2 -t stub-a x", env: { TERM: "dumb" } },
	{ command: "timeout 5 watch -n0.2 -t -- stub-a x", env: { TERM: "dumb" } },
	// Spellings the gate does not model: the floor stays (nothing to compare but coverage).
	{ command: "taskset -c 0 stub-a x", floor: true },
	{ command: "chrt -o 0 stub-a x", floor: true },
	{ command: "strace -f stub-a x", floor: true },
	// Needs privileges here: the gate still reports what would run.
	{ command: "chrt 10 stub-a x", mayRunNothing: true },
	{ command: "chroot . stub-a x", mayRunNothing: true },
	// ADR 0052: runners the red team found missing, and their siblings (K11n rows).
	...[
		"perf stat -o /dev/null stub-a x",
		"perf record -o perf.data -- stub-a x",
		"perf trace -o /dev/null stub-a x",
		"perf stat --pre 'stub-a y' -o /dev/null stub-a x",
		"socat -u EXEC:'stub-a x' -",
		"socat - SYSTEM:'stub-a x'",
		"cmake -E env stub-a x",
		"cmake -E env A=1 stub-a x",
		"cmake -E env --unset=HOME stub-a x",
		"cmake -E time stub-a x",
		"cmake -E chdir data stub-a x",
		"bwrap --bind / / stub-a x",
		"dbus-run-session stub-a x",
		"ssh-agent stub-a x",
	].map((command): OracleRow => ({ command })),
	{ command: "ip netns exec ns1 stub-a x", mayRunNothing: true },
	{ command: "bwrap --ro-bind / / --dev /dev stub-a x", mayRunNothing: true },
	{ command: "valgrind -q stub-a x", floor: true },
	{ command: "systemd-run --user stub-a x", floor: true },
];

const root = mkdtempSync(join(tmpdir(), "pi-permissions-wrapper-oracle-"));
const bin = join(root, "bin");
const log = join(root, "log");
mkdirSync(bin);
mkdirSync(join(root, "data"));
writeFileSync(join(root, "data", "one"), "a\n");
writeFileSync(
	join(bin, "stub-a"),
	// The log path is written into the stub: `env -i` and `exec -c` clear the environment it would come from.
	`#!/bin/sh\n{ printf '%s' "\${0##*/}"; for a; do printf ' %s' "$a"; done; echo; } >> '${log}'\n`,
);
chmodSync(join(bin, "stub-a"), 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs `command` under real bash and returns the argv of every stub it started. */
function started(command: string, env: Readonly<Record<string, string>> = {}): string[][] {
	writeFileSync(log, "");
	spawnSync("bash", ["-c", command], {
		cwd: root,
		env: { PATH: `${bin}:/usr/bin:/bin`, HOME: root, ...env },
		stdio: ["ignore", "ignore", "ignore"],
		// A liveness bound (ADR 0047): every row ends by itself, the `watch` rows after their own 5 s.
		timeout: 60_000,
	});
	return readFileSync(log, "utf8")
		.split("\n")
		.filter((line) => line !== "")
		.map((line) => line.split(" "));
}

/** Whether `unit` covers one started argv: same name, same literal words; filled-in and appended words may vary. */
function covers(unit: CommandUnit, argv: readonly string[]): boolean {
	if (unit.commandName !== argv[0]) return false;
	const markers = unit.runTimeWords?.markers ?? [];
	const args = argv.slice(1);
	for (const [i, word] of unit.args.entries()) {
		const text = literalWordText(word);
		if (text !== null && markers.some((marker) => text.includes(marker))) continue;
		if (args[i] !== text) return false;
	}
	return unit.runTimeWords?.appended === true || args.length === unit.args.length || markers.length > 0;
}

describe("wrapper grammars against the real programs (ADR 0028)", () => {
	it.each(ROWS)("$command: every stub the real wrapper starts is a unit the gate reports", (row) => {
		const command = row.command.replaceAll("$BIN", bin);
		const units = parseProgram(command).units.filter((unit) => unit.commandName === "stub-a");
		const runs = started(command, row.env);
		if (row.floor === true) {
			expect(parseProgram(command).units.some((unit) => unit.wrapperKind !== null && unit.executedUnit === null)).toBe(
				true,
			);
			return;
		}
		expect(units.length).toBeGreaterThan(0);
		if (row.mayRunNothing !== true) expect(runs.length).toBeGreaterThan(0);
		for (const argv of runs) expect(units.some((unit) => covers(unit, argv))).toBe(true);
	});
});

/** ADR 0038: find rejects an expression with a clause left open, before it runs anything (GNU findutils 4.9). */
const REJECTED: readonly string[] = [
	"find data -exec stub-a x {}",
	"find data -exec stub-a x {} ; true",
	"find data -type f -exec stub-a x",
	"find data -exec stub-a x {} \\; -exec stub-a y {}",
	"find data -name one -exec stub-a {} + -ok stub-a {}",
];

describe("find expressions the real find rejects (ADR 0038)", () => {
	it.each(REJECTED)("%s: find starts nothing, and the gate reads it as no wrapper", (command) => {
		expect(started(command)).toEqual([]);
		const program = parseProgram(command);
		expect(program.unparseable).toBeNull();
		expect(program.units[0]?.wrapperKind).toBeNull();
		expect(program.units.some((unit) => unit.commandName === "stub-a")).toBe(false);
	});
});

/**
 * ADR 0052: runners whose payload the gate cannot read run code in real bash: each row's real program starts the
 * stub, and the gate floors the unit that runs it (an opaque payload, or an indirection whose command is unknown).
 */
const OPAQUE_RUNNERS: readonly string[] = [
	"gdb -batch -ex 'shell stub-a x'",
	"make -f /dev/stdin <<< $'all:\\n\\tstub-a x'",
	"python3 -m doctest /dev/stdin <<< '>>> import os; os.system(\"stub-a x\")'",
];

describe("runners the gate reads as opaque, against the real programs (ADR 0052)", () => {
	it.each(OPAQUE_RUNNERS)("%s: the real program runs the stub, and the gate floors it", (command) => {
		expect(started(command).length).toBeGreaterThan(0);
		const floored = parseProgram(command).units.some((unit) => unit.wrapperKind !== null && unit.executedUnit === null);
		expect(floored).toBe(true);
	});
});
