/**
 * Owns: the posix/win32 path rules as one value, chosen once at a composition root and passed in.
 * Never: reads `process.platform`; callers decide the flavor.
 */

export type PathFlavorName = "posix" | "win32";

export interface PathFlavor {
	readonly name: PathFlavorName;
	/** Separator used when composing paths. */
	readonly separator: "/" | "\\";
	/** True when path comparisons ignore case (win32). */
	readonly foldsCase: boolean;
	/** Normalises a path-surface string for comparison: win32 folds `\` to `/` and lower-cases. */
	fold(value: string): string;
}

export const POSIX_FLAVOR: PathFlavor = Object.freeze({
	name: "posix",
	separator: "/",
	foldsCase: false,
	fold: (value: string) => value,
});

export const WIN32_FLAVOR: PathFlavor = Object.freeze({
	name: "win32",
	separator: "\\",
	foldsCase: true,
	fold: (value: string) => value.replaceAll("\\", "/").toLowerCase(),
});

export function pathFlavorFor(name: PathFlavorName): PathFlavor {
	switch (name) {
		case "posix":
			return POSIX_FLAVOR;
		case "win32":
			return WIN32_FLAVOR;
		default: {
			const unhandled: never = name;
			throw new Error(`unhandled path flavor ${String(unhandled)}`);
		}
	}
}
