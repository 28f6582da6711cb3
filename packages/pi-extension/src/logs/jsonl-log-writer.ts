/**
 * Owns: the one writer of the extension's JSONL logs: each record has values under sensitive key names redacted and
 * every string capped, is appended to an owner-only file (0600) in an owner-only directory (0700), and the file is
 * rotated to one `.1` generation before it would pass its size bound, so a long session cannot fill the disk.
 * Never: throws into a caller (a log that cannot be written is dropped; decisions never depend on it).
 */
import { appendFileSync, chmodSync, mkdirSync, renameSync, statSync } from "node:fs";
import { dirname } from "node:path";

export interface JsonlLogOptions {
	readonly file: string;
	/** The bound of one generation in bytes; the log takes at most twice this on disk. */
	readonly maxBytes: number;
	/** The most characters one string value keeps (a longer one ends with a `…(+N)` mark). */
	readonly fieldMaxWidth: number;
}

export const REDACTED = "[redacted]";

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

export class JsonlLogWriter {
	private size: number | null = null;

	constructor(private readonly options: JsonlLogOptions) {}

	get file(): string {
		return this.options.file;
	}

	/** Appends one record. Never throws. */
	write(record: Readonly<Record<string, unknown>>): void {
		try {
			const line = `${JSON.stringify(sanitize(record, this.options.fieldMaxWidth, 0))}\n`;
			const bytes = Buffer.byteLength(line);
			if (bytes > this.options.maxBytes) return;
			const size = this.currentSize();
			if (size + bytes > this.options.maxBytes) this.rotate();
			appendFileSync(this.options.file, line, { mode: 0o600 });
			this.size = (this.size ?? 0) + bytes;
		} catch {
			// SECURITY: logging is best effort; a failure never changes or delays a decision.
			this.size = null;
		}
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

export function isSensitiveKey(key: string): boolean {
	const folded = key.toLowerCase().replace(/[-_]/g, "");
	return SENSITIVE_KEY_PARTS.some((part) => folded.includes(part));
}

function sanitize(value: unknown, width: number, depth: number): unknown {
	if (typeof value === "string") return cap(value, width);
	if (value === null || typeof value !== "object") return value;
	if (depth >= MAX_DEPTH) return "[nested too deeply]";
	if (Array.isArray(value)) return value.map((item) => sanitize(item, width, depth + 1));
	const out: Record<string, unknown> = {};
	for (const [key, item] of Object.entries(value)) {
		out[key] = isSensitiveKey(key) ? REDACTED : sanitize(item, width, depth + 1);
	}
	return out;
}

function cap(text: string, width: number): string {
	if (text.length <= width) return text;
	return `${text.slice(0, width)}…(+${text.length - width})`;
}
