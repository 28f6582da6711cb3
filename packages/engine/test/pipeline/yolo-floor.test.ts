import type { Rule } from "@pi-permissions/policy";
import { BASH_SENTINELS } from "@pi-permissions/presentation";
import { describe, expect, it } from "vitest";
import type { GateOutcome } from "../../src/gates/gate-outcome";
import type { AskEscalator, AskRequest } from "../../src/pipeline/ask-escalator";
import type { DecisionFact } from "../../src/pipeline/decision-fact";
import { GateRunner } from "../../src/pipeline/gate-runner";
import { holdsDenyOn, reconcileFloorWithYolo, YOLO_FLOOR_TABLE } from "../../src/pipeline/yolo-floor";
import { bashCall, createEngine } from "../support/engine-fixture";
import { INCOMPLETE_ROWS, YOLO_POLICY } from "./yolo-floor.cases";

const CHECK_FAILED = "yolo does not approve a command that could not be checked while the policy denies some commands";
const NAME_UNKNOWN = "yolo does not approve a command whose name is only known when it runs";

function runner(config: unknown, yolo: boolean) {
	const engine = createEngine({ config, yolo });
	const facts: DecisionFact[] = [];
	const asks: AskRequest[] = [];
	const escalator: AskEscalator = {
		async escalate(ask) {
			asks.push(ask);
			return { kind: "deny", reason: "test", decidedBy: "user" };
		},
	};
	let n = 0;
	const run = new GateRunner({
		pipeline: engine.pipeline,
		escalator,
		sink: { emit: (fact) => facts.push(fact) },
		ids: { next: () => `req-${++n}` },
		sessionRules: engine.store,
	});
	return { engine, run, facts, asks };
}

describe("an incomplete analysis under yolo (ADR 0020)", () => {
	const yolo = runner(YOLO_POLICY, true);
	const plain = runner(YOLO_POLICY, false);

	it.each(INCOMPLETE_ROWS)("$id ($shape) is $yolo under yolo with `rm *: deny`", { timeout: 30_000 }, async (row) => {
		const before = yolo.asks.length;
		const verdict = await yolo.run.run(bashCall(row.command));
		expect(yolo.asks.length, "yolo never asks").toBe(before);
		if (row.yolo === "allow") {
			expect(verdict.kind).toBe("allow");
			return;
		}
		expect(verdict).toMatchObject({ kind: "block", resolution: "policy_deny", gate: "tool" });
		const denial = yolo.facts.at(-1);
		expect(denial).toMatchObject({ result: "deny", decidedBy: "yolo", resolution: "policy_deny" });
		const reason = String(denial?.reason);
		expect(reason).toContain(row.limit === null ? NAME_UNKNOWN : CHECK_FAILED);
		if (row.limit !== null) expect(reason).toContain(row.limit);
		// The agent is told why, and never shown its own command back.
		if (verdict.kind === "block") {
			expect(verdict.reason).toContain(row.limit === null ? NAME_UNKNOWN : CHECK_FAILED);
			expect(verdict.reason).not.toContain("rm -rf x");
		}
	});

	it.each(INCOMPLETE_ROWS)("$id ($shape) is asked without yolo, naming the limit", { timeout: 30_000 }, (row) => {
		const decision = plain.engine.pipeline.decide(bashCall(row.command));
		expect(decision.combined.state).toBe("ask");
		const tool = decision.outcomes.find((outcome) => outcome.gate === "tool");
		expect(tool?.matchedPattern).toBe(row.plain);
		if (row.plain === BASH_SENTINELS.unparseable && row.limit !== null) {
			expect(tool?.reason).toContain(row.limit);
			expect(tool?.payload?.evidence.find((item) => item.label === "not checked")?.text).toContain(row.limit);
		}
	});

	it("approves an incomplete analysis under yolo when the policy denies nothing a command could reach", async () => {
		const h = runner({ permission: { bash: { "*": "ask" }, mcp: { "*": "deny" } } }, true);
		for (const command of ["( ls", `${"true; ".repeat(5000)}ls`, "$CMD x"]) {
			expect((await h.run.run(bashCall(command))).kind, command).toBe("allow");
		}
		expect(h.facts.at(-1)).toMatchObject({ resolution: "auto_approved", decidedBy: "yolo" });
	});

	it("denies a dynamic command name under yolo only while a bash rule denies", async () => {
		const pathOnly = runner({ permission: { bash: "ask", path: { "*.env": "deny" } } }, true);
		expect((await pathOnly.run.run(bashCall("$CMD x"))).kind).toBe("allow");
		expect(await pathOnly.run.run(bashCall("( ls"))).toMatchObject({ kind: "block", resolution: "policy_deny" });
	});

	it("keeps a deny of the whole text as the policy's own deny", async () => {
		const verdict = await yolo.run.run(bashCall("rm x )"));
		expect(verdict).toMatchObject({ kind: "block", resolution: "policy_deny" });
		expect(yolo.facts.at(-1)).toMatchObject({ decidedBy: "policy", matchedPattern: "rm *" });
	});
});

