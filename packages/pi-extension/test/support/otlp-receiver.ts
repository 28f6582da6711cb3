/**
 * Owns: a real OTLP/HTTP logs receiver for tests (ADR 0060): a node http server in a CHILD PROCESS (as a collector
 * is another process) that decodes each JSON `ExportLogsServiceRequest` posted to `/v1/logs` and reports every log
 * record, with its attributes flattened to plain values, and each request's headers, over the child's stdout.
 * Never: answers anything but 200 to a well-formed export; it is a collector, not a judge.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";

/** One received log record: its body and attributes as plain values. */
export interface ReceivedRecord {
	readonly body: unknown;
	readonly attributes: Readonly<Record<string, unknown>>;
	readonly serviceName: unknown;
	readonly headers: Readonly<Record<string, unknown>>;
}

const RECEIVER_SOURCE = `
const http = require("node:http");
const value = (v) => v == null ? null : "stringValue" in v ? v.stringValue : "intValue" in v ? Number(v.intValue)
	: "boolValue" in v ? v.boolValue : "doubleValue" in v ? v.doubleValue : JSON.stringify(v);
const flat = (list) => Object.fromEntries((list ?? []).map((kv) => [kv.key, value(kv.value)]));
const server = http.createServer((req, res) => {
	let body = "";
	req.setEncoding("utf8");
	req.on("data", (chunk) => { body += chunk; });
	req.on("end", () => {
		if (req.url !== "/v1/logs") { res.writeHead(404).end(); return; }
		const doc = JSON.parse(body);
		for (const rl of doc.resourceLogs ?? []) {
			const resource = flat(rl.resource?.attributes);
			for (const sl of rl.scopeLogs ?? []) for (const record of sl.logRecords ?? [])
				process.stdout.write(JSON.stringify({ body: value(record.body), attributes: flat(record.attributes),
					serviceName: resource["service.name"] ?? null, headers: req.headers }) + "\\n");
		}
		res.writeHead(200, { "content-type": "application/json" }).end("{}");
	});
});
server.listen(0, "127.0.0.1", () => process.stdout.write(JSON.stringify({ port: server.address().port }) + "\\n"));
`;

export class OtlpReceiver {
	readonly records: ReceivedRecord[] = [];

	private constructor(
		private readonly child: ChildProcess,
		readonly endpoint: string,
	) {}

	/** Starts the receiver process and resolves once it listens. */
	static start(): Promise<OtlpReceiver> {
		const child = spawn(process.execPath, ["-e", RECEIVER_SOURCE], { stdio: ["ignore", "pipe", "inherit"] });
		return new Promise((resolve, reject) => {
			let receiver: OtlpReceiver | null = null;
			const lines = createInterface({ input: child.stdout });
			lines.on("line", (line) => {
				const message = JSON.parse(line) as Record<string, unknown>;
				if (receiver === null && typeof message.port === "number") {
					receiver = new OtlpReceiver(child, `http://127.0.0.1:${message.port}/v1/logs`);
					resolve(receiver);
					return;
				}
				receiver?.records.push(message as unknown as ReceivedRecord);
			});
			child.once("exit", (code) => reject(new Error(`the OTLP receiver exited (${code})`)));
		});
	}

	/** Resolves once `count` records arrived; rejects after `boundMs` (a liveness margin, never a speed judgement). */
	async waitFor(count: number, boundMs = 20_000): Promise<void> {
		const until = Date.now() + boundMs;
		while (this.records.length < count) {
			if (Date.now() > until) throw new Error(`received ${this.records.length} of ${count} records`);
			await new Promise((resolve) => setTimeout(resolve, 20));
		}
	}

	stop(): Promise<void> {
		return new Promise((resolve) => {
			if (this.child.exitCode !== null) {
				resolve();
				return;
			}
			this.child.once("exit", () => resolve());
			this.child.kill();
		});
	}
}

/** An endpoint where nothing listens: a port that was just bound and freed. */
export async function deadEndpoint(): Promise<string> {
	const { createServer } = await import("node:net");
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const address = server.address();
	const port = typeof address === "object" && address !== null ? address.port : 0;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return `http://127.0.0.1:${port}/v1/logs`;
}
