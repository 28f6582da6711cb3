/**
 * Owns: `AccessPath`, one path an action touches, holding the lexical forms a rule is matched against apart from
 * the canonical (symlink-resolved) form that decides containment, plus the display form.
 * Never: touches the file system or decides an action; `PathNormalizer` builds these values.
 */
import type { PathFlavor } from "@pi-permissions/policy";

/** A path whose location is known: resolved against a base directory and canonicalised. */
interface ResolvedAccessPath {
	readonly kind: "resolved";
	/** The token as written (before home expansion), for prompts and logs. */
	readonly typed: string;
	/** Lexical absolute form (`..` and `.` folded, symlinks not followed); also the display form. */
	readonly lexical: string;
	/** Symlink-resolved absolute form: realpath of the longest existing ancestor plus the missing rest. */
	readonly canonical: string;
	/** Every spelling a path rule is matched against: lexical, cwd-relative aliases, typed relative form, canonical. */
	readonly matchValues: readonly string[];
	/** Outside the working directory, decided on the canonical form; never true for a safe device. */
	readonly external: boolean;
}

/** A spelling whose location cannot be established (an unresolved variable, an MSYS mount outside any drive). */
export interface LiteralAccessPath {
	readonly kind: "literal";
	readonly typed: string;
	/** The spelling itself, so pattern rules such as `*.env` still see it. */
	readonly matchValues: readonly string[];
	/** True when the spelling certainly names something outside the working directory but not where. */
	readonly external: boolean;
	readonly reason: "unresolved-word" | "unmapped-posix-absolute" | "unmapped-home" | "device";
}

export type AccessPath = ResolvedAccessPath | LiteralAccessPath;

/** What a prompt shows: the lexical absolute form, or the literal spelling. */
export function displayPath(path: AccessPath): string {
	switch (path.kind) {
		case "resolved":
			return path.lexical;
		case "literal":
			return path.typed;
		default: {
			const unhandled: never = path;
			throw new Error(`unhandled access path ${String(unhandled)}`);
		}
	}
}

/** The canonical form when it names a different place than the lexical one (a symlink was followed), else `null`. */
export function resolvedAlias(path: AccessPath, flavor: PathFlavor): string | null {
	if (path.kind !== "resolved") return null;
	return flavor.fold(path.canonical) === flavor.fold(path.lexical) ? null : path.canonical;
}

interface MatchValueInputs {
	/** The typed text after home expansion, normalised, when it is relative; else `null`. */
	readonly typedRelative: string | null;
	readonly lexical: string;
	/** `lexical` relative to the cwd when it lies inside it, else `null`. */
	readonly lexicalRelative: string | null;
	readonly canonical: string;
	/** `canonical` relative to the canonical cwd when it lies inside it, else `null`. */
	readonly canonicalRelative: string | null;
	readonly flavor: PathFlavor;
}

/** The ordered, de-duplicated match set: lexical, its cwd alias, the typed relative form, canonical, its cwd alias. */
export function deriveMatchValues(inputs: MatchValueInputs): readonly string[] {
	const { typedRelative, flavor } = inputs;
	const values: string[] = [];
	addMatchValue(values, inputs.lexical);
	addMatchValue(values, inputs.lexicalRelative);
	if (typedRelative !== null) {
		// SECURITY: a typed form that climbs (`src/../../x`) would let `src/*` match a path outside `src`; drop it.
		if (typedRelative !== ".." && !typedRelative.startsWith(`..${flavor.separator}`))
			addMatchValue(values, typedRelative);
	}
	addMatchValue(values, inputs.canonical);
	addMatchValue(values, inputs.canonicalRelative);
	return Object.freeze(values);
}

function addMatchValue(values: string[], value: string | null): void {
	if (value !== null && value !== "" && !values.includes(value)) values.push(value);
}
