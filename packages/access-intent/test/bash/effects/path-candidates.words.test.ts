import { POSIX_FLAVOR } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import type { CommandUnit } from "../../../src/bash/reading/command-unit";
import { displayPath } from "../../../src/path/access-path";
import { MAX_CANONICAL_STEPS } from "../../../src/path/canonical-walk";
import { MAX_PROBE_CALLS, UNCHECKED_PATHS } from "../../../src/path/path-candidate-sink";
import { PathNormalizer } from "../../../src/path/path-normalizer";
import { collectBashPaths } from "../../support/collect-bash-paths";
import { assignment, command, dynamic, quoted, redirect, text, variable, word } from "../../support/command-units";
import { createFakeProbe } from "../../support/fake-probe";
import { external, normalizer, ruleValues } from "../../support/fake-project";

describe("collectBashPaths words", () => {
	describe("variables", () => {
		it("expands `$HOME`, `${HOME}` and `$PWD` (PP-244)", () => {
			expect(external([command("ls", [word(variable("HOME", true), text("/x"))])])).toEqual(["/home/u/x"]);
			expect(external([command("cd", ["/tmp"]), command("ls", [word(variable("PWD"), text("/y"))])])).toEqual([
				"/tmp",
				"/tmp/y",
			]);
		});

		it("does not guess an unknown variable but keeps its spelling for pattern rules (PP-245)", () => {
			const units = [command("ls", [word(variable("CONFIG", true), text("/.env"))])];
			expect(external(units)).toEqual([]);
			expect(ruleValues(units)).toEqual([["$CONFIG/.env"]]);
		});

		it("keeps the spelling of a dynamic word", () => {
			expect(ruleValues([command("cat", [word(dynamic("$(pwd)"), text("/.env"))])])).toEqual([["$(pwd)/.env"]]);
		});

		it("resolves a variable assigned a literal earlier in the command", () => {
			const units = [assignment("f", ".env"), command("cat", [word(variable("f"))])];
			expect(ruleValues(units)).toEqual([["/projects/app/.env", ".env"]]);
		});

		it("resolves an exported variable and ignores the export's own words as operands", () => {
			const exported: CommandUnit = {
				...command("export", ["F=/etc/hosts"]),
				assignments: [{ name: "F", value: word(text("/etc/hosts")) }],
			};
			expect(external([exported])).toEqual([]);
			expect(external([exported, command("cat", [word(variable("F", true))])])).toEqual(["/etc/hosts"]);
		});

		it("does not take a prefix assignment `X=… cmd` as a shell variable", () => {
			const units = [
				command("env", [], { assignments: [{ name: "F", value: word(text("/etc/hosts")) }] }),
				command("cat", [word(variable("F"))]),
			];
			expect(external(units)).toEqual([]);
			expect(ruleValues(units)).toEqual([["$F"]]);
		});

		it("keeps the unknown start possible for an assignment inside a subshell", () => {
			const units = [assignment("f", "/etc/hosts", { context: "subshell" }), command("cat", [word(variable("f"))])];
			expect(external(units)).toEqual(["/etc/hosts"]);
			expect(ruleValues(units)).toContainEqual(["$f"]);
		});

		it("splits an unquoted value with spaces into words", () => {
			const units = [assignment("f", quoted("/etc/hosts /tmp/x")), command("cat", [word(variable("f"))])];
			expect(external(units)).toEqual(["/etc/hosts", "/tmp/x"]);
		});
	});

	describe("globs", () => {
		it("expands a glob to the matching entries and keeps the pattern as a rule candidate", () => {
			const result = collectBashPaths([command("cat", ["*.env"])], normalizer);
			expect(result.ruleCandidates.map(displayPath)).toEqual([
				"/projects/app/a.env",
				"/projects/app/b.env",
				"/projects/app/*.env",
			]);
		});

		it("matches a hidden entry only with a literal leading dot", () => {
			const result = collectBashPaths([command("cat", [".en?", ".*.env"])], normalizer);
			expect(result.ruleCandidates.map(displayPath)).toEqual([
				"/projects/app/.env",
				"/projects/app/.en?",
				"/projects/app/.hidden.env",
				"/projects/app/.*.env",
			]);
		});

		it("does not expand quoted glob characters: the word is a literal name", () => {
			expect(collectBashPaths([command("cat", [quoted("*.env")])], normalizer).ruleCandidates).toEqual([]);
			const shaped = collectBashPaths([command("cat", [quoted("src/*.ts")])], normalizer);
			expect(shaped.ruleCandidates.map(displayPath)).toEqual(["/projects/app/src/*.ts"]);
		});

		it("lists matches outside cwd as external, and the pattern itself when nothing matches", () => {
			expect(external([command("cat", ["../other/*"])])).toEqual(["/projects/other/secret"]);
			expect(external([command("cat", ["/nowhere/*.key"])])).toEqual(["/nowhere/*.key"]);
		});

		it("expands a glob in a variable value that is not quoted", () => {
			const units = [assignment("p", quoted("*.env")), command("cat", [word(variable("p"))])];
			expect(collectBashPaths(units, normalizer).ruleCandidates.map(displayPath)).toContain("/projects/app/a.env");
		});

		it("bounds directory listings per command by counting probe reads", () => {
			const counting = createFakeProbe({ directories: ["/projects/app/d"] });
			const bounded = PathNormalizer.create({ cwd: "/projects/app", home: "", flavor: POSIX_FLAVOR, probe: counting });
			const units = Array.from({ length: 500 }, () => command("cat", ["*/*/*"]));
			const before = counting.calls();
			collectBashPaths(units, bounded);
			expect(counting.calls() - before).toBeLessThan(5_000);
		});
	});
});

describe("collectBashPaths work bound", () => {
	it("stops when the work budget runs out, marks the result truncated and lists the unchecked marker as external", () => {
		const counting = createFakeProbe({ directories: ["/projects/app"] });
		const bounded = PathNormalizer.create({ cwd: "/projects/app", home: "", flavor: POSIX_FLAVOR, probe: counting });
		const units = Array.from({ length: 20_000 }, (_, i) => command("cat", [`f${i}`]));
		units.push(command("cat", ["/etc/shadow"]));
		const before = counting.calls();
		const result = collectBashPaths(units, bounded);
		expect(counting.calls() - before).toBeLessThanOrEqual(MAX_PROBE_CALLS + 2 * MAX_CANONICAL_STEPS + 2);
		expect(result.truncated).toBe(true);
		expect(result.externalPaths.map(displayPath)).toEqual([UNCHECKED_PATHS]);
	});

	it("is not truncated for an ordinary command", () => {
		expect(collectBashPaths([command("cat", ["/etc/hosts"])], normalizer).truncated).toBe(false);
	});

	it("forgets literal variable values after `source`", () => {
		const units = [assignment("f", ".env"), command("source", ["./vars.sh"]), command("cat", [word(variable("f"))])];
		expect(ruleValues(units)).toContainEqual(["$f"]);
		expect(ruleValues(units)).toContainEqual(["/projects/app/.env", ".env"]);
	});

	it("takes a redirect target containing `=` as the file itself", () => {
		expect(ruleValues([command("echo", [], { redirects: [redirect(">", "key=/x")] })])).toEqual([
			["/projects/app/key=/x", "key=/x"],
		]);
	});
});
