import { PathNormalizer } from "@pi-permissions/access-intent";
import { POSIX_FLAVOR, restrictiveness, SessionRuleStore } from "@pi-permissions/policy";
import fc from "fast-check";
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
		// ADR 0031: a literal script is judged by its units; a computed one (`bash -c "$X"`) keeps the opaque floor.
		{ id: "PP-094", command: 'bash -c "$X"', matchedPattern: "<opaque-bash-wrapper>", executedUnit: null },
		// ADR 0028: `sudo ls` is judged, not floored; a sudo whose command cannot be established keeps the floor.
		{ id: "PP-095", command: "sudo $CMD", matchedPattern: "<indirection-bash-wrapper>", executedUnit: null },
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

describe("PermissionQuery.resolveForwarded", () => {
	const config = { permission: { "*": "ask", bash: { "*": "ask", "git *": "allow", "rm *": "deny" } } };

	it.each([
		{ values: ["git status"], state: "allow", matchedPattern: "git *" },
		{ values: ["npm test"], state: "ask", matchedPattern: "*" },
		{ values: ["git status", "npm test"], state: "ask", matchedPattern: "*" },
		{ values: ["git status", "rm -rf build", "npm test"], state: "deny", matchedPattern: "rm *" },
	])("decides bash units $values as $state, the most restrictive unit winning", ({ values, state, matchedPattern }) => {
		const e = createEngine({ config });
		const result = e.query.resolveForwarded({ surface: "bash", matchValues: values, boundaryValue: null }, null);
		expect(result).toMatchObject({ surface: "bash", state, matchedPattern });
	});

	it("evaluates a bash value as the unit text it is, without parsing it again", () => {
		const e = createEngine({ config });
		const result = e.query.resolveForwarded(
			{ surface: "bash", matchValues: ["git log && rm -rf x"], boundaryValue: null },
			null,
		);
		expect(result).toMatchObject({ state: "allow", decidingUnit: "git log && rm -rf x" });
		expect(e.parses()).toBe(0);
	});

	it("denies when any spelling the child fixed is denied", () => {
		const e = createEngine({ config });
		const facts = { surface: "bash", matchValues: ["\\rm -rf x", "rm -rf x"], boundaryValue: null };
		expect(e.query.resolveForwarded(facts, null)).toMatchObject({ state: "deny", decidingUnit: "rm -rf x" });
	});

	it("includes this session's rules", () => {
		const e = createEngine({ config });
		const facts = { surface: "bash", matchValues: ["npm test"], boundaryValue: null };
		expect(e.query.resolveForwarded(facts, null).state).toBe("ask");
		e.store.add({ surface: "bash", pattern: "npm test *" });
		expect(e.query.resolveForwarded(facts, null)).toMatchObject({ state: "allow", origin: "session" });
	});

	it("uses the requester agent's policy", () => {
		const e = createEngine({ config, agents: { locked: { permission: { "*": "deny" } } } });
		const facts = { surface: "edit", matchValues: ["/projects/app/a.ts"], boundaryValue: "/projects/app/a.ts" };
		expect(e.query.resolveForwarded(facts, null).state).toBe("ask");
		expect(e.query.resolveForwarded(facts, "locked").state).toBe("deny");
	});

	it("matches the aliases of one path together, the boundary value included", () => {
		const e = createEngine({ config: { permission: { read: { "*": "allow", "/real/app/*.env": "deny" } } } });
		const facts = { surface: "read", matchValues: ["/projects/app/.env", ".env"], boundaryValue: "/real/app/.env" };
		const result = e.query.resolveForwarded(facts, null);
		expect(result).toMatchObject({ state: "deny", matchedPattern: "/real/app/*.env" });
		expect(result.matchValues).toEqual(["/projects/app/.env", ".env", "/real/app/.env"]);
	});

	it("lets the last matching rule over the aliases decide, as the child's path gate does", () => {
		const e = createEngine({ config: { permission: { path: { "*": "deny", "/projects/app/*": "allow" } } } });
		const facts = { surface: "path", matchValues: ["/projects/app/a.ts", "a.ts"], boundaryValue: "/projects/app/a.ts" };
		expect(e.query.resolveForwarded(facts, null)).toMatchObject({ state: "allow", matchedPattern: "/projects/app/*" });
	});

	it("never re-derives a path value against this session's cwd", () => {
		const e = createEngine({ config: { permission: { read: { "*": "allow", "/projects/app/*.env": "deny" } } } });
		const facts = { surface: "read", matchValues: [".env"], boundaryValue: null };
		expect(e.query.resolveForwarded(facts, null).state).toBe("allow");
	});

	it.each([
		{ name: "no values", facts: { surface: "bash", matchValues: [], boundaryValue: null } },
		{ name: "no surface", facts: { surface: "", matchValues: ["ls"], boundaryValue: null } },
	])("throws on facts with $name", ({ facts }) => {
		expect(() => createEngine({ config }).query.resolveForwarded(facts, null)).toThrow();
	});

	it("throws when the agent's policy cannot be provided", () => {
		const normalizer = PathNormalizer.create({
			cwd: CORPUS_CWD,
			home: CORPUS_HOME,
			flavor: POSIX_FLAVOR,
			probe: EMPTY_PROBE,
		});
		const broken = new PermissionQuery({
			policies: {
				policyFor: () => {
					throw new Error("no policy");
				},
			},
			sessionRules: new SessionRuleStore(),
			normalizer,
			parser: () => null,
		});
		const facts = { surface: "bash", matchValues: ["ls"], boundaryValue: null };
		expect(() => broken.resolveForwarded(facts, "scout")).toThrow("no policy");
	});
});

describe("PermissionQuery.resolveForwarded laws", () => {
	const config = { permission: { bash: { "*": "ask", "git *": "allow", "npm *": "allow", "rm *": "deny" } } };
	const engine = createEngine({ config });
	const unit = fc.constantFrom("git status", "npm test", "rm -rf x", "ls", "git push", "curl x", "\\rm x");

	it("never loosens a bash decision when the child fixes more values", () => {
		fc.assert(
			fc.property(fc.array(unit, { minLength: 1, maxLength: 5 }), unit, (values, extra) => {
				const facts = (matchValues: readonly string[]) => ({ surface: "bash", matchValues, boundaryValue: null });
				const before = engine.query.resolveForwarded(facts(values), null).state;
				const after = engine.query.resolveForwarded(facts([...values, extra]), null).state;
				expect(restrictiveness(after)).toBeGreaterThanOrEqual(restrictiveness(before));
			}),
			{ numRuns: 200 },
		);
	});
});
