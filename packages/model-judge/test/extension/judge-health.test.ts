import { InMemoryCredentialStore } from "@earendil-works/pi-ai";
import { ModelRegistry, ModelRuntime } from "@earendil-works/pi-coding-agent";
import { err, ok } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import type { LoadedJudgeConfig } from "../../src/config/judge-config-loader";
import { judgeConfigSchema } from "../../src/config/judge-config-schema";
import { judgeHealth } from "../../src/extension/judge-health";
import type { JudgeModelRegistry } from "../../src/model/judge-model-client";
import type { JudgeSessionState } from "../../src/model-judge-authorizer";
import { manualClock } from "../support/ask-builders";
import { fauxJudge, JUDGE_MODEL, JUDGE_PROVIDER } from "../support/faux-judge";

function loaded(overrides: Record<string, unknown> = {}): LoadedJudgeConfig {
	const config = judgeConfigSchema.parse({
		provider: JUDGE_PROVIDER,
		model: JUDGE_MODEL,
		typoPaths: { typoPatterns: ["packages/([^/]+)/packages/\\1"] },
		...overrides,
	});
	return { config, typoPatterns: config.typoPaths.typoPatterns.map((source) => new RegExp(source, "u")), files: [] };
}

/** A registry that knows every model and answers the credentials check with `auth`. */
function registryWith(auth: () => Promise<{ ok: true } | { ok: false; error: string }>): JudgeModelRegistry {
	return {
		find: (provider, id) => ({ provider, id }) as unknown as ReturnType<JudgeModelRegistry["find"]>,
		getApiKeyAndHeaders: auth,
		complete: () => Promise.reject(new Error("the health check never calls the model")),
	};
}

const OK_AUTH = () => Promise.resolve({ ok: true as const });

describe("judgeHealth", () => {
	it.each<[string, JudgeSessionState, string | null]>([
		[
			"judges with a config, a capability, a known model and credentials",
			{ config: ok(loaded()), registry: registryWith(OK_AUTH) },
			null,
		],
		["has no config", { config: ok(null), registry: registryWith(OK_AUTH) }, "no model-judge.json is configured"],
		[
			"has an invalid config",
			{
				config: err([{ file: "/a/model-judge.json", keyPath: ["timeoutMs"], message: "too small", hint: "raise it" }]),
				registry: registryWith(OK_AUTH),
			},
			"the model-judge config is invalid: /a/model-judge.json: too small",
		],
		[
			"has no capability that can select an ask",
			{ config: ok(loaded({ typoPaths: { typoPatterns: [] } })), registry: registryWith(OK_AUTH) },
			"no capability can select an ask (`typoPaths` has no `typoPatterns` and `opaqueCommands` is off)",
		],
		[
			"has no credentials for its model",
			{
				config: ok(loaded()),
				registry: registryWith(() => Promise.resolve({ ok: false, error: 'No API key found for "judge"' })),
			},
			'no usable credentials for the judge\'s model: `judge/judge-1`: No API key found for "judge"',
		],
		[
			"has a credentials check that rejects",
			{ config: ok(loaded()), registry: registryWith(() => Promise.reject(new Error("keychain locked"))) },
			"no usable credentials for the judge's model: `judge/judge-1`: keychain locked",
		],
	])("says so when the judge %s", async (_name, state, expected) => {
		expect(await judgeHealth(state, manualClock())).toBe(expected);
	});

	it("names a model Pi's registry does not know", async () => {
		const { registry } = await fauxJudge();
		const state: JudgeSessionState = { config: ok(loaded({ model: "judge-9" })), registry };
		expect(await judgeHealth(state, manualClock())).toBe("the model `judge/judge-9` is not in Pi's model registry");
	});

	it("finds no credentials for a real provider in an empty credential store", async () => {
		const runtime = await ModelRuntime.create({
			credentials: new InMemoryCredentialStore(),
			modelsPath: null,
			refreshOnCreate: false,
		});
		const registry = new ModelRegistry(runtime);
		const model = registry.getAll().find((entry) => entry.provider === "anthropic");
		expect(model).toBeDefined();
		const state: JudgeSessionState = {
			config: ok(loaded({ provider: "anthropic", model: model?.id ?? "" })),
			registry,
		};
		expect(await judgeHealth(state, manualClock())).toMatch(
			/^no usable credentials for the judge's model: `anthropic\/[^`]+`: Pi has no credentials for `anthropic` /u,
		);
	});

	it("says nothing when the credentials check outlasts its bound", async () => {
		const clock = manualClock();
		const state: JudgeSessionState = {
			config: ok(loaded()),
			registry: registryWith(() => new Promise(() => undefined)),
		};
		const health = judgeHealth(state, clock);
		await Promise.resolve();
		clock.fire();
		expect(await health).toBeNull();
	});

	it("reports a registry that throws as a failed check", async () => {
		const state: JudgeSessionState = { config: ok(loaded()), registry: {} as JudgeModelRegistry };
		expect(await judgeHealth(state, manualClock())).toMatch(/^its health check failed: /u);
	});
});
