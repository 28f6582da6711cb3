/**
 * Owns: whether the demo paints with ANSI colour (off for `NO_COLOR` or a non-terminal, on again with `FORCE_COLOR`),
 * and the few styles it paints with.
 * Never: reads `process` itself; the composition root passes the environment and the terminal fact in.
 */

interface ColorFacts {
	readonly env: Readonly<Record<string, string | undefined>>;
	readonly isTTY: boolean;
}

/** `NO_COLOR` (any non-empty value) always wins; otherwise a terminal, or `FORCE_COLOR` other than `0`/`false`. */
export function colorEnabled({ env, isTTY }: ColorFacts): boolean {
	if ((env.NO_COLOR ?? "") !== "") return false;
	const force = env.FORCE_COLOR;
	if (force !== undefined && force !== "0" && force.toLowerCase() !== "false") return true;
	return isTTY;
}

type StyleName = "bold" | "dim" | "red" | "green" | "yellow" | "cyan" | "magenta";

const CODES: Readonly<Record<StyleName, readonly [number, number]>> = {
	bold: [1, 22],
	dim: [2, 22],
	red: [31, 39],
	green: [32, 39],
	yellow: [33, 39],
	cyan: [36, 39],
	magenta: [35, 39],
};

export type Paint = (style: StyleName, text: string) => string;

export function painter(color: boolean): Paint {
	if (!color) return (_style, text) => text;
	return (style, text) => {
		const [open, close] = CODES[style];
		return `\u001b[${open}m${text}\u001b[${close}m`;
	};
}
