import { BashProgram, PathNormalizer } from "@pi-permissions/access-intent";
import { POSIX_FLAVOR } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { checkBashCommand } from "../../src/bash/bash-command-check";
import { CORPUS_CWD, CORPUS_HOME, EMPTY_PROBE, parser, policyOf } from "../support/engine-fixture";
import { BASH_DECISION_ROWS, type BashDecisionRow } from "./bash-command-check.cases";

const normalizer = PathNormalizer.create({
	cwd: CORPUS_CWD,
	home: CORPUS_HOME,
	flavor: POSIX_FLAVOR,
	probe: EMPTY_PROBE,
});

function check(command: string, config: unknown, yolo?: boolean) {
	const policy = policyOf(config, yolo === undefined ? {} : { yolo });
	return checkBashCommand(BashProgram.parse(command, { parser, normalizer }), policy.decision);
}

describe("checkBashCommand", () => {
	const assertRow = (row: BashDecisionRow) => {
		const result = check(row.command, row.config, row.yolo);
		expect(result.state).toBe(row.state);
		expect(result.matchedPattern).toBe(row.matchedPattern);
		expect(result.decidingUnit).toBe(row.decidingUnit);
		expect(result.executedUnit).toBe(row.executedUnit ?? null);
		expect(result.commandContext).toBe(row.commandContext ?? null);
		expect(result.reason).toBe(row.reason ?? null);
		if (row.origin !== undefined) expect(result.match?.origin).toBe(row.origin);
	};

	it.each(BASH_DECISION_ROWS.filter((row) => row.deviation === undefined))(
		"$id $command -> $state ($matchedPattern)",
		assertRow,
	);

	it.each(BASH_DECISION_ROWS.filter((row) => row.deviation !== undefined))(
		"$id $command -> $state ($matchedPattern), deviating from the reference: $deviation",
		assertRow,
	);

	it("floors a command whose name is a variable to ask even when every name is allowed", () => {
		const result = check("$CMD x", { permission: { bash: { "*": "allow" } } });
		expect(result).toMatchObject({ state: "ask", matchedPattern: "<dynamic-command-name>", floored: true });
	});

	it("matches a quoted command name under its plain spelling, so a deny of the plain name applies", () => {
		const result = check("'rm' x", { permission: { bash: { "*": "allow", "rm *": "deny" } } });
		expect(result).toMatchObject({ state: "deny", matchedPattern: "rm *" });
	});

	it("reports the first unit when every unit allows", () => {
		const result = check("ls a && ls b", { permission: { bash: { "ls *": "allow" } } });
		expect(result).toMatchObject({ state: "allow", decidingUnit: "ls a" });
	});

	it("stops at the first deny and reports it", () => {
		const result = check("rm a; rm b", { permission: { bash: { "*": "allow", "rm a": "deny", "rm b": "deny" } } });
		expect(result).toMatchObject({ state: "deny", decidingUnit: "rm a" });
	});
});

describe("checkBashCommand: settings not known to be harmless (ADR 0051)", () => {
	const ALLOWLIST = {
		permission: {
			"*": "ask",
			bash: {
				"*": "ask",
				"git status *": "allow",
				"git status": "allow",
				"npm test *": "allow",
				"npm test": "allow",
				"env *": "allow",
				"export *": "allow",
				"set *": "allow",
			},
		},
	};
	const RELOCATING = "<relocating-environment>";
	const UNKNOWN = "<unknown-environment>";

	it.each([
		["GIT_DIR=x git status", RELOCATING, "`GIT_DIR` reaches `git`: git reads the repository"],
		["HOME=$PWD/h git status", RELOCATING, "`HOME` reaches `git`: programs read their configuration"],
		["env GIT_COMMON_DIR=x git status", RELOCATING, "`GIT_COMMON_DIR` reaches `git`"],
		["export XDG_CONFIG_HOME=/tmp/x; git status", RELOCATING, "`XDG_CONFIG_HOME` is exported"],
		["DATABASE_URL=x npm test", UNKNOWN, "`DATABASE_URL` reaches `npm` and is not known to be harmless"],
		["export DATABASE_URL=x; npm test", UNKNOWN, "`DATABASE_URL` is exported to the commands after it"],
		["set -a; DATABASE_URL=x; npm test", UNKNOWN, "`DATABASE_URL` is exported to the commands after it"],
	])("%s asks by %s, saying why", (command, sentinel, reason) => {
		const result = check(command, ALLOWLIST);
		expect(result).toMatchObject({ state: "ask", matchedPattern: sentinel, floored: true });
		expect(result.reason).toContain(reason);
	});

	it.each(["CI=1 npm test", "NODE_ENV=test npm test", "LANG=C git status", "DB=1; npm test", "LC_ALL=C git status"])(
		"%s stays allowed: its settings are inert or never reach a program",
		(command) => {
			expect(check(command, ALLOWLIST)).toMatchObject({ state: "allow" });
		},
	);

	it("keeps the opaque floor of code in a setting under a rule written for exactly the command's text", () => {
		const exact = { permission: { bash: { "*": "ask", "git status": "allow" } } };
		const command = "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0='touch M;:' git status";
		expect(check(command, exact)).toMatchObject({ state: "ask", matchedPattern: "<opaque-bash-wrapper>" });
		expect(check("GIT_TRACE=/tmp/t git status", exact)).toMatchObject({ state: "ask" });
		expect(check("git status", exact)).toMatchObject({ state: "allow" });
	});

	it("keeps a rule's own ask or deny, and floors only an allow", () => {
		expect(check("GIT_DIR=x git push", ALLOWLIST)).toMatchObject({ state: "ask", matchedPattern: "*", floored: false });
		const denying = { permission: { bash: { "*": "allow", "git *": "deny" } } };
		expect(check("GIT_DIR=x git status", denying)).toMatchObject({ state: "deny", matchedPattern: "git *" });
	});

	it("lets a relocating setting outrank a floor yolo approves, in the same unit and across units", () => {
		const all = { permission: { bash: { "*": "allow" } } };
		expect(check("XDG_CONFIG_HOME=x python3 -c 'print(1)'", all)).toMatchObject({ matchedPattern: RELOCATING });
		expect(check("python3 -c 'print(1)'; HOME=h git status", all)).toMatchObject({
			matchedPattern: RELOCATING,
			decidingUnit: "git status",
		});
		expect(check("$CMD x; HOME=h git status", all)).toMatchObject({ matchedPattern: RELOCATING });
		// An unknown setting does not hide a floor yolo refuses.
		expect(check("DB=1 npm test; $CMD x", all)).toMatchObject({ matchedPattern: "<dynamic-command-name>" });
	});

	it("asks for an exported setting a plain assignment would leave unjudged", () => {
		const catchAll = { permission: { bash: { "*": "ask", "npm test": "allow", "set *": "allow" } } };
		expect(check("set -a; DB=1; npm test", catchAll)).toMatchObject({ state: "ask", matchedPattern: UNKNOWN });
		expect(check("XDG_CONFIG_HOME=/tmp/x; npm test", catchAll)).toMatchObject({ matchedPattern: RELOCATING });
	});
});
