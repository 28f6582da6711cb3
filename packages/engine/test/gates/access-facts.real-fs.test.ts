import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_FORWARDED_MATCH_VALUES } from "../../src/gates/access-facts";
import type { GateOutcome } from "../../src/gates/gate-outcome";
import { bashCall, call, createEngine, realProbe } from "../support/engine-fixture";

// ADR 0041: the deciding gate fixes an ask's forwarding facts from the call's one parse; these were the adapter's
// re-parse cases, now read off the outcome the real pipeline builds.

let root: string;

beforeAll(() => {
	root = realpathSync(mkdtempSync(join(tmpdir(), "pp-facts-")));
	mkdirSync(join(root, "project", "real"), { recursive: true });
	writeFileSync(join(root, "project", "real", "secret.env"), "x");
	symlinkSync(join(root, "project", "real"), join(root, "project", "link"));
});

function toolOutcome(command: string, bash: unknown = "ask"): GateOutcome {
	const engine = createEngine({ config: { permission: { "*": "allow", bash } } });
	const decision = engine.pipeline.decide(bashCall(command));
	const tool = decision.outcomes.find((outcome) => outcome.gate === "tool");
	if (tool === undefined) throw new Error(`no tool outcome for ${command}`);
	return tool;
}

describe("the access facts on an asking outcome", () => {
	it.each([
		{ unit: "git status", values: ["git status"] },
		{ unit: "\\rm -rf build", values: ["\\rm -rf build", "rm -rf build", "rm -f -r build"] },
		{ unit: "'ls' -la", values: ["'ls' -la", "ls -la"] },
		{ unit: "echo $(wc -l)", values: ["echo $(wc -l)", "wc -l"] },
		// ADR 0053: the canonical spelling and the words without inert options go along, for a serving deny.
		{ unit: "git push origin +main", values: ["git push origin +main", "git push -f origin main"] },
		{ unit: "git --no-pager log -3", values: ["git --no-pager log -3", "git -P log -3", "git log -3"] },
	])("fixes the bash unit $unit with every unit text and plain spelling", ({ unit, values }) => {
		expect(toolOutcome(unit).access).toEqual({ surface: "bash", matchValues: values, boundaryValue: null });
	});

	it("fixes only the deciding unit of a list, from the one parse", () => {
		expect(toolOutcome("ls | wc -l", { "*": "allow", "wc *": "ask" }).access).toEqual({
			surface: "bash",
			matchValues: ["wc -l"],
			boundaryValue: null,
		});
	});

	it("fixes every unit that asked, not only the deciding one, so a serving rule judges them all", () => {
		expect(toolOutcome("echo hi; rm -rf x").access).toEqual({
			surface: "bash",
			matchValues: ["echo hi", "rm -rf x", "rm -f -r x"],
			boundaryValue: null,
		});
		// A unit the child allowed on its own is not the serving session's question.
		expect(toolOutcome("ls; git push; wc -l f", { "*": "allow", "git *": "ask", "wc *": "ask" }).access).toEqual({
			surface: "bash",
			matchValues: ["git push", "wc -l f"],
			boundaryValue: null,
		});
	});

	it("marks the facts floored when any asking unit is a floor, even beside a rule's ask", () => {
		expect(toolOutcome("echo hi; $CMD x", { "*": "allow", "echo *": "ask" }).access).toMatchObject({ floored: true });
	});

	it.each([
		{ unit: "sudo rm -rf /", why: "an indirection wrapper", bash: { "*": "ask", "sudo *": "ask" } },
		{ unit: 'bash -c "$SCRIPT"', why: "an opaque wrapper", bash: "allow" },
		{ unit: "$CMD x", why: "a dynamic command name", bash: "allow" },
		{ unit: "echo 'unterminated", why: "an unparseable command", bash: "allow" },
	])("marks $why as floored, so no serving rule settles it and a human decides", ({ unit, bash }) => {
		expect(toolOutcome(unit, bash).access).toEqual({
			surface: "bash",
			matchValues: [unit],
			boundaryValue: null,
			floored: true,
		});
	});

	it("marks a floor outcome's facts as floored, naming only its surface and value", () => {
		const outcome = toolOutcome("$CMD x", "allow");
		expect(outcome.basis).toBe("floor");
		expect(outcome.access).toEqual({ surface: "bash", matchValues: ["$CMD x"], boundaryValue: null, floored: true });
	});

	it("carries no facts for an allow, a deny, an unknown tool or a protected target", () => {
		expect(toolOutcome("git status", "allow").access).toBeNull();
		expect(toolOutcome("git status", "deny").access).toBeNull();
		const unknown = createEngine({ config: { permission: { "*": "ask" } }, availableTools: ["read"] });
		expect(unknown.pipeline.decide(call("nope", {})).combined.access).toBeNull();
		const guarded = createEngine({ config: { permission: { "*": "allow" } } });
		const protectedAsk = guarded.pipeline.decide(call("write", { path: "/home/u/.pi/agent/settings.json" }));
		expect(protectedAsk.combined).toMatchObject({ basis: "protected", access: null });
	});

	it("fixes a path with its aliases and its canonical form as the boundary value", () => {
		const engine = createEngine({
			config: { permission: { "*": "allow", read: "ask" } },
			cwd: join(root, "project"),
			home: join(root, "home"),
			probe: realProbe(),
		});
		const typed = join(root, "project", "link", "secret.env");
		const facts = engine.pipeline.decide(call("read", { path: typed })).combined.access;
		const canonical = join(root, "project", "real", "secret.env");
		expect(facts?.surface).toBe("read");
		expect(facts?.matchValues[0]).toBe(typed);
		expect(facts?.matchValues).toContain(canonical);
		expect(facts?.boundaryValue).toBe(canonical);
	});

	it("fixes a whole-tool ask and any other surface by its value", () => {
		const engine = createEngine({ config: { permission: { "*": "allow", read: "ask", mcp: "ask" } } });
		expect(engine.pipeline.decide(call("read", {})).combined.access).toEqual({
			surface: "read",
			matchValues: ["*"],
			boundaryValue: null,
		});
		const mcp = engine.pipeline.decide(call("mcp", { tool: "exa:search" })).combined;
		expect(mcp.access).toEqual({
			surface: "mcp",
			matchValues: [mcp.value],
			boundaryValue: null,
		});
	});

	it("carries no facts when the unit has more values than a serving session reads", () => {
		const command = Array.from({ length: MAX_FORWARDED_MATCH_VALUES }, (_, index) => `cmd${index}`).join(" ");
		const unit = `for x in a; do ${command.split(" ").join("; ")}; done`;
		expect(toolOutcome(unit, { "*": "allow", "for *": "ask" }).access).toBeNull();
	});

	it("floors the facts when a nested wrapper follows past the bound on values", () => {
		// The values stop being collected past the bound; the floor test must still see every unit.
		const commands = Array.from({ length: MAX_FORWARDED_MATCH_VALUES + 8 }, (_, index) => `cmd${index}`);
		const unit = `for x in a; do ${commands.join("; ")}; sudo rm -rf x; done`;
		expect(toolOutcome(unit, { "*": "allow", "for *": "ask" }).access).toMatchObject({ floored: true });
	});
});
