import { describe, expect, it } from "vitest";
import { ruleCoverage } from "../../../src/bash/options/rule-coverage";

describe("ruleCoverage (ADR 0053)", () => {
	it("lists every spelling of rm's options a deny names", () => {
		expect(ruleCoverage("rm -rf *")).toEqual({
			canonical: "rm -f -r *",
			options: [
				{ option: "-f", spellings: ["-f", "--force"], meantBy: [] },
				{ option: "-r", spellings: ["-r", "-R", "--recursive"], meantBy: [] },
			],
			forms: [
				"short options clustered (`-rf`)",
				"`--opt=value` as `--opt value`",
				"unique abbreviations of long options",
				"options in any order",
				"options after operands",
			],
		});
	});

	it("lists what means a push's force too, the `+<ref>` operand included", () => {
		expect(ruleCoverage("git push --force *")?.options).toEqual([
			{ option: "push -f", spellings: ["-f", "--force"], meantBy: ["--force-with-lease", "--mirror", "+<ref>"] },
		]);
	});

	it("lists the options another one stands for (`cp -a` is `-R` among others)", () => {
		expect(ruleCoverage("cp -r *")?.options).toEqual([
			{ option: "-R", spellings: ["-R", "-r", "--recursive"], meantBy: ["-a"] },
		]);
	});

	it.each(["rm -rf*", "sudo *", "* --force *"])("has nothing for %s, matched only as written", (pattern) => {
		expect(ruleCoverage(pattern)).toBeNull();
	});
});
