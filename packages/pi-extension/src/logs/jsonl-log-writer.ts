/**
 * Owns: the one writer of the extension's JSONL logs: each record has values under sensitive key names redacted and
 * every string passed through `recordText` (secret-shaped values redacted, a long text kept as head and tail), is appended to an owner-only file (0600) in an owner-only directory (0700), and the file is
 * rotated to one `.1` generation before it would pass its size bound, so a long session cannot fill the disk.
 * Records are written at once (`write`) or queued and appended together on the next event-loop turn (`writeLater`).
 * Never: throws into a caller (a log that cannot be written is dropped; decisions never depend on it).
 */
import { appendFileSync, chmodSync, mkdirSync, renameSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { REDACTED, recordText, redactSecrets } from "./record-text";

interface JsonlLogOptions {
	readonly file: string;
	/** The bound of one generation in bytes; the log takes at most twice this on disk. */
	readonly maxBytes: number;
	/** The most characters one string value keeps (a longer one keeps its head and tail around an elision mark). */
	readonly fieldMaxWidth: number;
	/**
	 * Told once, at the writer's first failed write (a full disk, a read-only or missing directory), so the user can
	 * be warned instead of the log going silently empty. Must not throw (a throw is swallowed).
	 */
	readonly onFailure?: (message: string) => void;
}

export { REDACTED };

/** Key names (case, `-` and `_` ignored) whose values are never written. */
const SENSITIVE_KEY_PARTS: readonly string[] = [
	"password",
	"passwd",
	"secret",
	"token",
	"apikey",
	"authorization",
	"credential",
	"privatekey",
	"accesskey",
	"cookie",
];

/** Nesting deeper than this is written as a mark, never walked (records are shallow; this bounds hostile values). */
const MAX_DEPTH = 8;

/** Builds one record when the queue is flushed (after the decision that queued it has returned). */
type RecordBuilder = () => Readonly<Record<string, unknown>>;

export class JsonlLogWriter {
	private size: number | null = null;
	private queue: RecordBuilder[] = [];
	private scheduled = false;
	private failed = false;

	constructor(private readonly options: JsonlLogOptions) {}

	get file(): string {
		return this.options.file;
	}

	/** Appends one record now, after every queued one (so the file keeps call order). Never throws. */
	write(record: Readonly<Record<string, unknown>>): void {
		this.flush();
		this.append([() => record]);
	}

	/**
	 * Queues a record to be built and appended on the next turn of the event loop, off the caller's path; records
	 * queued in one turn are appended together. Never throws.
	 */
	writeLater(build: RecordBuilder): void {
		this.queue.push(build);
		if (this.scheduled) return;
		this.scheduled = true;
		try {
			setImmediate(() => {
				this.scheduled = false;
				this.flush();
			});
		} catch {
			// Without a scheduled flush the queue waits for the next `write` or `flush`.
			this.scheduled = false;
		}
	}

	/** Builds and appends every queued record, in queue order. Harmless when nothing is queued. Never throws. */
	flush(): void {
		if (this.queue.length === 0) return;
		const builders = this.queue;
		this.queue = [];
		this.append(builders);
	}

	/**
	 * Appends the records in as few writes as the size bound allows: the lines are joined, and the pending text is
	 * written out and the file rotated whenever the next line would pass the bound, exactly as one write per line would.
	 */
	private append(builders: readonly RecordBuilder[]): void {
		let pending = "";
		let pendingBytes = 0;
		for (const build of builders) {
			const line = this.line(build);
			if (line === null) continue;
			try {
				const bytes = Buffer.byteLength(line);
				if (bytes > this.options.maxBytes) continue;
				if (this.currentSize() + pendingBytes + bytes > this.options.maxBytes) {
					this.commit(pending, pendingBytes);
					pending = "";
					pendingBytes = 0;
					this.rotate();
				}
				pending += line;
				pendingBytes += bytes;
			} catch (error) {
				// SECURITY: logging is best effort; a failure never changes or delays a decision.
				pending = "";
				pendingBytes = 0;
				this.size = null;
				this.fail(error);
			}
		}
		try {
			this.commit(pending, pendingBytes);
		} catch (error) {
			this.size = null;
			this.fail(error);
		}
	}

	/** Tells `onFailure` about the first failed write only. Never throws. */
	private fail(error: unknown): void {
		if (this.failed) return;
		this.failed = true;
		try {
			const reason = error instanceof Error ? error.message : String(error);
			this.options.onFailure?.(`${this.options.file}: ${reason}`);
		} catch {
			// A warning that cannot be delivered leaves the log as it was: dropped, the call unaffected.
		}
	}

	/** One record as its JSONL line; `null` (the record is dropped) when it cannot be built or serialised. */
	private line(build: RecordBuilder): string | null {
		try {
			return `${JSON.stringify(sanitize(build(), this.options.fieldMaxWidth, 0))}\n`;
		} catch {
			return null;
		}
	}

	private commit(text: string, bytes: number): void {
		if (bytes === 0) return;
		appendFileSync(this.options.file, text, { mode: 0o600 });
		this.size = (this.size ?? 0) + bytes;
	}

	private currentSize(): number {
		if (this.size !== null) return this.size;
		const dir = dirname(this.options.file);
		mkdirSync(dir, { recursive: true, mode: 0o700 });
		chmodSync(dir, 0o700);
		try {
			const stat = statSync(this.options.file);
			chmodSync(this.options.file, 0o600);
			this.size = stat.size;
		} catch {
			this.size = 0;
		}
		return this.size;
	}

	private rotate(): void {
		renameSync(this.options.file, `${this.options.file}.1`);
		this.size = 0;
	}
}

/** Key names already classified (records repeat the same few keys); bounded so hostile input cannot grow it. */
const sensitiveKeyMemo = new Map<string, boolean>();
const SENSITIVE_KEY_MEMO_LIMIT = 1024;

export function isSensitiveKey(key: string): boolean {
	const known = sensitiveKeyMemo.get(key);
	if (known !== undefined) return known;
	const folded = key.toLowerCase().replace(/[-_]/g, "");
	const sensitive = SENSITIVE_KEY_PARTS.some((part) => folded.includes(part));
	if (sensitiveKeyMemo.size >= SENSITIVE_KEY_MEMO_LIMIT) sensitiveKeyMemo.clear();
	sensitiveKeyMemo.set(key, sensitive);
	return sensitive;
}

/**
 * A record as the logs write it (and telemetry exports it, ADR 0060): values under sensitive key names redacted, every
 * string redacted of secret shapes and bounded to `width`. Throws only when the record cannot be walked.
 */
export function sanitizeRecord(record: Readonly<Record<string, unknown>>, width: number): Record<string, unknown> {
	return sanitize(record, width, 0) as Record<string, unknown>;
}

function sanitize(value: unknown, width: number, depth: number): unknown {
	// SECURITY: every logged string, at any depth, is redacted before it is bounded (ADR 0033).
	if (typeof value === "string") return recordText(value, width);
	if (value === null || typeof value !== "object") return value;
	if (depth >= MAX_DEPTH) return "[nested too deeply]";
	if (Array.isArray(value)) return value.map((item) => sanitize(item, width, depth + 1));
	const out: Record<string, unknown> = {};
	for (const [key, item] of Object.entries(value)) {
		out[redactSecrets(key)] = isSensitiveKey(key) ? REDACTED : sanitize(item, width, depth + 1);
	}
	return out;
}
