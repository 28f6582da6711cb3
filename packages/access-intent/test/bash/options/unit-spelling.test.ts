import { describe, expect, it } from "vitest";
import { ruleSpelling, unitSpelling } from "../../../src/bash/options/unit-spelling";
import { parseProgram } from "../../support/bash-fixture";

const firstUnit = (command: string) => {
	const unit = parseProgram(command).units[0];
	if (unit === undefined) throw new Error(`no unit in ${command}`);
	return unit;
};

describe("unitSpelling", () => {
	it("reads a unit of a program with a known spelling, its name normalised and its words dequoted", () => {
		expect(unitSpelling(firstUnit("\\rm '-R' \"-f\" build"))?.canonical.text).toBe("rm -f -r build");
		expect(unitSpelling(firstUnit("/bin/rm -Rf build"))?.canonical.text).toBe("rm -f -r build");
	});

	it("is null for a program with no known spelling and for a name that is not a literal word", () => {
		expect(unitSpelling(firstUnit("tar -xf a.tar"))).toBeNull();
		expect(unitSpelling(firstUnit("$RM -rf x"))).toBeNull();
		expect(unitSpelling(firstUnit("N=1"))).toBeNull();
	});

	it("reads each unit once", () => {
		const unit = firstUnit("rm -rf x");
		expect(unitSpelling(unit)).toBe(unitSpelling(unit));
	});

	it("gives git's words without the global options that change nothing", () => {
		expect(unitSpelling(firstUnit("git --no-pager log -3"))?.withoutInert).toBe("git log -3");
		expect(unitSpelling(firstUnit("git -P -c color.ui=never -c core.pager=cat diff"))?.withoutInert).toBe("git diff");
		expect(unitSpelling(firstUnit("git -c core.pager=less log"))?.withoutInert).toBeNull();
		expect(unitSpelling(firstUnit("git -c core.fsmonitor=x --no-pager log"))?.withoutInert).toBe(
			"git -c core.fsmonitor=x log",
		);
	});
});

describe("ruleSpelling", () => {
	it.each([
		["rm -rf *", "rm -f -r *", true],
		["rm -fr *", "rm -f -r *", true],
		["rm --recursive --force build", "rm -f -r build", false],
		["git push --force *", "git push -f *", true],
		["git push origin +main", "git push -f origin main", false],
		["cp -a *", "cp -P -R --preserve=all --preserve=links *", true],
		["curl -o *", null, null],
	])("reads %j as %j (open: %j)", (pattern, text, open) => {
		const read = ruleSpelling(pattern);
		if (text === null) expect(read).toEqual({ kind: "as-written", reason: "no-grammar" });
		else expect(read.kind === "command" ? [read.spelling.canonical.text, read.open] : read).toEqual([text, open]);
	});

	it.each([
		["* --force *", "no-program"],
		["/bin/rm -rf *", "no-program"],
		["r? -rf x", "no-program"],
		["", "no-program"],
		["tar -xf *", "no-grammar"],
		["rm -rf*", "glob-in-option"],
		["rm -?f x", "glob-in-option"],
		["git push --force* *", "glob-in-option"],
	])("matches %j only as written (%s)", (pattern, reason) => {
		expect(ruleSpelling(pattern)).toEqual({ kind: "as-written", reason });
	});

	it("allows a wildcard in an option's value", () => {
		expect(ruleSpelling("git -C * push -f *")).toMatchObject({ kind: "command", open: true });
		expect(ruleSpelling("sed --in-place=* *")).toMatchObject({ kind: "command", open: true });
	});
});
