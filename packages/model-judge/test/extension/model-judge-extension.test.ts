import { createEventBus, type ExtensionAPI } from "@earendil-works/pi-coding-agent";
import type { Authorizer } from "@pi-permissions/authority";
import { describe, expect, it } from "vitest";
import { createModelJudgeExtension } from "../../src/extension/model-judge-extension";
import { SERVICE_KEY } from "../../src/extension/service-lookup";
import { externalDirectoryAsk, manualClock, recordingLog, ruleQuery } from "../support/ask-builders";

type Handler = (event: unknown, ctx: unknown) => unknown;

/** The Pi surface the factory touches: `pi.on` and the shared `pi.events` bus. */
function fakePi() {
	const handlers = new Map<string, Handler[]>();
	const events = createEventBus();
	const pi = {
		events,
		on: (name: string, handler: Handler) => {
			handlers.set(name, [...(handlers.get(name) ?? []), handler]);
		},
	} as unknown as ExtensionAPI;
	const fire = async (name: string, ctx: unknown) => {
		for (const handler of handlers.get(name) ?? []) await handler({ type: name }, ctx);
	};
	return { pi, events, fire };
}

interface Published {
	readonly sessionId: string;
	readonly registered: { name: string; link: Authorizer; status: (() => string | null) | undefined }[];
	disposed: number;
}

/** A service registry slot with one published (stable) service per session id, recording every registration. */
function serviceHost() {
	const services = new Map<string, { readonly record: Published; readonly service: object }>();
	const host = { [SERVICE_KEY]: { get: (id: string) => services.get(id)?.service } };
	const publish = (sessionId: string): Published => {
		const record: Published = { sessionId, registered: [], disposed: 0 };
		const service = {
			registerAuthorizer: (name: string, link: Authorizer, status?: () => string | null) => {
				if (record.registered.length > record.disposed) throw new Error("already registered");
				record.registered.push({ name, link, status });
				return () => {
					record.disposed += 1;
				};
			},
		};
		services.set(sessionId, { record, service });
		return record;
	};
	return { host, publish };
}

function context(sessionId: string, notes: string[] = [], modelRegistry: object = {}) {
	return {
		sessionManager: { getSessionId: () => sessionId },
		cwd: "/work/project",
		isProjectTrusted: () => false,
		hasUI: true,
		ui: { notify: (message: string) => notes.push(message) },
		modelRegistry,
	};
}

function build(files: Record<string, string> = {}) {
	const { host, publish } = serviceHost();
	const { pi, events, fire } = fakePi();
	createModelJudgeExtension({
		agentDir: "/agent",
		readText: (path) => ({ ok: true, value: files[path] ?? null }),
		clock: manualClock(),
		serviceHost: host,
	})(pi);
	return { events, fire, publish };
}

describe("createModelJudgeExtension", () => {
	it("registers `model-judge` once when `permissions:ready` fires for its session, however often it fires", async () => {
		const { events, fire, publish } = build();
		const service = publish("s-1");
		await fire("session_start", context("s-1"));
		expect(service.registered).toHaveLength(0);
		events.emit("permissions:ready", { sessionId: "s-1" });
		events.emit("permissions:ready", { sessionId: "s-1" });
		expect(service.registered.map((entry) => entry.name)).toEqual(["model-judge"]);
	});

	it("registers when the ready event came before its own `session_start`", async () => {
		const { events, fire, publish } = build();
		const service = publish("s-1");
		events.emit("permissions:ready", { sessionId: "s-1" });
		await fire("session_start", context("s-1"));
		expect(service.registered).toHaveLength(1);
	});

	it("ignores a ready event of another session", async () => {
		const { events, fire, publish } = build();
		const mine = publish("s-1");
		const other = publish("s-2");
		await fire("session_start", context("s-1"));
		events.emit("permissions:ready", { sessionId: "s-2" });
		events.emit("permissions:ready", { nonsense: true });
		expect(mine.registered).toHaveLength(0);
		expect(other.registered).toHaveLength(0);
	});

	it("registers again with a re-published service and disposes the old registration", async () => {
		const { events, fire, publish } = build();
		const first = publish("s-1");
		await fire("session_start", context("s-1"));
		events.emit("permissions:ready", { sessionId: "s-1" });
		const second = publish("s-1");
		events.emit("permissions:ready", { sessionId: "s-1" });
		expect(first.disposed).toBe(1);
		expect(second.registered).toHaveLength(1);
	});

	it("disposes its registration at `session_shutdown`", async () => {
		const { events, fire, publish } = build();
		const service = publish("s-1");
		await fire("session_start", context("s-1"));
		events.emit("permissions:ready", { sessionId: "s-1" });
		await fire("session_shutdown", context("s-1"));
		expect(service.disposed).toBe(1);
	});

	it("warns about an invalid config and then defers every ask", async () => {
		const notes: string[] = [];
		const { events, fire, publish } = build({
			"/agent/extensions/pi-permissions/model-judge.json": JSON.stringify({ provider: "a", model: "m", timeoutMs: 1 }),
		});
		const service = publish("s-1");
		await fire("session_start", context("s-1", notes));
		events.emit("permissions:ready", { sessionId: "s-1" });
		expect(notes.join("\n")).toContain("`timeoutMs`");
		const link = service.registered[0]?.link;
		const log = recordingLog();
		const verdict = await link?.authorize(externalDirectoryAsk("/x/packages/a/packages/a"), ruleQuery([]), log);
		expect(verdict).toEqual({ verdict: "defer" });
		expect(log.events[0]?.fields.failure).toBe("config-invalid");
	});

	it("registers its health as the link's status: why it cannot judge, checked at `session_start`", async () => {
		const { events, fire, publish } = build({
			"/agent/extensions/pi-permissions/model-judge.json": JSON.stringify({
				provider: "anthropic",
				model: "claude-haiku-4-5",
				typoPaths: { typoPatterns: ["x"] },
			}),
		});
		const service = publish("s-1");
		const registry = {
			find: () => ({ provider: "anthropic", id: "claude-haiku-4-5" }),
			hasConfiguredAuth: () => false,
			getApiKeyAndHeaders: async () => ({ ok: true }),
		};
		events.emit("permissions:ready", { sessionId: "s-1" });
		await fire("session_start", context("s-1", [], registry));
		const status = service.registered[0]?.status;
		expect(status?.()).toBe(
			"no usable credentials for the judge's model: `anthropic/claude-haiku-4-5`: Pi has no credentials for `anthropic` (log in with /login or set its API key)",
		);
	});

	it("reports no config as its status, and nothing once it is shut down", async () => {
		const { events, fire, publish } = build();
		const service = publish("s-1");
		await fire("session_start", context("s-1"));
		events.emit("permissions:ready", { sessionId: "s-1" });
		expect(service.registered[0]?.status?.()).toBe("no model-judge.json is configured");
		await fire("session_shutdown", context("s-1"));
		expect(service.registered[0]?.status?.()).toBeNull();
	});
});
