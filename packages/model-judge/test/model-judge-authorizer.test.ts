import { describe, expect, it } from "vitest";
import type { JudgeModelRegistry } from "../src/model/judge-model-client";
import { MODEL_JUDGE_NAME, ModelJudgeAuthorizer } from "../src/model-judge-authorizer";
import { externalDirectoryAsk, manualClock, recordingLog, ruleQuery } from "./support/ask-builders";
import { type FauxJudge, fauxJudge, hangingStep, proseReply, sentText, toolReply } from "./support/faux-judge";
import { judgeConfig, sessionWith } from "./support/judge-session";

const TYPO = "/work/packages/app/packages/app/src/main.ts";
const FINE = "/work/packages/lib/src/index.ts";

async function setUp(config: unknown = judgeConfig()): Promise<{
	readonly judge: FauxJudge;
	readonly link: ModelJudgeAuthorizer;
	readonly clock: ReturnType<typeof manualClock>;
}> {
	const judge = await fauxJudge();
	const clock = manualClock();
	const state = sessionWith(config, judge.registry);
	return { judge, clock, link: new ModelJudgeAuthorizer({ session: () => state, clock }) };
}

describe("ModelJudgeAuthorizer, typo-path review", () => {
	it("denies a mistaken path with a teaching reason that names the intended location", async () => {
		const { judge, link } = await setUp();
		judge.script(
			toolReply({ verdict: "deny", intendedPath: "/work/packages/app/src/main.ts", reason: "the package is doubled" }),
		);
		const verdict = await link.authorize(externalDirectoryAsk(TYPO), ruleQuery([]), recordingLog());
		expect(verdict.verdict).toBe("deny");
		const reason = verdict.verdict === "deny" ? (verdict.reason ?? "") : "";
		expect(reason).toContain("/work/packages/app/src/main.ts");
		expect(reason).toContain(TYPO);
		expect(reason).toContain("the package is doubled");
	});

	it("defers a path the model sees as intended", async () => {
		const { judge, link } = await setUp(judgeConfig({ typoPaths: { typoPatterns: ["packages/"] } }));
		judge.script(toolReply({ verdict: "defer" }));
		expect(await link.authorize(externalDirectoryAsk(FINE), ruleQuery([]), recordingLog())).toEqual({
			verdict: "defer",
		});
		expect(judge.seen).toHaveLength(1);
	});

	it("records each verdict it reaches with its capability, note and latency", async () => {
		const { judge, link } = await setUp();
		judge.script(toolReply({ verdict: "deny", intendedPath: "/work/packages/app/src/main.ts", reason: "doubled" }));
		const log = recordingLog();
		await link.authorize(externalDirectoryAsk(TYPO), ruleQuery([]), log);
		expect(log.events).toHaveLength(1);
		expect(log.events[0]).toMatchObject({
			name: "authorizer_link_reviewed",
			fields: { name: "model-judge", capability: "typo-paths", verdict: "deny", modelCalled: true },
		});
		expect(typeof log.events[0]?.fields.latencyMs).toBe("number");
		expect(log.events[0]?.fields.note).toEqual(expect.any(String));
	});

	it("never calls the model for a path no typo pattern matches", async () => {
		const { judge, link } = await setUp();
		const log = recordingLog();
		expect(await link.authorize(externalDirectoryAsk(FINE), ruleQuery([]), log)).toEqual({ verdict: "defer" });
		expect(judge.seen).toHaveLength(0);
		expect(log.events).toHaveLength(0);
	});

	it("reviews a bash-surfaced path found only in the access facts' match values", async () => {
		const { judge, link } = await setUp();
		judge.script(toolReply({ verdict: "deny", intendedPath: "/work/packages/app/src" }));
		const ask = externalDirectoryAsk("/work/packages/app/packages/app/src", "bash", ["../app/packages/app/src", TYPO]);
		expect((await link.authorize(ask, ruleQuery([]), recordingLog())).verdict).toBe("deny");
	});

	it("forces one verdict tool, spelled `required` for an API outside the `any` family", async () => {
		const { judge, link } = await setUp();
		judge.script(toolReply({ verdict: "defer" }));
		await link.authorize(externalDirectoryAsk(TYPO), ruleQuery([]), recordingLog());
		const call = judge.seen[0];
		expect((call?.options as { toolChoice?: unknown } | undefined)?.toolChoice).toBe("required");
		const system = call?.context.messages[0] as { toolsAdded?: { name: string }[] } | undefined;
		expect(system?.toolsAdded?.map((tool) => tool.name)).toEqual(["report_path_verdict"]);
	});

	it("shows the model only the ask's facts: no advisories, no conversation, one user message", async () => {
		const { judge, link } = await setUp();
		judge.script(toolReply({ verdict: "defer" }));
		const base = externalDirectoryAsk(TYPO);
		const ask = {
			...base,
			payload: {
				...base.payload,
				annotations: [{ kind: "advisory", source: "x formatter", text: "SECRET-ADVISORY-TEXT" } as const],
			},
		};
		await link.authorize(ask, ruleQuery([]), recordingLog());
		const call = judge.seen[0];
		if (call === undefined) throw new Error("the model was not called");
		expect(call.context.messages.map((message) => message.role)).toEqual(["system", "user"]);
		expect(sentText(call)).toContain(TYPO);
		expect(sentText(call)).not.toContain("SECRET-ADVISORY-TEXT");
	});
});