describe("an environment that moves what a program reads, under yolo (ADR 0051)", () => {
	const RELOCATED =
		"yolo does not approve a command whose environment moves where a program reads its configuration or code while the policy denies some commands";
	const yolo = runner(YOLO_POLICY, true);

	it.each([
		// Red-team Y-git-home and its siblings: a planted config's `core.fsmonitor` would run `rm` unseen.
		"mkdir h && printf '[core]\\n\\tfsmonitor = \"rm notes.txt;:\"\\n' > h/.gitconfig && HOME=$PWD/h git status",
		"GIT_DIR=x git status",
		"GIT_COMMON_DIR=x git status",
		"export HOME=$PWD/h; git status",
		"env XDG_CONFIG_HOME=./c git status",
		"env -S 'GIT_DIR=x git status'",
		"RIPGREP_CONFIG_PATH=./rc rg foo .",
		"PYTHONPATH=. python3 -m pytest",
		"ls; PATH=./bin:$PATH make",
	])("%s is denied under yolo while `rm *` is denied, saying why", async (command) => {
		const verdict = await yolo.run.run(bashCall(command));
		expect(verdict).toMatchObject({ kind: "block", resolution: "policy_deny", gate: "tool" });
		const denial = yolo.facts.at(-1);
		expect(denial).toMatchObject({ decidedBy: "yolo", matchedPattern: "<relocating-environment>" });
		expect(String(denial?.reason)).toContain(RELOCATED);
		if (verdict.kind === "block") expect(verdict.reason).toContain(RELOCATED);
	});

	it.each(["DATABASE_URL=x npm test", "export API_URL=http://localhost:3000; npm test", "CI=1 npm test"])(
		"%s is approved under yolo: an unknown variable is an ordinary ask",
		async (command) => {
			expect((await yolo.run.run(bashCall(command))).kind).toBe("allow");
		},
	);

	it("approves a relocating setting under yolo when the policy denies nothing it could hide", async () => {
		const h = runner({ permission: { "*": "ask", mcp: { "*": "deny" } } }, true);
		expect((await h.run.run(bashCall("GIT_DIR=x git status"))).kind).toBe("allow");
		const pathOnly = runner({ permission: { "*": "ask", path: { "*.env": "deny" } } }, true);
		expect(await pathOnly.run.run(bashCall("GIT_DIR=x git status"))).toMatchObject({ kind: "block" });
	});

	it("asks without yolo, and the ask says which setting and why", () => {
		const plain = runner({ permission: { "*": "ask", bash: { "*": "ask", "git status": "allow" } } }, false);
		const decision = plain.engine.pipeline.decide(bashCall("GIT_DIR=x git status"));
		const tool = decision.outcomes.find((outcome) => outcome.gate === "tool");
		expect(tool).toMatchObject({ state: "ask", matchedPattern: "<relocating-environment>", basis: "floor" });
		expect(tool?.reason).toContain("`GIT_DIR` reaches `git`");
		expect(tool?.payload?.evidence.find((item) => item.label === "not checked")?.text).toContain("`GIT_DIR`");
	});
});

