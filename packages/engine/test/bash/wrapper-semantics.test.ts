import { restrictiveness } from "@pi-permissions/policy";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bashCall, createEngine } from "../support/engine-fixture";

const decide = (engine: ReturnType<typeof createEngine>, command: string) =>
	engine.pipeline.decide(bashCall(command)).combined;

const ALLOWLIST = {
	permission: {
		"*": "ask",
		// Bash writes meet the `write` rule (ADR 0027): allowed here, so only the programs decide.
		write: "allow",
		bash: {
			"*": "ask",
			"git status *": "allow",
			"find *": "allow",
			"grep *": "allow",
			"xargs *": "allow",
			"ls *": "allow",
			"cp *": "allow",
		},
	},
};

describe("transparent wrappers are judged as the command they run (ADR 0028)", () => {
	const engine = createEngine({ config: ALLOWLIST });

	it.each([
		"time git status",
		"time -p git status",
		"nice -n 5 git status",
		"nohup git status",
		"timeout 60 git status",
		"timeout -s KILL 5 git status",
		"stdbuf -oL git status",
		"ionice -c 3 git status",
		"taskset 1 git status",
		"setsid -w git status",
		"command git status",
		"exec git status",
		"time nice -n 1 timeout 5 git status",
	])("allows %j under an allowlist of `git status *` only", (command) => {
		expect(decide(engine, command)).toMatchObject({ state: "allow", matchedPattern: "git status *" });
	});

	it("asks for what the wrapper runs when no rule allows that", () => {
		expect(decide(engine, "time git push")).toMatchObject({ state: "ask", matchedPattern: "*" });
		expect(decide(engine, "timeout 5 git push")).toMatchObject({ state: "ask", value: "git push" });
	});

	it("keeps a rule that names the wrapper, also on an inner hop", () => {
		const named = createEngine({
			config: { permission: { "*": "allow", bash: { "*": "allow", "timeout *": "deny", "nice *": "ask" } } },
		});
		expect(decide(named, "timeout 5 ls")).toMatchObject({ state: "deny", matchedPattern: "timeout *" });
		expect(decide(named, "sudo timeout 5 ls")).toMatchObject({ state: "deny", matchedPattern: "timeout *" });
		expect(decide(named, "time nice ls")).toMatchObject({ state: "ask", matchedPattern: "nice *" });
		expect(decide(named, "env \\timeout 5 ls")).toMatchObject({ state: "deny" });
	});

	it("lets bare `env` print and bare `xargs` run `echo`", () => {
		const printing = createEngine({
			config: { permission: { "*": "ask", bash: { "env *": "allow", "xargs *": "allow" } } },
		});
		for (const command of ["env", "env -i", "env A=1", "xargs", "xargs -0", "xargs -n3"])
			expect(decide(printing, command).state).toBe("allow");
	});

	it("judges a bare transparent wrapper as the plain command it is, but not `exec` with redirects", () => {
		const bare = createEngine({ config: { permission: { "*": "allow" } } });
		for (const command of ["time", "command", "exec", "nohup"]) expect(decide(bare, command).state).toBe("allow");
		expect(decide(bare, "exec 3< f").state).toBe("ask");
		expect(decide(bare, "exec > log 2>&1").state).toBe("ask");
	});

	it("judges `command -v` as the lookup it is", () => {
		const lookups = createEngine({ config: { permission: { "*": "ask", bash: { "command -v *": "allow" } } } });
		expect(decide(lookups, "command -v pnpm").state).toBe("allow");
		expect(decide(lookups, "command rm x").state).toBe("ask");
	});
});

