/**
 * Owns: pathname expansion of a bash word with active glob characters (`*`, `?`, `[…]` with POSIX classes), as bash
 * does it by default (no dotglob: a leading `.` must be matched literally), bounded by a shared work budget.
 * Never: reads the file system other than through the normalizer's probe, or expands quoted glob characters.
 */

import type { PathNormalizer } from "../../path/path-normalizer";
import type { ValuePiece } from "./bash-word-values";

/** Work allowed for all the globs of one command: directory listings and matches. */
export interface GlobBudget {
	listings: number;
	matches: number;
}

const GLOB_LISTING_LIMIT = 64;
const GLOB_MATCH_LIMIT = 256;

export function createGlobBudget(): GlobBudget {
	return { listings: GLOB_LISTING_LIMIT, matches: GLOB_MATCH_LIMIT };
}

interface GlobExpansion {
	/** The words bash would substitute, spelled like the pattern (relative stays relative), sorted. */
	readonly matches: readonly string[];
	/** False when the budget ran out, so more entries may match than are listed. */
	readonly complete: boolean;
}

interface PatternChar {
	readonly char: string;
	readonly active: boolean;
}

/** Expands `pieces` against `base` (an absolute directory) for bash words with active glob characters. */
export function expandGlob(
	pieces: readonly ValuePiece[],
	base: string,
	normalizer: PathNormalizer,
	budget: GlobBudget,
): GlobExpansion {
	const chars: PatternChar[] = pieces.flatMap((piece) =>
		[...piece.text].map((char) => ({ char, active: piece.active })),
	);
	const segments: PatternChar[][] = [[]];
	const win32 = normalizer.flavor.name === "win32";
	for (const c of chars) {
		if (c.char === "/" || (win32 && c.char === "\\")) segments.push([]);
		else segments[segments.length - 1]?.push(c);
	}
	const firstGlob = segments.findIndex((segment) => segment.some(isActiveGlobChar));
	if (firstGlob < 0) return { matches: [], complete: true };
	const prefixText = segments
		.slice(0, firstGlob)
		.map((segment) => segment.map((c) => c.char).join(""))
		.join("/");
	const absolute = chars[0]?.char === "/";
	const startDir = normalizer.resolveLexical(firstGlob === 0 ? (absolute ? "/" : ".") : prefixText, base);
	let frontier: { dir: string; spelled: string }[] = [
		{ dir: startDir, spelled: firstGlob === 0 ? (absolute ? "/" : "") : `${prefixText}/` },
	];
	let complete = true;
	for (let i = firstGlob; i < segments.length; i++) {
		const segment = segments[i] ?? [];
		const last = i === segments.length - 1;
		const next: { dir: string; spelled: string }[] = [];
		for (const { dir, spelled } of frontier) {
			const names = matchSegment(segment, dir, normalizer, budget);
			if (names === null) {
				complete = false;
				continue;
			}
			for (const name of names) {
				if (budget.matches <= 0) {
					complete = false;
					break;
				}
				const full = normalizer.resolveLexical(name, dir);
				if (!last && !normalizer.isDirectory(full)) continue;
				budget.matches--;
				next.push({ dir: full, spelled: last ? `${spelled}${name}` : `${spelled}${name}/` });
			}
		}
		frontier = next;
		if (frontier.length === 0) break;
	}
	const matches = frontier.map((entry) => entry.spelled).sort();
	return { matches, complete };
}

function isActiveGlobChar(c: PatternChar): boolean {
	return c.active && (c.char === "*" || c.char === "?" || c.char === "[");
}

/** Names in `dir` matching one segment; `null` when the listing budget is spent or the directory cannot be listed. */
function matchSegment(
	segment: readonly PatternChar[],
	dir: string,
	normalizer: PathNormalizer,
	budget: GlobBudget,
): readonly string[] | null {
	if (!segment.some(isActiveGlobChar)) {
		const name = segment.map((c) => c.char).join("");
		return normalizer.entryExists(normalizer.resolveLexical(name, dir)) ? [name] : [];
	}
	if (budget.listings <= 0) return null;
	budget.listings--;
	const names = normalizer.listDirectory(dir);
	if (names === null) return [];
	const regex = segmentRegex(segment);
	// A `.` is never a glob character, so a segment starting with one matches hidden names (no dotglob).
	const dotLiteral = segment[0]?.char === ".";
	return names.filter((name) => (dotLiteral || !name.startsWith(".")) && regex.test(name));
}

