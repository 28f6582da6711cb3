/**
 * ADR 0052: git's code-running config keys are complete by construction. The installed git lists every key it
 * documents (`git help --config`); each one a code-running name pattern matches must be classified by a row of
 * `CODE_RUNNING_GIT_CONFIG` or an exception of `INERT_GIT_CONFIG`, never left to the pattern alone. A key no row
 * names that a pattern matches runs something unknown.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import {
	CODE_RUNNING_GIT_CONFIG,
	CODE_RUNNING_KEY_PATTERNS,
	gitConfigEffect,
	gitConfigRow,
	INERT_GIT_CONFIG,
} from "../../../src/bash/runs/code-running-git-config-table";
import { expectEffect, OPAQUE, PLAIN } from "../../support/effect-verdict";

/** The installed git's documented keys, a placeholder (`<name>`) filled with a sample subsection. */
function installedKeys(): string[] {
	// Throws when git is missing: the suite fails rather than skip (git is needed to build this repository anyway).
	const out = execFileSync("git", ["help", "--config"], { encoding: "utf8" });
	return out
		.split("\n")
		.map((line) => line.trim())
		.filter((line) => /^[A-Za-z][\w.<>*-]*$/.test(line) && line.includes("."))
		.map((key) => key.replace(/<[^>]*>/g, "x"));
}

/** A table key (`diff.*.textconv`: `*` is a subsection) or a name pattern (`*command`: `*` is any text). */
const keyRegex = (key: string, any = ".+"): RegExp =>
	new RegExp(
		`^${key
			.split("*")
			.map((piece) => piece.replaceAll(".", "\\."))
			.join(any)}$`,
	);

/** A key no row of `CODE_RUNNING_GIT_CONFIG` names. */
const unlisted = (key: string): boolean =>
	!CODE_RUNNING_GIT_CONFIG.some((row) => keyRegex(row.key).test(key.toLowerCase()));

const inert = (key: string): boolean => INERT_GIT_CONFIG.some((row) => keyRegex(row.key).test(key.toLowerCase()));

const patterned = (key: string): boolean =>
	CODE_RUNNING_KEY_PATTERNS.some((pattern) => keyRegex(pattern, ".*").test(key.toLowerCase()));

describe("git config keys against the installed git (`git help --config`)", () => {
	const keys = installedKeys();

	it("reads the installed git's key list", () => {
		expect(keys.length).toBeGreaterThan(500);
		expect(keys).toContain("core.fsmonitor");
		expect(keys).toContain("protocol.allow");
	});

	it("classifies every key a code-running pattern matches by a row or an exception", () => {
		const unclassified = keys.filter((key) => patterned(key) && unlisted(key) && !inert(key));
		expect(unclassified).toEqual([]);
		// And each of those keys reaches its row or exception through the lookup the gate uses.
		for (const key of keys.filter(patterned)) expect(gitConfigRow(key) === null, key).toBe(inert(key));
	});

	it("finds every row's key in the installed list, but the two git documents elsewhere", () => {
		const lower = new Set(keys.map((key) => key.toLowerCase()));
		const listed = CODE_RUNNING_GIT_CONFIG.filter((row) => [...lower].some((key) => keyRegex(row.key).test(key)));
		// Rows documented outside `git help --config` (gitattributes(5), git-config(1) prose) are named here.
		const elsewhere = CODE_RUNNING_GIT_CONFIG.filter((row) => !listed.includes(row)).map((row) => row.key);
		expect(elsewhere.sort()).toEqual(["credential.*.helper", "filter.*.process"]);
	});
});

describe("name patterns (ADR 0052)", () => {
	it.each(CODE_RUNNING_KEY_PATTERNS)("%s: a key it matches that no row names runs something unknown", (pattern) => {
		const key = pattern.replaceAll("*", "zz");
		expect(gitConfigEffect(key.includes(".") ? key : `zz.${key}`, "x")).toBe("opaque");
	});

	it.each(INERT_GIT_CONFIG.map((row) => [row.key, row.why] as const))("%s runs nothing: %s", (key) => {
		expect(gitConfigEffect(key.replaceAll("*", "x"), "true")).toBe("nothing");
	});

	it.each([
		["git -c uploadpack.newHook=x status", OPAQUE],
		["git -c core.futureCommand='rm x' status", OPAQUE],
		["git -c color.pager=false log", PLAIN],
		["git -c advice.waitingForEditor=false commit -m m", PLAIN],
		["git -c http.proxy=http://p:3128 fetch", PLAIN],
		["git -c rebase.rescheduleFailedExec=true rebase main", PLAIN],
	] as const)("%s -> %j", (command, verdict) => {
		expectEffect(command, verdict);
	});
});
