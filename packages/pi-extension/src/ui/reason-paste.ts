/**
 * Owns: a paste into the dialog's reason editor: the bracketed-paste markers (`ESC [200~` … `ESC [201~`) that may
 * span several input chunks, and the pasted text made one line of printable text (line breaks and tabs become
 * spaces, other control characters are dropped), bounded.
 * Never: types a control or escape sequence into a reason, or holds more than its bound while a paste goes on.
 */

const START = "\u001b[200~";
const END = "\u001b[201~";

/** The most characters a paste keeps while it arrives (the editor keeps fewer). */
const PASTE_MAX_LENGTH = 4096;

type PasteStep =
	/** Not a paste: the chunk is a key. */
	| { readonly kind: "key" }
	/** Inside a paste that has not ended yet: nothing to type. */
	| { readonly kind: "pasting" }
	/** A paste ended: `text` is typed, `rest` (input after the end marker) is handled as keys. */
	| { readonly kind: "pasted"; readonly text: string; readonly rest: string };

export class ReasonPaste {
	private buffer: string | null = null;

	/** Reads one input chunk. Never throws. */
	feed(data: string): PasteStep {
		let chunk = data;
		if (this.buffer === null) {
			const start = chunk.indexOf(START);
			if (start === -1) {
				// A paste without markers (a terminal without bracketed paste): several characters with a line break.
				return chunk.length > 1 && /[\r\n\t]/u.test(chunk) && !chunk.includes("\u001b")
					? { kind: "pasted", text: pasteText(chunk), rest: "" }
					: { kind: "key" };
			}
			this.buffer = "";
			chunk = chunk.slice(start + START.length);
		}
		const end = chunk.indexOf(END);
		const body = end === -1 ? chunk : chunk.slice(0, end);
		this.buffer = `${this.buffer}${body}`.slice(0, PASTE_MAX_LENGTH);
		if (end === -1) return { kind: "pasting" };
		const text = pasteText(this.buffer);
		this.buffer = null;
		return { kind: "pasted", text, rest: chunk.slice(end + END.length) };
	}
}

/** Pasted text as one line: breaks and tabs become spaces, other control characters are dropped. */
function pasteText(raw: string): string {
	return (
		raw
			.replace(/\r\n|[\r\n\t]/gu, " ")
			// biome-ignore lint/suspicious/noControlCharactersInRegex: the replacement is exactly for control characters.
			.replace(/[\u0000-\u001f\u007f-\u009f]/gu, "")
	);
}
