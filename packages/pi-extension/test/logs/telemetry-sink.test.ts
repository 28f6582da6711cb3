import type { DecisionFact } from "@pi-permissions/engine";
import { afterEach, describe, expect, it } from "vitest";
import { loadOtlpPipeline } from "../../src/logs/otlp-pipeline";
import { TelemetrySink } from "../../src/logs/telemetry-sink";
import { deadEndpoint, OtlpReceiver } from "../support/otlp-receiver";

/**
 * ADR 0060: decisions exported through the real OpenTelemetry SDK and OTLP/HTTP exporter to a real receiver process:
 * one record per decision with the review log's fields, redacted as the review log is, the headers sent; with the
 * receiver down nothing throws, no call waits, every record is dropped and counted; memory stays bounded.
 */
const SECRET = "ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5";

function fact(index: number, overrides: Partial<DecisionFact> = {}): DecisionFact {
	return {
		requestId: `req-${index}`,
		toolCallId: `call_${index}`,
		toolName: "bash",
		agentName: null,
		gate: "bash-path",
		surface: "bash",
		value: `export GITHUB_TOKEN=${SECRET} && echo ${index}`,
		result: "allow",
		resolution: "policy_allow",
		matchedPattern: "echo *",
		origin: "managed",
		decidedBy: "policy",
		reason: null,
		payload: null,
		sessionPatterns: [],
		mode: "default",
		...overrides,
	};
}

let receiver: OtlpReceiver | null = null;
afterEach(async () => {
	await receiver?.stop();
	receiver = null;
});

describe("TelemetrySink over the real OpenTelemetry exporter", () => {
	it("delivers one record per decision with the review log's fields, no secret, and the configured headers", async () => {
		receiver = await OtlpReceiver.start();
		const sink = new TelemetrySink({
			config: { endpoint: receiver.endpoint, headers: { "x-api-key": "collector-key-1" } },
			load: loadOtlpPipeline,
			now: () => Date.UTC(2026, 11, 7),
			fieldMaxWidth: 1000,
		});
		for (let index = 0; index < 25; index += 1) sink.emit(fact(index));
		await receiver.waitFor(25);
		await sink.close();
		expect(receiver.records).toHaveLength(25);
		const first = receiver.records.find((record) => record.attributes.requestId === "req-0");
		expect(first).toMatchObject({
			body: "permission_decision",
			serviceName: "pi-permissions",
			attributes: {
				event: "permission_decision",
				toolCallId: "call_0",
				toolName: "bash",
				gate: "bash-path",
				surface: "bash",
				result: "allow",
				resolution: "policy_allow",
				origin: "managed",
				mode: "default",
				time: "2026-12-07T00:00:00.000Z",
			},
		});
		expect(first?.attributes.value).toBe("export GITHUB_TOKEN=[redacted] && echo 0");
		expect(first?.headers["x-api-key"]).toBe("collector-key-1");
		expect(JSON.stringify(receiver.records.map((record) => [record.body, record.attributes]))).not.toContain(SECRET);
		expect(sink.stats).toEqual({ endpoint: receiver.endpoint, sent: 25, dropped: 0, problem: null });
	});

	it("with the receiver down: emits return at once, nothing throws, every record is dropped and counted", async () => {
		const sink = new TelemetrySink({
			config: { endpoint: await deadEndpoint() },
			load: loadOtlpPipeline,
			now: Date.now,
			fieldMaxWidth: 1000,
		});
		// The first emit starts loading the SDK (off the call's path); every emit is synchronous and does no I/O.
		const calls = 200;
		const started = performance.now();
		for (let index = 0; index < calls; index += 1) expect(() => sink.emit(fact(index))).not.toThrow();
		const perCall = (performance.now() - started) / calls;
		// Issue 36's acceptance bound: a call is not slowed by more than 5 ms when the collector is down.
		expect(perCall).toBeLessThan(5);
		await sink.close();
		const until = Date.now() + 20_000;
		while (sink.stats.sent + sink.stats.dropped < calls && Date.now() < until)
			await new Promise((resolve) => setTimeout(resolve, 20));
		expect(sink.stats).toMatchObject({ sent: 0, dropped: calls });
	});

	it("keeps at most its bound in memory: past it a record is dropped and counted, never queued", async () => {
		const sink = new TelemetrySink({
			config: { endpoint: "http://127.0.0.1:9/v1/logs" },
			// A pipeline that never loads: every record waits, up to the bound.
			load: () => new Promise(() => undefined),
			now: Date.now,
			fieldMaxWidth: 1000,
			maxRecords: 10,
		});
		for (let index = 0; index < 30; index += 1) sink.emit(fact(index));
		expect(sink.stats.dropped).toBe(20);
	});

	it("a pipeline that fails to load drops and counts what waited, and says why", async () => {
		const sink = new TelemetrySink({
			config: { endpoint: "http://127.0.0.1:9/v1/logs" },
			load: () => Promise.reject(new Error("cannot load the SDK")),
			now: Date.now,
			fieldMaxWidth: 1000,
		});
		sink.emit(fact(1));
		sink.emit(fact(2));
		await new Promise((resolve) => setTimeout(resolve, 0));
		sink.emit(fact(3));
		expect(sink.stats).toMatchObject({
			sent: 0,
			dropped: 3,
			problem: "the OpenTelemetry exporter did not start: cannot load the SDK",
		});
	});
});
