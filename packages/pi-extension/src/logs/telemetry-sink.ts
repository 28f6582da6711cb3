/**
 * Owns: exporting decisions to the team's collector (issue 36, ADR 0060): one OpenTelemetry log record per decision,
 * the review log's record with the review log's redaction, handed to a pipeline loaded on first use; bounded in memory
 * (records waiting for the pipeline or for their export never pass `maxRecords`), and every record that cannot be
 * sent (the bound reached, the collector down, the pipeline not loading) dropped and counted for `/permissions`.
 * Never: blocks, awaits or throws into a decision; reads the endpoint from anywhere but the composed policy.
 */
import type { DecisionFact, DecisionSink } from "@pi-permissions/engine";
import type { TelemetryConfig } from "@pi-permissions/policy";
import { sanitizeRecord } from "./jsonl-log-writer";
import { reviewRecord } from "./review-log-sink";

/** One log record as the pipeline takes it: attribute values are scalars (nested facts as JSON text). */
interface TelemetryRecord {
	readonly body: string;
	readonly timestamp: number;
	readonly attributes: Readonly<Record<string, string | number | boolean>>;
}

/** The loaded OpenTelemetry pipeline: a logger provider batching to an OTLP/HTTP exporter. */
export interface TelemetryPipeline {
	emit(record: TelemetryRecord): void;
	/** Exports what is batched, then stops; may reject. */
	shutdown(): Promise<void>;
}

/** What a pipeline reports of each export, so the sink knows what was sent and what was lost. */
export interface ExportOutcomes {
	exported(count: number): void;
	failed(count: number): void;
}

/** Loads the pipeline (the SDK is imported only here, on the first decision); may reject. */
export type TelemetryPipelineLoader = (config: TelemetryConfig, outcomes: ExportOutcomes) => Promise<TelemetryPipeline>;

/** What `/permissions` says about the export. */
export interface TelemetryStats {
	readonly endpoint: string;
	readonly sent: number;
	readonly dropped: number;
	/** Why the pipeline could not start; `null` while it runs or before it is needed. */
	readonly problem: string | null;
}

/** Records held at most (waiting for the pipeline, or batched and not yet exported). */
const TELEMETRY_MAX_RECORDS = 2048;
/** How long closing waits for the last batch; a collector that does not answer loses it. */
const SHUTDOWN_WAIT_MS = 2000;

interface TelemetrySinkOptions {
	readonly config: TelemetryConfig;
	readonly load: TelemetryPipelineLoader;
	readonly now: () => number;
	readonly fieldMaxWidth: number;
	readonly maxRecords?: number;
}

export class TelemetrySink implements DecisionSink {
	private pipeline: TelemetryPipeline | null = null;
	private loading = false;
	private waiting: TelemetryRecord[] = [];
	private inFlight = 0;
	private sent = 0;
	private dropped = 0;
	private problem: string | null = null;
	private closed = false;

	constructor(private readonly options: TelemetrySinkOptions) {}

	emit(fact: DecisionFact): void {
		try {
			this.accept(this.recordOf(fact));
		} catch {
			this.dropped += 1;
		}
	}

	get stats(): TelemetryStats {
		const { endpoint } = this.options.config;
		return { endpoint, sent: this.sent, dropped: this.dropped, problem: this.problem };
	}

	/** Exports what is batched, waiting at most a bound; what is not sent by then is counted as dropped. */
	async close(): Promise<void> {
		if (this.closed) return;
		this.closed = true;
		this.dropped += this.waiting.length;
		this.waiting = [];
		const pipeline = this.pipeline;
		if (pipeline === null) return;
		let timer: ReturnType<typeof setTimeout> | undefined;
		const bound = new Promise<void>((resolve) => {
			timer = setTimeout(resolve, SHUTDOWN_WAIT_MS);
			timer.unref?.();
		});
		await Promise.race([pipeline.shutdown().catch(() => undefined), bound]);
		clearTimeout(timer);
	}

	private accept(record: TelemetryRecord): void {
		const max = this.options.maxRecords ?? TELEMETRY_MAX_RECORDS;
		// SECURITY: bounded in memory: a collector that is down never makes a long session grow without end.
		if (this.closed || this.problem !== null || this.waiting.length + this.inFlight >= max) {
			this.dropped += 1;
			return;
		}
		if (this.pipeline !== null) {
			this.inFlight += 1;
			this.pipeline.emit(record);
			return;
		}
		this.waiting.push(record);
		this.start();
	}

	private start(): void {
		if (this.loading) return;
		this.loading = true;
		const outcomes: ExportOutcomes = {
			exported: (count) => {
				this.inFlight = Math.max(0, this.inFlight - count);
				this.sent += count;
			},
			failed: (count) => {
				this.inFlight = Math.max(0, this.inFlight - count);
				this.dropped += count;
			},
		};
		let loaded: Promise<TelemetryPipeline>;
		try {
			loaded = this.options.load(this.options.config, outcomes);
		} catch (error) {
			loaded = Promise.reject(error);
		}
		loaded.then(
			(pipeline) => {
				this.pipeline = pipeline;
				const waiting = this.waiting;
				this.waiting = [];
				for (const record of waiting) {
					this.inFlight += 1;
					pipeline.emit(record);
				}
				if (this.closed) void pipeline.shutdown().catch(() => undefined);
			},
			(error: unknown) => {
				this.problem = `the OpenTelemetry exporter did not start: ${error instanceof Error ? error.message : String(error)}`;
				this.dropped += this.waiting.length;
				this.waiting = [];
			},
		);
	}

	private recordOf(fact: DecisionFact): TelemetryRecord {
		const timestamp = this.options.now();
		// SECURITY: the review log's record, redacted as the review log is (ADR 0033): no secret leaves the machine.
		const record = sanitizeRecord(
			reviewRecord(fact, () => timestamp),
			this.options.fieldMaxWidth,
		);
		const attributes: Record<string, string | number | boolean> = {};
		for (const [key, value] of Object.entries(record)) {
			if (value === null || value === undefined) continue;
			attributes[key] =
				typeof value === "string" || typeof value === "number" || typeof value === "boolean"
					? value
					: JSON.stringify(value);
		}
		return { body: "permission_decision", timestamp, attributes };
	}
}