describe("indirections are judged as their own text and as the command they run (ADR 0028)", () => {
	const engine = createEngine({ config: ALLOWLIST });

	it.each([
		"find . -name '*.ts' -exec grep -l foo {} +",
		"find . -name '*.ts' | xargs grep -l foo",
		"find . -name '*.ts' -print0 | xargs -0 grep -l foo",
		"find . -name '*.log' | xargs -I{} cp {} dest/",
		"find . -type f -exec grep -q x {} \\; -exec ls -l {} \\;",
		"find . -mtime -1 -exec grep -l foo {} +",
	])("allows %j when every program it runs is allowed", (command) => {
		expect(decide(engine, command).state).toBe("allow");
	});

	it.each([
		["sudo git status", "sudo git status"],
		["env FOO=1 git status", "env FOO=1 git status"],
		["find . -exec cat {} \\;", "cat {}"],
		["find . | xargs wc -l", "wc -l"],
	])("asks for %j: a part of it no rule allows", (command, value) => {
		expect(decide(engine, command)).toMatchObject({ state: "ask", value });
	});

	const denyRm = createEngine({ config: { permission: { "*": "allow", bash: { "*": "allow", "rm *": "deny" } } } });
	it.each([
		"find . -exec rm {} \\;",
		"find . -type f -execdir rm -f {} +",
		"find . | xargs rm",
		"sudo rm -rf x",
		"sudo -u root -C 3 rm x",
		"env rm x",
		"env -i PATH=/bin rm x",
		"nice -n 5 rm x",
		"timeout 5 rm x",
		"time rm x",
		"xargs -0 rm -f",
		"xargs -I{} rm {}",
		"parallel rm ::: a",
		"watch rm x",
		"flock f rm x",
		"setsid rm x",
		"find . -exec timeout 5 rm {} \\;",
		"echo a | xargs timeout 5 nice rm",
		"fd -e tmp -x rm",
		// ADR 0031: a literal script that reads its arguments is judged by its units.
		"find . -exec sh -c 'rm \"$1\"' _ {} \\;",
		"find . -name '*.x' -exec sh -c 'for f; do rm \"$f\"; done' sh {} +",
		"ls | xargs sh -c 'rm \"$@\"' _",
	])("denies %j under rm *: deny", (command) => {
		expect(decide(denyRm, command)).toMatchObject({ state: "deny", matchedPattern: "rm *" });
	});

	it.each([
		"find . -exec {} \\;",
		"find . -exec sh -c 'rm {}' \\;",
		"xargs -I{} sh -c 'rm {}'",
		// SECURITY: `{}` inside the script is find's text substitution: a file named `$(rm x)` runs it.
		"find . -exec sh -c 'echo {}' \\;",
		"find . -exec bash -c 'ls \"{}\" | wc -l' \\;",
		"xargs -I{} sh -c 'echo {}'",
		// The script's argument as a command name is not known.
		"find . -exec sh -c '\"$1\" x' _ {} \\;",
		"find . -exec sh -c 'eval \"$1\"' _ {} \\;",
		"xargs -I{} {} x",
		// ADR 0031: the command chose the value (an unassigned `$X` is Pi's environment, which the agent cannot set).
		"X=-exec; find . $X rm {} \\;",
		"for X in -exec; do find . $X rm {} \\; ; done",
		"find . -exec rm {} $T",
		"sudo $CMD x",
		'sh -c "$x"',
		"xargs sh -c",
		"xargs -n 3",
		"find . -print | parallel {}",
		"parallel -I X X ::: rm",
		"parallel 'rm {}' ::: a",
		"sudo -s",
		"env -S 'rm x'",
		"exec 3< f",
	])("keeps the floor where what runs cannot be established: %j", (command) => {
		expect(decide(denyRm, command).state).not.toBe("allow");
	});

	// ADR 0038: GNU parallel quotes its input into the replacement strings or appends it: the composed words run.
	it.each([
		"find . -print | parallel ls",
		"find . -maxdepth 1 -type d -print | parallel echo Directory: {}",
		"seq 10 | parallel -j100 wget https://www.example.com/page{}.html",
		"find . | grep '.xml$' | parallel bzip2",
	])("allows %j under rm *: deny: the words it composes are judged", (command) => {
		expect(decide(denyRm, command).state).toBe("allow");
	});

	it.each(["parallel rm", "ls | parallel rm -f {}", "PARALLEL_SHELL=rm parallel echo {} ::: a"])(
		"denies %j under rm *: deny: the composed command or its shell is `rm`",
		(command) => {
			expect(decide(denyRm, command)).toMatchObject({ state: "deny", matchedPattern: "rm *" });
		},
	);
});

