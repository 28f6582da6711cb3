import { afterAll, describe, expect, it } from "vitest";
import { bashCall, call, createEngine, realProbe } from "../support/engine-fixture";
import { createTmpProject } from "../support/tmp-project";

const project = createTmpProject({
	files: [".env", "src/a.ts", "sub/readme.md"],
	symlinks: { settings: ".env", "sub/cfg": "../.env" },
});
afterAll(() => project.remove());

const engine = createEngine({
	config: { permission: { "*": "allow", path: { "*.env": "deny" } } },
	cwd: project.cwd,
	home: project.home,
	probe: realProbe(),
});

/** The same tree with outside-the-project access asking. */
const asking = createEngine({
	config: { permission: { "*": "allow", external_directory: { "*": "ask" } } },
	cwd: project.cwd,
	home: project.home,
	probe: realProbe(),
});

describe("ToolCallPipeline with path *.env: deny on a real tree", () => {
	it.each([
		{ tool: "read", input: { path: ".env" } },
		{ tool: "read", input: { path: `${project.cwd}/.env` } },
		{ tool: "read", input: { path: "~/proj/.env" } },
		{ tool: "read", input: { path: "src/../.env" } },
		{ tool: "read", input: { path: "settings" } },
		{ tool: "write", input: { path: ".env", content: "x" } },
		{ tool: "edit", input: { path: ".env", oldText: "a", newText: "b" } },
		{ tool: "grep", input: { pattern: "SECRET", path: ".env" } },
		{ tool: "find", input: { pattern: "*", path: ".env" } },
		{ tool: "ls", input: { path: ".env" } },
		// Pi's tools drop a leading `@`, decode `file://` URLs and turn Unicode spaces into spaces before opening.
		{ tool: "read", input: { path: "@.env" } },
		{ tool: "read", input: { path: "@sub/cfg" } },
		{ tool: "read", input: { path: `file://${project.cwd}/%2eenv` } },
		{ tool: "write", input: { path: `@file://${project.cwd}/.env`, content: "x" } },
		{ tool: "edit", input: { path: "@settings", oldText: "a", newText: "b" } },
		// `grep`'s `glob` names the files it reads.
		{ tool: "grep", input: { pattern: "SECRET", glob: ".env" } },
		{ tool: "grep", input: { pattern: "SECRET", path: "sub", glob: "*.env" } },
	])("denies $tool $input.path", ({ tool, input }) => {
		const decision = engine.pipeline.decide(call(tool, input));
		expect(decision.combined).toMatchObject({ state: "deny", surface: "path", matchedPattern: "*.env" });
	});

	it.each([
		"cat .env",
		"cat < .env",
		"echo x > .env",
		"source .env",
		". ./.env",
		"cd sub && cat ../.env",
		"cat $HOME/proj/.env",
		"cat ${HOME}/proj/.env",
		"cat ~/proj/.env",
		"cat settings",
		"cat sub/cfg",
		"grep --file=.env x",
		"cat *.env",
		"cat .en?",
		"f=.env; cat $f",
		'export F=.env && cat "$F"',
		"cat $(pwd)/.env",
		"echo $(cat .env)",
		// Parameter transforms of a literal value are computed exactly (these asked before they were modelled).
		"a=.ENV; cat ${a,,}",
		"a=xenv; cat .${a:1}",
		"cat .e${PWD:0:0}nv",
		"for f in .env; do cat $f; done",
	])("denies bash %s", (command) => {
		const decision = engine.pipeline.decide(bashCall(command));
		expect(decision.combined.state).toBe("deny");
		expect(decision.combined).toMatchObject({ gate: "bash-path", surface: "path", matchedPattern: "*.env" });
	});

	it("reads a file tool's path as Pi's tool opens it, outside the project included", () => {
		const outside = asking.pipeline.decide(call("read", { path: `@${project.home}/notes.txt` }));
		expect(outside.combined).toMatchObject({ state: "ask", surface: "external_directory" });
		expect(outside.combined.value).toContain(project.home);
		expect(outside.combined.value).not.toContain("@");
		expect(asking.pipeline.decide(call("read", { path: "@sub/readme.md" })).combined.state).toBe("allow");
	});

	// Red-team findings: values the parse cannot know are not guessed; while a path rule denies, they ask.
	it.each([
		'for f in "$@"; do cat $f; done',
		"read a <<< .env; cat $a",
		"mapfile a <<< .env; cat $a",
		"a=(.env); cat ${a[0]}",
		"cat $(echo .e)nv",
		"cat `printf secrets`/key.pem",
		"echo x > $out",
	])("asks for bash %s (a computed path)", (command) => {
		const decision = engine.pipeline.decide(bashCall(command));
		expect(decision.combined).toMatchObject({
			state: "ask",
			gate: "bash-path",
			surface: "path",
			matchedPattern: "<unresolved-path>",
			basis: "floor",
			suggestion: null,
		});
	});

	it("keeps a computed path's spelling judged by the rules, and lets it pass where no path rule restricts", () => {
		expect(engine.pipeline.decide(bashCall("cat $DIR/x.env")).combined).toMatchObject({
			state: "deny",
			matchedPattern: "*.env",
		});
		const open = createEngine({
			config: { permission: { "*": "allow" } },
			cwd: project.cwd,
			home: project.home,
			probe: realProbe(),
		});
		expect(open.pipeline.decide(bashCall("for f in a b; do cat $f; done")).combined.state).toBe("allow");
	});

	it.each([
		"CDPATH=.. cd proj && cat .env",
		"HOME=/ cd; cat etc/hostname",
		"cd su* && cat ../.env",
		"cd [s]ub && cat cfg",
	])("does not guess where %s moved: later relative paths ask as outside the project", (command) => {
		expect(asking.pipeline.decide(bashCall(command)).combined).toMatchObject({
			state: "ask",
			surface: "external_directory",
		});
	});

	it("allows a file that no path rule names", () => {
		expect(engine.pipeline.decide(call("read", { path: "src/a.ts" })).combined.state).toBe("allow");
		expect(engine.pipeline.decide(call("grep", { pattern: "x", glob: "*.ts" })).combined.state).toBe("allow");
		expect(engine.pipeline.decide(bashCall("cat src/a.ts")).combined.state).toBe("allow");
	});

	describe("under the recommended shape (universal ask, `cat *` allowed, a path deny)", () => {
		const recommended = createEngine({
			config: {
				permission: {
					"*": "ask",
					bash: { "*": "ask", "cat *": "allow", "echo *": "allow", "git *": "allow" },
					path: { "*.env": "deny" },
				},
			},
			cwd: project.cwd,
			home: project.home,
			probe: realProbe(),
		});

		// fidelity-recommended empty-exp-env, unknown-var-path: only the universal default matched the spelling.
		it.each(["cat .e${x}nv", "cat $f", "cat .e${x:0:0}nv", "cat ${f,,}"])(
			"asks for bash %s (a computed path)",
			(command) => {
				expect(recommended.pipeline.decide(bashCall(command)).combined).toMatchObject({
					state: "ask",
					gate: "bash-path",
					matchedPattern: "<unresolved-path>",
					basis: "floor",
				});
			},
		);

		it.each(["echo $HOME", 'echo "branch: $(git rev-parse --abbrev-ref HEAD)"', "cat src/a.ts"])(
			"allows bash %s",
			(command) => {
				expect(recommended.pipeline.decide(bashCall(command)).combined.state).toBe("allow");
			},
		);

		// A partial expansion in the command name keeps the dynamic-name floor (ADR 0020).
		it.each(["r${x}m -rf src", "r$x -rf src", "${x}m src", "r${x:-m} src/a.ts"])(
			"floors bash %s as a dynamic name",
			(command) => {
				const denyRm = createEngine({
					config: { permission: { "*": "allow", bash: { "*": "allow", "rm *": "deny" } } },
					cwd: project.cwd,
					home: project.home,
					probe: realProbe(),
				});
				expect(denyRm.pipeline.decide(bashCall(command)).combined).toMatchObject({
					state: "ask",
					matchedPattern: "<dynamic-command-name>",
				});
			},
		);

		it("allows a loop over a glob of ordinary files", () => {
			const loops = createEngine({
				config: { permission: { "*": "allow", path: { "*.env": "deny" } } },
				cwd: project.cwd,
				home: project.home,
				probe: realProbe(),
			});
			expect(loops.pipeline.decide(bashCall('for f in src/*.ts; do wc -l "$f"; done')).combined.state).toBe("allow");
		});

		it("leaves `N=3; echo $N` to the bash rules: no path is computed", () => {
			expect(recommended.pipeline.decide(bashCall("N=3; echo $N")).combined).toMatchObject({ gate: "tool" });
		});
	});
});