function segmentRegex(segment: readonly PatternChar[]): RegExp {
	let source = "";
	for (let i = 0; i < segment.length; i++) {
		const c = segment[i] as PatternChar;
		if (c.active && c.char === "*") source += "[^/]*";
		else if (c.active && c.char === "?") source += "[^/]";
		else if (c.active && c.char === "[") {
			const close = findBracketEnd(segment, i);
			if (close < 0) source += "\\[";
			else {
				source += bracketClass(segment.slice(i + 1, close).map((x) => x.char));
				i = close;
			}
		} else source += escapeRegex(c.char);
	}
	try {
		return new RegExp(`^${source}$`, "su");
	} catch {
		// INVARIANT: a class bash cannot match either (`[z-a]`) matches nothing.
		return NEVER;
	}
}

const NEVER = /(?!)/;

/** The index of the `]` closing the bracket at `open`; `[:lower:]`, `[=e=]` and `[.a.]` inside it are one item. */
function findBracketEnd(segment: readonly PatternChar[], open: number): number {
	let i = open + 1;
	if (segment[i]?.char === "!" || segment[i]?.char === "^") i++;
	if (segment[i]?.char === "]") i++;
	for (; i < segment.length; i++) {
		const ch = segment[i]?.char;
		const kind = segment[i + 1]?.char;
		if (ch === "[" && (kind === ":" || kind === "=" || kind === ".")) {
			const close = itemEnd(segment, i + 2, kind);
			if (close > 0) {
				i = close;
				continue;
			}
		}
		if (ch === "]") return i;
	}
	return -1;
}

/** The index of the `]` of `:]` / `=]` / `.]` closing a bracket item, or -1. */
function itemEnd(segment: readonly PatternChar[], from: number, kind: string): number {
	for (let i = from; i < segment.length - 1; i++)
		if (segment[i]?.char === kind && segment[i + 1]?.char === "]") return i + 1;
	return -1;
}

/**
 * POSIX classes as a superset of what any locale puts in them. SECURITY: a glob must never match less than bash
 * (`.e[[:lower:]]v` is `.env`); a class not listed here, an equivalence class or a collating symbol matches any
 * character.
 */
const POSIX_CLASSES: Readonly<Record<string, string>> = {
	lower: "\\p{Ll}",
	upper: "\\p{Lu}",
	alpha: "\\p{L}",
	digit: "\\p{Nd}",
	alnum: "\\p{L}\\p{N}",
	xdigit: "0-9A-Fa-f\\p{N}",
	space: "\\s",
	blank: "\\s",
	word: "\\p{L}\\p{N}_",
};

function bracketClass(body: readonly string[]): string {
	let negate = false;
	let items = body;
	if (items[0] === "!" || items[0] === "^") {
		negate = true;
		items = items.slice(1);
	}
	let inner = "";
	let classes = false;
	for (let index = 0; index < items.length; index++) {
		const ch = items[index] as string;
		const kind = items[index + 1];
		if (ch === "[" && (kind === ":" || kind === "=" || kind === ".")) {
			const close = items.findIndex((c, at) => at > index + 1 && c === kind && items[at + 1] === "]");
			if (close > 0) {
				const name = items.slice(index + 2, close).join("");
				const known = kind === ":" ? POSIX_CLASSES[name] : undefined;
				// A negated class or an item not modelled could hold any character in some locale: match any.
				if (known === undefined || negate) return "[^/]";
				inner += known;
				classes = true;
				index = close + 1;
				continue;
			}
		}
		inner += ch === "-" && index > 0 && index < items.length - 1 ? "-" : escapeClass(ch);
	}
	if (negate && classes) return "[^/]";
	return negate ? `[^/${inner}]` : `[${inner}]`;
}

function escapeRegex(char: string): string {
	return /[\\^$.*+?()[\]{}|/]/.test(char) ? `\\${char}` : char;
}

function escapeClass(char: string): string {
	return /[\\\]^[-]/.test(char) ? `\\${char}` : char;
}
