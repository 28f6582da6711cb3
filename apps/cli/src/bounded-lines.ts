/**
 * Owns: splitting a byte stream into lines with a bounded buffer: a line longer than the bound is never held whole;
 * it is reported with its first bytes only (so its id can still be named) once its end has been read past.
 * Never: parses a line or throws on content; it holds at most the bound plus the chunk being read.
 */

/** One line of input: a complete line (no terminator, a trailing `\r` dropped), or one past the bound. */
export type BoundedLine =
	| { readonly kind: "line"; readonly text: string }
	| {
			readonly kind: "too-long";
			/** The line's first bytes (at most `prefixBytes`), decoded; a split character at the end is replaced. */
			readonly prefix: string;
	  };

interface BoundedLineOptions {
	/** The most bytes a line may have (its terminator not counted). */
	readonly maxLineBytes: number;
	/** How many leading bytes of an over-long line are kept for the report. */
	readonly prefixBytes: number;
}

const NEWLINE = 0x0a;
const RETURN = 0x0d;

/** The lines of `input` in order; the last one may lack a terminator. Chunks may be strings (UTF-8) or bytes. */
export async function* boundedLines(
	input: AsyncIterable<string | Uint8Array>,
	options: BoundedLineOptions,
): AsyncGenerator<BoundedLine> {
	const { maxLineBytes, prefixBytes } = options;
	// One byte of slack: a `\r` before the terminator is not part of the line.
	const holdLimit = maxLineBytes + 1;
	let parts: Buffer[] = [];
	let size = 0;
	// Set once the current line passed the bound: its prefix is kept, the rest is dropped as it arrives.
	let overLong: Buffer | null = null;
	const take = (piece: Buffer): void => {
		if (piece.length === 0 || overLong !== null) return;
		if (size + piece.length <= holdLimit) {
			parts.push(piece);
			size += piece.length;
			return;
		}
		// A copy: the kept prefix must not pin the chunk (or earlier ones) in memory.
		overLong = Buffer.from(Buffer.concat([...parts, piece]).subarray(0, prefixBytes));
		parts = [];
		size = 0;
	};
	const finish = (): BoundedLine => {
		const held = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, size);
		const kept = overLong;
		parts = [];
		size = 0;
		overLong = null;
		if (kept !== null) return { kind: "too-long", prefix: kept.toString("utf8") };
		const end = held.length > 0 && held[held.length - 1] === RETURN ? held.length - 1 : held.length;
		if (end > maxLineBytes) return { kind: "too-long", prefix: held.subarray(0, prefixBytes).toString("utf8") };
		return { kind: "line", text: held.toString("utf8", 0, end) };
	};
	for await (const chunk of input) {
		const bytes =
			typeof chunk === "string"
				? Buffer.from(chunk, "utf8")
				: Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
		let start = 0;
		for (;;) {
			const end = bytes.indexOf(NEWLINE, start);
			if (end < 0) {
				take(bytes.subarray(start));
				break;
			}
			take(bytes.subarray(start, end));
			start = end + 1;
			yield finish();
		}
	}
	if (size > 0 || overLong !== null) yield finish();
}