describe("words a wrapper fills in at run time meet every rule they could match", () => {
	const engine = createEngine({
		config: { permission: { "*": "allow", bash: { "*": "allow", "git push *": "deny" } } },
	});

	it.each([
		"echo push | xargs git",
		"find . -exec git {} \\;",
		"ls | xargs -I% git % origin",
		"echo x | xargs timeout 5 git",
		"echo push | parallel git",
		"echo push | parallel git {} origin",
	])("asks for %j: the input may make it `git push`", (command) => {
		expect(decide(engine, command)).toMatchObject({ state: "ask", matchedPattern: "<indirection-bash-wrapper>" });
	});

	it.each([
		// A read script's computed words are run-time words (ADR 0031); `git` with a computed word is also opaque.
		"find . -exec sh -c 'git $1 origin' _ {} \\;",
		"sh -c 'x=$1; git $x' _ push",
		"ls | xargs sh -c 'for f; do git $f; done' _",
	])("asks for %j: the script's argument may make it `git push`", (command) => {
		expect(decide(engine, command).state).toBe("ask");
	});

	it("a read script's argument meets a rule on the word it fills", () => {
		const named = createEngine({
			config: { permission: { "*": "allow", bash: { "*": "allow", "echo foo*": "deny" } } },
		});
		expect(decide(named, "sh -c 'echo $1' _ foo")).toMatchObject({
			state: "ask",
			matchedPattern: "<indirection-bash-wrapper>",
		});
		expect(decide(named, "sh -c 'echo bar $1' _ foo").state).toBe("allow");
	});

	it("bounds a judged wrapper's own filled-in words too", () => {
		const named = createEngine({
			config: { permission: { "*": "allow", bash: { "*": "allow", "env LC_ALL=bad *": "deny" } } },
		});
		// `LC_ALL` is a known-inert variable (ADR 0051): only the filled-in word can make the wrapper ask.
		expect(decide(named, "find . -exec env LC_ALL={} git \\; -exec ls \\;").state).toBe("ask");
		expect(decide(named, "find . -exec env LC_ALL=ok git \\; -exec ls \\;").state).toBe("allow");
	});

	it.each([
		"find . -name '*.ts' -exec git add {} +",
		"ls | xargs git add",
		"git ls-files | xargs -I{} git log -1 {}",
		"find . -exec sh -c 'git add \"$1\"' _ {} \\;",
		"find . -exec sh -c 'git log -1 -- \"${1}\"' _ {} \\;",
	])("allows %j: no filled-in word can reach `git push`", (command) => {
		expect(decide(engine, command).state).toBe("allow");
	});
});

describe("wrapping never weakens a decision", () => {
	const engine = createEngine({
		config: {
			permission: {
				"*": "allow",
				bash: { "*": "allow", "rm *": "deny", "git push *": "deny", "timeout *": "ask", "curl *": "ask" },
			},
		},
	});
	const stateOf = (command: string) => restrictiveness(decide(engine, command).state);
	const findExec = (c: string) => `find . -exec ${c} \\;`;
	const name = fc.constantFrom("rm", "git", "ls", "curl", "timeout", "x");
	const word = fc.constantFrom("rm", "git", "push", "ls", "curl", "timeout", "x", "-f", "{}");
	// `{}` stays out of the name position: tree-sitter cannot parse `{} rm` bare (it asks as unparseable).
	const command = fc.tuple(name, fc.array(word, { maxLength: 3 })).map(([head, words]) => [head, ...words].join(" "));
	const wrappers: readonly ((c: string) => string)[] = [
		(c) => `time ${c}`,
		(c) => `nice -n 1 ${c}`,
		(c) => `timeout 5 ${c}`,
		(c) => `stdbuf -o0 ${c}`,
		(c) => `setsid ${c}`,
		(c) => `command ${c}`,
		(c) => `sudo -u root ${c}`,
		(c) => `env A=1 ${c}`,
		(c) => `echo y | xargs ${c}`,
		(c) => `echo y | xargs -I{} ${c}`,
		findExec,
		(c) => `flock l ${c}`,
		(c) => `watch ${c}`,
		(c) => `time sudo nice ${c}`,
	];

	it("decides every wrapped command at least as strictly as the bare command", () => {
		fc.assert(
			fc.property(
				command,
				fc.integer({ min: 0, max: wrappers.length - 1 }),
				fc.integer({ min: 0, max: 2 }),
				(c, i, j) => {
					const outer = wrappers[i] as (c: string) => string;
					const inner = wrappers[(i + j) % wrappers.length] as (c: string) => string;
					expect(stateOf(outer(c))).toBeGreaterThanOrEqual(stateOf(c));
					// A `find -exec` inside another ends the outer clause at its `\;` (real find then refuses both).
					if (outer === findExec || inner === findExec) return;
					expect(stateOf(outer(inner(c)))).toBeGreaterThanOrEqual(stateOf(c));
				},
			),
			{ numRuns: 300 },
		);
	});
});
