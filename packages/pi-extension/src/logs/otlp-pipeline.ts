/**
 * Owns: the real telemetry pipeline (ADR 0060): the official OpenTelemetry SDK (`@opentelemetry/sdk-logs`) batching
 * log records to `@opentelemetry/exporter-logs-otlp-http`, imported only when the first decision is exported, so a
 * session without telemetry never loads it; each export's outcome counted through the exporter it wraps.
 * Never: retries without bound, logs the headers, or lets an export failure reach a decision.
 */
import type { ExportOutcomes, TelemetryPipeline, TelemetryPipelineLoader } from "./telemetry-sink";

/** The SDK's batch bounds; the sink keeps fewer records than the queue holds, so the SDK itself never drops one. */
const BATCH = { maxQueueSize: 4096, maxExportBatchSize: 256, scheduledDelayMillis: 1000, exportTimeoutMillis: 10_000 };

export const loadOtlpPipeline: TelemetryPipelineLoader = async (config, outcomes) => {
	const [{ LoggerProvider, BatchLogRecordProcessor }, { OTLPLogExporter }, { resourceFromAttributes }] =
		await Promise.all([
			import("@opentelemetry/sdk-logs"),
			import("@opentelemetry/exporter-logs-otlp-http"),
			import("@opentelemetry/resources"),
		]);
	const otlp = new OTLPLogExporter({
		url: config.endpoint,
		...(config.headers === undefined ? {} : { headers: { ...config.headers } }),
		timeoutMillis: BATCH.exportTimeoutMillis,
	});
	type Exporter = ConstructorParameters<typeof BatchLogRecordProcessor>[0]["exporter"];
	const counted: Exporter = {
		export: (records, done) => {
			try {
				otlp.export(records, (result) => {
					// 0 is OpenTelemetry's `ExportResultCode.SUCCESS`.
					countOutcome(outcomes, records.length, result.code === 0);
					done(result);
				});
			} catch (error) {
				countOutcome(outcomes, records.length, false);
				done({ code: 1, error: error instanceof Error ? error : new Error(String(error)) });
			}
		},
		shutdown: () => otlp.shutdown(),
		forceFlush: () => otlp.forceFlush(),
	};
	const provider = new LoggerProvider({
		resource: resourceFromAttributes({ "service.name": "pi-permissions" }),
		processors: [new BatchLogRecordProcessor({ exporter: counted, ...BATCH })],
	});
	const logger = provider.getLogger("pi-permissions");
	const pipeline: TelemetryPipeline = {
		emit: (record) => {
			logger.emit({
				body: record.body,
				timestamp: record.timestamp,
				severityText: "INFO",
				severityNumber: 9,
				attributes: { ...record.attributes },
			});
		},
		shutdown: () => provider.shutdown(),
	};
	return pipeline;
};

function countOutcome(outcomes: ExportOutcomes, count: number, ok: boolean): void {
	try {
		if (ok) outcomes.exported(count);
		else outcomes.failed(count);
	} catch {
		// Counting is best effort; an export is never failed by its count.
	}
}
