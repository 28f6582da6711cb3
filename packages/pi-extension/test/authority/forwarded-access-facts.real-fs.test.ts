import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BashParser, createNodeFileSystemProbe, PathNormalizer } from "@pi-permissions/access-intent";
import type { GateOutcome } from "@pi-permissions/engine";
import { POSIX_FLAVOR } from "@pi-permissions/policy";
import { beforeAll, describe, expect, it } from "vitest";
import {
	type AccessFactsDeps,
	forwardedAccessFacts,
	MAX_FORWARDED_MATCH_VALUES,
} from "../../src/authority/forwarded-access-facts";

let deps: AccessFactsDeps;
let root: string;

beforeAll(async () => {
	root = realpathSync(mkdtempSync(join(tmpdir(), "pp-facts-")));
	mkdirSync(join(root, "project", "real"), { recursive: true });
	writeFileSync(join(root, "project", "real", "secret.env"), "x");
	symlinkSync(join(root, "project", "real"), join(root, "project", "link"));
	const parser = await BashParser.load();
	const normalizer = PathNormalizer.create({
		cwd: join(root, "project"),
		home: join(root, "home"),
		flavor: POSIX_FLAVOR,
		probe: createNodeFileSystemProbe(),
	});
	deps = { parser: () => parser, normalizer };
});

function outcome(surface: string, value: string, basis: GateOutcome["basis"] = "rule"): GateOutcome {
	return { surface, value, basis } as GateOutcome;
}

describe("forwardedAccessFacts", () => {
	it.each([
		{ unit: "git status", values: ["git status"] },
		{ unit: "\\rm -rf build", values: ["\\rm -rf build", "rm -rf build"] },
		{ unit: "'ls' -la", values: ["'ls' -la", "ls -la"] },
		{ unit: "ls | wc -l", values: ["ls | wc -l", "ls", "wc -l"] },
	])("fixes the bash unit $unit with every unit text and plain spelling", ({ unit, values }) => {
		expect(forwardedAccessFacts(outcome("bash", unit), deps)).toEqual({
			surface: "bash",
			matchValues: values,
			boundaryValue: null,
		});
	});

	it.each([
		{ unit: "sudo rm -rf /", why: "an indirection wrapper" },
		{ unit: "bash -c 'rm -rf x'", why: "an opaque wrapper" },
		{ unit: "$CMD x", why: "a dynamic command name" },
		{ unit: "echo 'unterminated", why: "an unparseable unit" },
	])("marks $why as floored, so no serving rule settles it and a human decides", ({ unit }) => {
		expect(forwardedAccessFacts(outcome("bash", unit), deps)).toEqual({
			surface: "bash",
			matchValues: [unit],
			boundaryValue: null,
			floored: true,
		});
	});

	it("marks a floor outcome's facts as floored, naming only its surface and value", () => {
		expect(forwardedAccessFacts(outcome("bash", "git status", "floor"), deps)).toEqual({
			surface: "bash",
			matchValues: ["git status"],
			boundaryValue: null,
			floored: true,
		});
	});

	it.each(["infrastructure-read", "unknown-tool"] as const)("carries no facts for a %s outcome", (basis) => {
		expect(forwardedAccessFacts(outcome("bash", "git status", basis), deps)).toBeNull();
		expect(forwardedAccessFacts(outcome("read", "/tmp/x", basis), deps)).toBeNull();
	});

	it("carries no bash facts before the parser is warm", () => {
		expect(forwardedAccessFacts(outcome("bash", "ls"), { ...deps, parser: () => null })).toBeNull();
	});

	it("fixes a path with its aliases and its canonical form as the boundary value", () => {
		const typed = join(root, "project", "link", "secret.env");
		const facts = forwardedAccessFacts(outcome("read", typed), deps);
		const canonical = join(root, "project", "real", "secret.env");
		expect(facts?.surface).toBe("read");
		expect(facts?.matchValues[0]).toBe(typed);
		expect(facts?.matchValues).toContain(canonical);
		expect(facts?.boundaryValue).toBe(canonical);
	});

	it("fixes a whole-tool ask and any other surface by its value", () => {
		expect(forwardedAccessFacts(outcome("read", "*"), deps)).toEqual({
			surface: "read",
			matchValues: ["*"],
			boundaryValue: null,
		});
		expect(forwardedAccessFacts(outcome("mcp", "exa:search"), deps)).toEqual({
			surface: "mcp",
			matchValues: ["exa:search"],
			boundaryValue: null,
		});
	});

	it("carries no facts when the unit has more values than a serving session reads", () => {
		const unit = Array.from({ length: MAX_FORWARDED_MATCH_VALUES }, (_, index) => `cmd${index}`).join(" | ");
		expect(forwardedAccessFacts(outcome("bash", unit), deps)).toBeNull();
	});
});
