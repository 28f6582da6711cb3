/**
 * Owns: `InfrastructureReads`, the places a read-only built-in may read outside the project without a prompt (the Pi
 * directories the adapter names and the `piInfrastructureReadPaths` entries, each a directory or a glob), matched on
 * the canonical path. Seed 000 ("External directory detection": Pi infrastructure reads are auto-allowed before the
 * gate); the reference's config table: `~`, `$HOME`, `${HOME}` expand, `*` and `**` cross `/`, `?` is one character.
 * A glob covers what it matches and everything below a match.
 * Never: allows a write, or matches a path's lexical spelling: a symlink named inside a glob must not read its target.
 */
import type { PathNormalizer } from "@pi-permissions/access-intent";
import { compileWildcard, hasWildcard, type PathFlavor, type WildcardMatcher } from "@pi-permissions/policy";
import { canonicalOf, isWithinDirectory } from "./gate-context";

export class InfrastructureReads {
	private constructor(
		private readonly dirs: readonly string[],
		private readonly globs: readonly WildcardMatcher[],
		private readonly flavor: PathFlavor,
	) {}

	static readonly none = (flavor: PathFlavor) => new InfrastructureReads([], [], flavor);

	/**
	 * Prepares the entries: `~` expands, a relative entry is dropped (it names no fixed place), a directory is
	 * canonicalised, and a glob's literal directory prefix is canonicalised before the rest is joined on.
	 */
	static of(entries: readonly string[], normalizer: PathNormalizer): InfrastructureReads {
		const dirs: string[] = [];
		const globs: WildcardMatcher[] = [];
		const { flavor } = normalizer;
		for (const entry of entries) {
			const expanded = normalizer.expandHome(entry);
			if (!normalizer.isAbsolute(expanded)) continue;
			if (!hasWildcard(expanded)) {
				const canonical = canonicalOf(normalizer.forPath(expanded));
				if (canonical !== null) dirs.push(canonical);
				continue;
			}
			const glob = canonicalGlob(expanded, normalizer);
			if (glob === null) continue;
			const folded = flavor.fold(glob);
			globs.push(compileWildcard(folded), compileWildcard(`${folded.replace(/\/+$/, "")}/*`));
		}
		return new InfrastructureReads(dirs, globs, flavor);
	}

	/** This set and `other`'s entries together. */
	with(other: InfrastructureReads): InfrastructureReads {
		return new InfrastructureReads([...this.dirs, ...other.dirs], [...this.globs, ...other.globs], this.flavor);
	}

	/** True when the canonical path lies inside an entry directory, or matches (or lies below a match of) a glob. */
	covers(canonical: string): boolean {
		if (this.dirs.some((dir) => isWithinDirectory(canonical, dir, this.flavor))) return true;
		if (this.globs.length === 0) return false;
		const folded = this.flavor.fold(canonical);
		return this.globs.some((glob) => glob.test(folded));
	}
}

/** The glob with its literal directory prefix canonicalised (`~/.cache/*` under a symlinked `~/.cache`). */
function canonicalGlob(glob: string, normalizer: PathNormalizer): string | null {
	const separators = normalizer.flavor.name === "win32" ? /[\\/]/ : /\//;
	const segments = glob.split(separators);
	const firstWild = segments.findIndex((segment) => hasWildcard(segment));
	const prefix = segments.slice(0, firstWild).join("/");
	const rest = segments.slice(firstWild).join("/");
	if (prefix === "") return `/${rest}`;
	const canonical = canonicalOf(normalizer.forPath(prefix));
	if (canonical === null) return null;
	return `${canonical.replace(/[\\/]+$/, "")}/${rest}`;
}
