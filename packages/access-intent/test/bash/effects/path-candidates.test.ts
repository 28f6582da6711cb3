import { WIN32_FLAVOR } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import type { CommandUnit } from "../../../src/bash/reading/command-unit";
import { displayPath } from "../../../src/path/access-path";
import { PathNormalizer } from "../../../src/path/path-normalizer";
import { collectBashPaths } from "../../support/collect-bash-paths";
import { command, quoted, redirect, text, variable, word } from "../../support/command-units";
import { createFakeProbe } from "../../support/fake-probe";
import { external, normalizer, ruleValues } from "../../support/fake-project";

describe("collectBashPaths", () => {
	it("lists an absolute operand outside cwd and keeps an inside one as a rule candidate only", () => {
		const units = [command("cat", ["/etc/hosts", "src/x.ts"])];
		expect(external(units)).toEqual(["/etc/hosts"]);
		expect(ruleValues(units)).toEqual([["/etc/hosts"], ["/projects/app/src/x.ts", "src/x.ts"]]);
	});

	it("counts a bare word only when it names an existing entry", () => {
		expect(ruleValues([command("cat", ["README", "status"])])).toEqual([["/projects/app/README", "README"]]);
	});

	it("counts redirect targets but not descriptor duplications, heredocs or here-strings", () => {
		const units = [
			command("sort", [], {
				redirects: [
					redirect("<", "/etc/hosts"),
					redirect(">", "out.txt"),
					redirect("2>&", "1"),
					redirect(">&", "-"),
					redirect("<<<", "/etc/shadow"),
					redirect("<<", "EOF"),
					redirect("&>", "/tmp/log"),
				],
			}),
		];
		expect(external(units)).toEqual(["/etc/hosts", "/tmp/log"]);
		expect(ruleValues(units)).toContainEqual(["/projects/app/out.txt", "out.txt"]);
	});

	it("never lists a safe device as external, but a path below one is ordinary (PP-229)", () => {
		expect(
			external([command("cat", ["/dev/null", "/dev/stdin"], { redirects: [redirect(">", "/dev/null")] })]),
		).toEqual([]);
		expect(external([command("cat", ["/dev/null/subdir"])])).toEqual(["/dev/null/subdir"]);
	});

	it("rejects URLs and scoped package names (PP-225, PP-226)", () => {
		expect(
			external([command("curl", ["https://example.com/etc/hosts"]), command("npm", ["install", "@types/node"])]),
		).toEqual([]);
	});

	it("reads `key=value` and `--opt=value` operands", () => {
		expect(external([command("dd", ["if=/etc/hosts", "of=/tmp/copy", "bs=1M"])])).toEqual(["/etc/hosts", "/tmp/copy"]);
		expect(external([command("tool", ["--config=/etc/tool.conf", "-v"])])).toEqual(["/etc/tool.conf"]);
	});

	describe("pattern-first commands", () => {
		it.each([
			["grep", [quoted("/etc/"), "/var/log/syslog"], ["/var/log/syslog"]],
			["grep", ["-E", quoted("^/usr/bin"), "file.txt"], []],
			["grep", ["--file=/tmp/patterns", "target"], ["/tmp/patterns"]],
			["grep", ["-e", "/pat", "-f", "/tmp/p", "/etc/hosts"], ["/tmp/p", "/etc/hosts"]],
			["grep", ["-rn", "-A", "3", quoted("/x"), "/etc"], ["/etc"]],
			["rg", ["-g", "/glob", quoted("/pat"), "/srv"], ["/srv"]],
			["sed", [quoted("s/foo/bar/g"), "/etc/hosts"], ["/etc/hosts"]],
			["sed", ["-i", quoted("s/foo/bar/"), "/etc/hosts"], ["/etc/hosts"]],
			["sed", ["-n", "-f", "/tmp/script.sed", "/etc/hosts"], ["/tmp/script.sed", "/etc/hosts"]],
			["awk", ["-F:", quoted("{print $1}"), "/etc/passwd"], ["/etc/passwd"]],
			["awk", ["-v", "x=/a", "-f", "/tmp/prog.awk", "/etc/passwd"], ["/tmp/prog.awk", "/etc/passwd"]],
			["jq", ["--arg", "k", "/v", quoted(".a"), "/etc/x.json"], ["/etc/x.json"]],
			["jq", ["--rawfile", "k", "/etc/raw", quoted(".a")], ["/etc/raw"]],
		] as const)("%s %j touches %j", (name, args, expected) => {
			expect(external([command(name, args)])).toEqual(expected);
		});

		it("treats every operand after `--` as a file once the pattern is taken", () => {
			expect(external([command("grep", ["--", "-/pat", "/etc/hosts"])])).toEqual(["/etc/hosts"]);
		});
	});

	describe("cd folding", () => {
		it("folds a certain top-level cd into later units and lists the target (PP-240)", () => {
			expect(external([command("cd", ["/tmp"]), command("cat", ["../etc/hosts"])])).toEqual(["/tmp", "/etc/hosts"]);
		});

		it("folds `cd a && cat ../b` relative to the new base", () => {
			expect(external([command("cd", ["sub"]), command("cat", ["../../other/secret"])])).toEqual([
				"/projects/other/secret",
			]);
			expect(external([command("cd", ["sub"]), command("cat", ["../README"])])).toEqual([]);
		});

		it("considers both bases when the target does not exist (cd may fail)", () => {
			expect(external([command("cd", ["nope"]), command("cat", ["../x"])])).toEqual(["/projects/x"]);
		});

		it("considers both bases for a cd inside a subshell or a conditional", () => {
			const subshell = [command("cd", ["/tmp"], { context: "subshell" }), command("cat", ["./x"])];
			expect(external(subshell)).toEqual(["/tmp", "/tmp/x"]);
			const conditional = [command("cd", ["sub"], { nesting: ["if"] }), command("cat", ["../../other/secret"])];
			expect(external(conditional)).toEqual(["/other/secret", "/projects/other/secret"]);
			const afterIf = [command("cd", ["sub"], { nesting: ["if"] }), command("cat", ["../README"])];
			expect(external(afterIf)).toEqual(["/projects/README"]);
		});

		it("goes home for a bare cd, and after `cd -` or `cd $DIR` takes every relative operand as outside", () => {
			expect(external([command("cd", []), command("cat", ["./notes"])])).toEqual(["/home/u/notes"]);
			const unknown = collectBashPaths(
				[command("cd", [word(variable("DIR"))]), command("cat", ["./x", ".env", "README", "/etc/hosts"])],
				normalizer,
			);
			expect(unknown.externalPaths.map(displayPath)).toEqual(["./x", ".env", "README", "/etc/hosts"]);
			expect(unknown.ruleCandidates.map((path) => path.kind)).toEqual([
				"literal",
				"literal",
				"literal",
				"literal",
				"resolved",
			]);
			expect(external([command("cd", ["-"]), command("cat", ["./x"])])).toEqual(["./x"]);
		});

		it("restores the base on popd", () => {
			expect(external([command("pushd", ["/tmp"]), command("popd", []), command("cat", ["../other/secret"])])).toEqual([
				"/tmp",
				"/projects/other/secret",
			]);
		});

		it("starts from a shell alias's workdir", () => {
			expect(external([command("cat", ["../x"])], { workdir: "sub" })).toEqual([]);
			expect(external([command("cat", ["./x"])], { workdir: "/tmp" })).toEqual(["/tmp/x"]);
		});
	});

	it("takes a relative command path as touched, not an absolute one", () => {
		const units: CommandUnit[] = [
			{ ...command("run.sh", []), nameWord: word(text("../tools/run.sh")) },
			{ ...command("env", []), nameWord: word(text("/usr/bin/env")) },
		];
		expect(external(units)).toEqual(["/projects/tools/run.sh"]);
	});

	it("skips compound units (their inner units are listed on their own)", () => {
		expect(external([command("if", ["/etc/hosts"], { compound: true })])).toEqual([]);
	});

	it("de-duplicates by canonical form in first-seen order", () => {
		expect(external([command("cat", ["/etc/hosts", "../../etc/hosts", "/tmp", "/etc//hosts"])])).toEqual([
			"/etc/hosts",
			"/tmp",
		]);
	});
});

describe("collectBashPaths on win32 (Git Bash)", () => {
	const winProbe = createFakeProbe({ directories: ["C:\\Work\\App\\src", "C:\\Users\\u"] }, WIN32_FLAVOR);
	const win = PathNormalizer.create({
		cwd: "C:\\Work\\App",
		home: "C:\\Users\\u",
		flavor: WIN32_FLAVOR,
		probe: winProbe,
	});

	it("reads drive letters, drive mounts and unmapped posix absolutes", () => {
		const result = collectBashPaths(
			[
				command("cat", [
					"C:\\Windows\\win.ini",
					"C:/Users/u/x",
					"/d/data",
					"/etc/hosts",
					"/dev/null",
					"src\\a.ts",
					"/c/work/app/b",
				]),
			],
			win,
		);
		expect(result.externalPaths.map(displayPath)).toEqual([
			"C:\\Windows\\win.ini",
			"C:\\Users\\u\\x",
			"D:\\data",
			"/etc/hosts",
		]);
	});
});
