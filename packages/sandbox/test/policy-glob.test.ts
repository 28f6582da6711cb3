import { describe, expect, it } from "vitest";
import { toSandboxGlob, translatePattern } from "../src/policy-glob";

const ROOTS = { cwdForms: ["/work/proj", "/real/proj"], scanRoots: ["/data"], home: "/home/u" };

describe("toSandboxGlob", () => {
	it.each([
		["*.env", "**.env"],
		["secrets/*", "secrets/**"],
		["a**b", "a**b"],
		["file?.txt", "file?.txt"],
		["[WIP]/x", "[[]WIP[]]/x"],
		["/etc/passwd", "/etc/passwd"],
	])("turns the policy pattern %s into the glob %s", (pattern, glob) => {
		expect(toSandboxGlob(pattern)).toBe(glob);
	});
});

describe("translatePattern", () => {
	it("roots a pattern that starts with a wildcard at the project (both forms) and at every scan root", () => {
		expect(translatePattern("*.env", ROOTS)).toEqual({
			kind: "globs",
			globs: ["/work/proj/**.env", "/real/proj/**.env", "/data/**.env"],
		});
	});

	it("puts any other relative pattern under the project only", () => {
		expect(translatePattern("secrets/*", ROOTS)).toEqual({
			kind: "globs",
			globs: ["/work/proj/secrets/**", "/real/proj/secrets/**"],
		});
		expect(translatePattern("./.env", ROOTS)).toEqual({ kind: "globs", globs: ["/work/proj/.env", "/real/proj/.env"] });
	});

	it("keeps an absolute pattern where it is and expands a leading home reference", () => {
		expect(translatePattern("/etc/shadow", ROOTS)).toEqual({ kind: "globs", globs: ["/etc/shadow"] });
		expect(translatePattern("~/.ssh/*", ROOTS)).toEqual({ kind: "globs", globs: ["/home/u/.ssh/**"] });
		expect(translatePattern("$HOME/.aws/credentials", ROOTS)).toEqual({
			kind: "globs",
			globs: ["/home/u/.aws/credentials"],
		});
	});

	it.each(["*", "**"])("skips the catch-all %s: the shell itself could not run", (pattern) => {
		expect(translatePattern(pattern, ROOTS).kind).toBe("skipped");
	});
});
