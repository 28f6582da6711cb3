/**
 * Owns: the `Painter` a host injects to style dialog text, and the plain painter for tests and plain terminals.
 * Never: measures or wraps; a painter only decorates text that already fits.
 */

export type PaintStyle = "plain" | "highlight" | "dim" | "bold";

/** Styles a run of visible text; must not throw and must not change the text's visible width. */
export interface Painter {
	/** The flagged element. */
	highlight(text: string): string;
	/** Marks, hints and secondary details. */
	dim(text: string): string;
	/** The title. */
	bold(text: string): string;
}

export const PLAIN_PAINTER: Painter = {
	highlight: (text) => text,
	dim: (text) => text,
	bold: (text) => text,
};