describe("ModelJudgeAuthorizer, failures", () => {
	const missingCredentials: (registry: JudgeModelRegistry) => JudgeModelRegistry = (registry) => ({
		find: (provider, model) => registry.find(provider, model),
		getApiKeyAndHeaders: async () => ({ ok: false, error: "no API key for `judge`" }),
		complete: (model, context, options) => registry.complete(model, context, options),
	});

	it.each([
		{ failure: "model-error", step: proseReply("x"), reply: "an error reply", script: "error" },
		{ failure: "no-tool-call", step: proseReply("I think it is fine"), reply: "prose", script: "step" },
		{ failure: "malformed-arguments", step: toolReply({ verdict: 3 }), reply: "a numeric verdict", script: "step" },
		{
			failure: "malformed-arguments",
			step: toolReply({ verdict: "deny" }),
			reply: "a deny without a location",
			script: "step",
		},
		{
			failure: "malformed-arguments",
			step: toolReply({ verdict: "deny", intendedPath: "/w", reason: "x".repeat(1_000_000) }),
			reply: "a 1 MB reason",
			script: "step",
		},
		{ failure: "verdict-out-of-range", step: toolReply({ verdict: "allow" }), reply: "an allow", script: "step" },
	] as const)("defers and logs `$failure` when the model sends $reply", async ({ failure, step, script }) => {
		const { judge, link } = await setUp();
		if (script === "step") judge.script(step);
		const log = recordingLog();
		expect(await link.authorize(externalDirectoryAsk(TYPO), ruleQuery([]), log)).toEqual({ verdict: "defer" });
		expect(log.events).toHaveLength(1);
		const event = log.events[0];
		expect(event?.name).toBe("authorizer_link_failed");
		expect(event?.fields).toMatchObject({
			name: MODEL_JUDGE_NAME,
			failure,
			capability: "typo-paths",
			requestId: "req-43",
		});
		expect(typeof event?.fields.latencyMs).toBe("number");
		expect(String(event?.fields.reason).length).toBeLessThan(500);
	});

	it.each([
		{ failure: "no-config", config: undefined, why: "no config file exists" },
		{ failure: "config-invalid", config: { provider: "judge" }, why: "the config lacks `model`" },
		{ failure: "model-not-found", config: judgeConfig({ model: "judge-404" }), why: "the model is unknown" },
	])("defers and logs `$failure` when $why", async ({ failure, config }) => {
		const judge = await fauxJudge();
		const state =
			config === undefined
				? { config: { ok: true, value: null } as const, registry: judge.registry }
				: sessionWith(config, judge.registry);
		const link = new ModelJudgeAuthorizer({ session: () => state, clock: manualClock() });
		const log = recordingLog();
		expect(await link.authorize(externalDirectoryAsk(TYPO), ruleQuery([]), log)).toEqual({ verdict: "defer" });
		expect(log.events.map((event) => event.fields.failure)).toEqual([failure]);
		expect(judge.seen).toHaveLength(0);
	});

	it("defers and logs `no-config` before the session has started", async () => {
		const link = new ModelJudgeAuthorizer({ session: () => null, clock: manualClock() });
		const log = recordingLog();
		expect(await link.authorize(externalDirectoryAsk(TYPO), ruleQuery([]), log)).toEqual({ verdict: "defer" });
		expect(log.events[0]?.fields.failure).toBe("no-config");
	});

	it("defers and logs `credentials-missing` when the registry has no credentials for the model", async () => {
		const judge = await fauxJudge();
		const state = sessionWith(judgeConfig(), missingCredentials(judge.registry));
		const link = new ModelJudgeAuthorizer({ session: () => state, clock: manualClock() });
		const log = recordingLog();
		expect(await link.authorize(externalDirectoryAsk(TYPO), ruleQuery([]), log)).toEqual({ verdict: "defer" });
		expect(log.events[0]?.fields.failure).toBe("credentials-missing");
		expect(judge.seen).toHaveLength(0);
	});

	it("aborts the model call at `timeoutMs` and defers with `timeout`", async () => {
		const { judge, link, clock } = await setUp();
		judge.script(hangingStep);
		const log = recordingLog();
		const pending = link.authorize(externalDirectoryAsk(TYPO), ruleQuery([]), log);
		while (judge.seen.length === 0 || clock.pending() === 0) await new Promise((resolve) => setImmediate(resolve));
		clock.fire();
		expect(await pending).toEqual({ verdict: "defer" });
		expect(log.events[0]?.fields).toMatchObject({ failure: "timeout", modelCalled: true });
		expect(judge.seen[0]?.options?.signal?.aborted).toBe(true);
	});

	it("defers and logs `withdrawn` when the ask is withdrawn while the model thinks", async () => {
		const { judge, link } = await setUp();
		judge.script(hangingStep);
		const withdraw = new AbortController();
		const log = recordingLog();
		const pending = link.authorize({ ...externalDirectoryAsk(TYPO), signal: withdraw.signal }, ruleQuery([]), log);
		while (judge.seen.length === 0) await new Promise((resolve) => setImmediate(resolve));
		withdraw.abort();
		expect(await pending).toEqual({ verdict: "defer" });
		expect(log.events[0]?.fields.failure).toBe("withdrawn");
	});

	it("never tests a candidate path longer than 4096 characters against an operator pattern", async () => {
		const { judge, link } = await setUp();
		const huge = `/work/packages/a/packages/a/${"x".repeat(5000)}`;
		expect(await link.authorize(externalDirectoryAsk(huge), ruleQuery([]), recordingLog())).toEqual({
			verdict: "defer",
		});
		expect(judge.seen).toHaveLength(0);
	});

	it("defers and logs `threw` when the registry throws", async () => {
		const judge = await fauxJudge();
		const throwing: JudgeModelRegistry = {
			find: () => {
				throw new Error("registry exploded");
			},
			getApiKeyAndHeaders: async () => ({ ok: true }),
			complete: (model, context, options) => judge.registry.complete(model, context, options),
		};
		const state = sessionWith(judgeConfig(), throwing);
		const link = new ModelJudgeAuthorizer({ session: () => state, clock: manualClock() });
		const log = recordingLog();
		expect(await link.authorize(externalDirectoryAsk(TYPO), ruleQuery([]), log)).toEqual({ verdict: "defer" });
		expect(log.events[0]?.fields).toMatchObject({ failure: "threw", reason: "the review threw: registry exploded" });
	});

	it("still defers when the log itself throws", async () => {
		const { link } = await setUp(judgeConfig({ model: "judge-404" }));
		const throwingLog = {
			event: () => {
				throw new Error("disk full");
			},
		};
		expect(await link.authorize(externalDirectoryAsk(TYPO), ruleQuery([]), throwingLog)).toEqual({ verdict: "defer" });
	});
});
