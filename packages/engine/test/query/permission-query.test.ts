import { PathNormalizer } from "@pi-permissions/access-intent";
import { POSIX_FLAVOR, SessionRuleStore } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { PermissionQuery } from "../../src/query/permission-query";
import { CFG_A } from "../bash/bash-command-check.cases";
import { EVASION_ROWS } from "../bash/bash-evasion.cases";
import { bashCall, CORPUS_CWD, CORPUS_HOME, createEngine, EMPTY_PROBE, policyOf } from "../support/engine-fixture";
import { EXTDIR_DECISION_ROWS, PATH_DECISION_ROWS, SKILL_DECISION_ROWS } from "./permission-query.cases";

describe("PermissionQuery.checkPermission corpus rows", () => {
	it.each(PATH_DECISION_ROWS)("$id path $value -> $state", (row) => {
		const result = createEngine({ config: row.config }).query.checkPermission("path", row.value);
		expect(result.state).toBe(row.state);
		if (row.matchedPattern !== undefined) expect(result.matchedPattern).toBe(row.matchedPattern);
		if (row.matchValues !== undefined) expect(result.matchValues).toEqual(row.matchValues);
	});

	it.each(EXTDIR_DECISION_ROWS)("$id external_directory $value -> $state", (row) => {
		const result = createEngine({ config: row.config }).query.checkPermission("external_directory", row.value);
		expect(result).toMatchObject({ state: row.state, matchedPattern: row.matchedPattern });
	});

	it.each(SKILL_DECISION_ROWS)("$id skill $value -> $state", (row) => {
		const result = createEngine({ config: row.config }).query.checkPermission("skill", row.value);
		expect(result).toMatchObject({ state: row.state, matchedPattern: row.matchedPattern });
	});

	it.each([
		{ id: "PP-094", command: 'bash -c "x"', matchedPattern: "<opaque-bash-wrapper>", executedUnit: "x" },
		{ id: "PP-095", command: "sudo ls", matchedPattern: "<indirection-bash-wrapper>", executedUnit: "ls" },
	])("$id still reports the residual floor as ask under yolo", (row) => {
		const result = createEngine({ config: CFG_A, yolo: true }).query.checkPermission("bash", row.command);
		expect(result).toMatchObject({
			state: "ask",
			matchedPattern: row.matchedPattern,
			decidingUnit: row.command,
			executedUnit: row.executedUnit,
			floored: true,
		});
	});
});

describe("PermissionQuery.checkPermission", () => {
	const engine = createEngine({ config: { permission: { "*": "allow", bash: { "*": "allow", "rm *": "deny" } } } });

	it.each(EVASION_ROWS)("$id decides bash $command exactly as the tool gate does", ({ command }) => {
		const gate = engine.pipeline.decide(bashCall(command)).outcomes.find((outcome) => outcome.gate === "tool");
		const query = engine.query.checkPermission("bash", command);
		expect([query.state, query.matchedPattern, query.decidingUnit]).toEqual([
			gate?.state,
			gate?.matchedPattern,
			gate?.value,
		]);
	});

	it("floors a bash query to ask before the parser is warm, keeping an explicit deny of the whole text", () => {
		const policies = { policyFor: () => policyOf({ permission: { bash: { "*": "allow", "rm *": "deny" } } }) };
		const normalizer = PathNormalizer.create({
			cwd: CORPUS_CWD,
			home: CORPUS_HOME,
			flavor: POSIX_FLAVOR,
			probe: EMPTY_PROBE,
		});
		const cold = new PermissionQuery({
			policies,
			sessionRules: new SessionRuleStore(),
			normalizer,
			parser: () => null,
		});
		expect(cold.checkPermission("bash", "ls")).toMatchObject({ state: "ask", floored: true });
		expect(cold.checkPermission("bash", "rm -rf x")).toMatchObject({ state: "deny", matchedPattern: "rm *" });
	});

	it("includes session rules", () => {
		const e = createEngine({ config: CFG_A });
		expect(e.query.checkPermission("bash", "git push origin").state).toBe("ask");
		e.store.add({ surface: "bash", pattern: "git push *" });
		expect(e.query.checkPermission("bash", "git push origin")).toMatchObject({ state: "allow", origin: "session" });
	});

	it("matches a path surface on its canonical form too", () => {
		const e = createEngine({ config: { permission: { read: { "*": "allow", "/projects/app/*.env": "deny" } } } });
		expect(e.query.checkPermission("read", ".env")).toMatchObject({ state: "deny" });
	});

	it("answers a surface without a value from its catch-all", () => {
		const e = createEngine({ config: { permission: { "*": "ask", read: "allow" } } });
		expect(e.query.checkPermission("read")).toMatchObject({ state: "allow", value: "*" });
		expect(e.query.checkPermission("write")).toMatchObject({ state: "ask", matchedPattern: null });
	});

	it("uses the agent's policy when an agent is named", () => {
		const e = createEngine({
			config: { permission: { "*": "allow" } },
			agents: { locked: { permission: { "*": "deny" } } },
		});
		expect(e.query.checkPermission("edit", "a").state).toBe("allow");
		expect(e.query.checkPermission("edit", "a", "locked").state).toBe("deny");
	});

	it("parses once per bash query", () => {
		const e = createEngine({ config: CFG_A });
		e.query.checkPermission("bash", "ls && git status | cat");
		expect(e.parses()).toBe(1);
	});
});

describe("PermissionQuery.getToolPermission", () => {
	it("reports the surface catch-all, ignoring yolo and patterns", () => {
		const e = createEngine({
			config: { permission: { "*": "ask", read: { "*": "allow", "*.env": "deny" }, edit: "deny" } },
			yolo: true,
		});
		expect(e.query.getToolPermission("read")).toBe("allow");
		expect(e.query.getToolPermission("edit")).toBe("deny");
		expect(e.query.getToolPermission("write")).toBe("ask");
	});
});
