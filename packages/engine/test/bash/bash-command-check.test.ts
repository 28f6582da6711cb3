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