function floorOutcome(matchedPattern: string, reason: string | null = null): GateOutcome {
	return {
		gate: "tool",
		surface: "bash",
		value: "x",
		state: "ask",
		matchedPattern,
		origin: null,
		basis: "floor",
		reason,
		payload: null,
		suggestion: null,
		access: null,
	};
}

const deny = (surface: string): Rule => ({ surface, pattern: "x", action: "deny", origin: "global" });

describe("YOLO_FLOOR_TABLE", () => {
	const rows = Object.entries(YOLO_FLOOR_TABLE).map(([sentinel, row]) => ({ sentinel, row }));

	it("has a row for every bash sentinel", () => {
		expect(Object.keys(YOLO_FLOOR_TABLE).sort()).toEqual(Object.values(BASH_SENTINELS).sort());
	});

	it.each(rows)("$sentinel: yolo settles it as its row says, for each surface it hides", ({ sentinel, row }) => {
		expect(reconcileFloorWithYolo(floorOutcome(sentinel), [])).toEqual({ kind: "approve" });
		if (row.yolo === "approve") {
			expect(reconcileFloorWithYolo(floorOutcome(sentinel), [deny("*")])).toEqual({ kind: "approve" });
			return;
		}
		for (const surface of row.hides) {
			expect(reconcileFloorWithYolo(floorOutcome(sentinel, "too large"), [deny(surface)]), surface).toEqual({
				kind: "deny",
				reason: `${row.reason}: too large`,
				agentReason: `${row.reason}: too large`,
			});
		}
		expect(reconcileFloorWithYolo(floorOutcome(sentinel), [deny("mcp"), deny("skill")])).toEqual({ kind: "approve" });
	});

	it("denies an indirection whose ask names no executed unit while a bash rule denies, and approves one that does", () => {
		const ask = (executedUnit: string | null): GateOutcome => {
			const outcome = floorOutcome(BASH_SENTINELS.indirectionWrapper);
			const payload = { request: { executedUnit } } as unknown as NonNullable<GateOutcome["payload"]>;
			return { ...outcome, payload };
		};
		expect(reconcileFloorWithYolo(ask(null), [deny("bash")])).toMatchObject({ kind: "deny" });
		expect(reconcileFloorWithYolo(ask(null), [deny("path")])).toEqual({ kind: "approve" });
		expect(reconcileFloorWithYolo(ask("ls"), [deny("bash")])).toEqual({ kind: "approve" });
		// A forwarded floor carries only its sentinel: no payload, approved as the row says.
		expect(reconcileFloorWithYolo(floorOutcome(BASH_SENTINELS.indirectionWrapper), [deny("bash")])).toEqual({
			kind: "approve",
		});
	});

	it("keeps a floor reason that quotes the command out of the agent's text", () => {
		const verdict = reconcileFloorWithYolo(floorOutcome(BASH_SENTINELS.unparseable, "payload `rm x` is unparseable"), [
			deny("bash"),
		]);
		expect(verdict).toMatchObject({ kind: "deny", agentReason: CHECK_FAILED });
		if (verdict.kind === "deny") expect(verdict.reason).toContain("payload `rm x`");
	});

	it("escalates a floor it has no row for, never approving it", () => {
		expect(reconcileFloorWithYolo(floorOutcome("<some-new-floor>"), [])).toEqual({ kind: "escalate" });
	});
});

describe("holdsDenyOn", () => {
	it("counts universal and wildcard surfaces, and only denies", () => {
		expect(holdsDenyOn([deny("*")], "bash")).toBe(true);
		expect(holdsDenyOn([deny("ba*")], "bash")).toBe(true);
		expect(holdsDenyOn([deny("path")], "bash")).toBe(false);
		expect(holdsDenyOn([{ ...deny("bash"), action: "ask" }], "bash")).toBe(false);
	});
});
