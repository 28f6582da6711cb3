import { describe, expect, it } from "vitest";
import { familyName, lookupArity } from "../../src/session/bash-family";

describe("familyName", () => {
	it.each([
		["git", "git"],
		["Git", "git"],
		["/usr/bin/git", "git"],
		["./gradlew", "gradlew"],
		["git.exe", "git"],
		["python3.12", "python"],
		["perl5.36", "perl"],
		["python3", "python3"],
		["mytool2", "mytool2"],
		["/usr/bin/", ""],
	])("names %s as %s", (word, expected) => {
		expect(familyName(word)).toBe(expected);
	});
});

describe("lookupArity", () => {
	it.each([
		[["git", "checkout", "main"], "git", 2],
		[["git", "stash", "pop"], "git stash", 3],
		[["npm", "run", "build"], "npm run", 3],
		[["NPM", "RUN", "build"], "npm run", 3],
		[["python", "-m", "pip", "install"], "python -m pip", 4],
		[["python", "-M", "pip"], "python", 2],
		[["gcloud", "compute", "instances", "list"], "gcloud compute", 4],
		[["mytool", "x"], "mytool", 1],
	])("reads %j as %s with arity %i", (words, key, arity) => {
		expect(lookupArity(words)).toMatchObject({ key, arity });
	});

	it("gives no arity to no words", () => {
		expect(lookupArity([])).toEqual({ key: "", keyWords: 0, arity: 0 });
	});
});
