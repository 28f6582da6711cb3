/**
 * Owns: `ProtectedTargets`, the protected regions of one session made concrete (the rows of `protected-regions.ts`
 * under its agent dir, home and project, the directories Pi loads code from, `protectedPaths`), and the answer to
 * "why is writing this path protected": the most specific row wins, a home dot-entry no row names is protected unless
 * a data row says otherwise, and every git directory is protected (`git-directories.ts`). Matches the lexical and the
 * canonical form; a tree write also hits a protected place below it. Lists the places for the OS sandbox.
 * Never: reads the file system itself (git directories are probed through the caller's `WriteScene`) or decides an
 * action; the protected-target gate turns a hit into an ask.
 * To add a built-in region: add one row to `protected-regions.ts` and one row to `test/gates/protected-regions.cases.ts`.
 */
import type { AccessPath } from "@pi-permissions/access-intent";
import { compileWildcard, type PathFlavor, type WildcardMatcher } from "@pi-permissions/policy";
import { belowGitSegment, gitEntryWhy, isGitDirectory, type WriteScene } from "./git-directories";
import {
	AGENT_DIR_REGIONS,
	GIT_DIR_CODE_ENTRIES,
	HOME_DATA,
	HOME_REGIONS,
	PROJECT_REGIONS,
	type RegionRow,
	type RegionSandbox,
	SYSTEM_REGIONS,
} from "./protected-regions";

export type { WriteScene } from "./git-directories";

/** A directory Pi loads code from outside its agent dir (a package `pi install` took from a local path, this one). */
interface CodeDirectory {
	readonly path: string;
	readonly why: string;
}

export interface ProtectedTargetsOptions {
	/** The session's working directory (the project). */
	readonly cwd: string;
	readonly home: string;
	/** Pi's agent directory (`~/.pi/agent` unless `PI_CODING_AGENT_DIR` moves it). */
	readonly agentDir: string;
	readonly flavor: PathFlavor;
	/** The `protectedPaths` setting: more globs (`~` expands; a relative one is under the project). */
	readonly extra: readonly string[];
	/** Directories Pi loads extension code from outside the agent dir; each is protected whole. */
	readonly codeDirs?: readonly CodeDirectory[];
}

/** One protected place, for a consumer that enforces it elsewhere (the OS sandbox, ADR 0037 and 0048). */
type ProtectedTargetListing =
	/** An absolute file or directory; `sandbox` says how the sandbox keeps it. */
	| { readonly kind: "path"; readonly pattern: string; readonly why: string; readonly sandbox: RegionSandbox }
	/** A `protectedPaths` pattern, home-expanded, under the project when relative. */
	| { readonly kind: "glob"; readonly pattern: string; readonly why: string }
	/** A directory where every dot-entry is protected, except the `data` paths below it (the home). */
	| { readonly kind: "dot-entries"; readonly pattern: string; readonly why: string; readonly data: readonly string[] };

/** A concrete row: its absolute folded place and whether it protects (a data row does not). */
interface Place {
	readonly path: string;
	readonly shape: "file" | "tree";
	readonly why: string | null;
	readonly sandbox: RegionSandbox;
	/** A tree that holds the project: it does not cover the project's own files (the person chose to work there). */
	readonly holdsProject: boolean;
}

const DOT_ENTRY = "a dot-file in the home directory (programs read these as configuration, often as code)";
const LISTED = "writes a path listed in `protectedPaths`";

export class ProtectedTargets {
	private readonly places: readonly Place[];
	private readonly listed: readonly WildcardMatcher[];
	private readonly flavor: PathFlavor;
	private readonly home: string;
	private readonly cwd: string;
	private readonly listing: readonly ProtectedTargetListing[];

	constructor(options: ProtectedTargetsOptions) {
		this.flavor = options.flavor;
		const fold = (path: string) => trimSlash(options.flavor.fold(path));
		this.home = options.home === "" ? "" : fold(options.home);
		this.cwd = fold(options.cwd);
		const rows = concreteRows(options);
		this.places = rows.map((row) => {
			const folded = fold(row.path);
			return {
				path: folded,
				shape: row.shape,
				why: row.why,
				sandbox: row.sandbox,
				holdsProject: row.shape === "tree" && (this.cwd === folded || isBelow(this.cwd, folded)),
			};
		});
		this.listed = options.extra.map((pattern) => compileWildcard(options.flavor.fold(expand(pattern, options))));
		this.listing = [
			...sandboxListing(rows, this.places),
			...options.extra.map((pattern) => ({ kind: "glob" as const, pattern: expand(pattern, options), why: LISTED })),
			...(options.home === ""
				? []
				: [
						{
							kind: "dot-entries" as const,
							pattern: trimSlash(options.home),
							why: `writes ${DOT_ENTRY}`,
							data: HOME_DATA.map((row) => row.path),
						},
					]),
		];
	}

	/** Every protected place with why it is protected, as the sandbox keeps it. */
	list(): readonly ProtectedTargetListing[] {
		return this.listing;
	}

	/**
	 * Why writing `path` is protected, or `null`. `tree`: the write may reach everything below `path` (`rm -r`,
	 * `find -delete`), so a protected place inside it counts. `scene` answers whether a directory is a git directory
	 * (on disk, or made by the same command's writes); without it only `.git` names count. A literal (unresolved) path
	 * names no known place: the caller decides about it.
	 */
	whyProtected(path: AccessPath, tree: boolean, scene?: WriteScene): string | null {
		if (path.kind !== "resolved") return null;
		const forms = path.canonical === path.lexical ? [path.lexical] : [path.lexical, path.canonical];
		for (const form of forms) {
			const why = this.whyForm(trimSlash(this.flavor.fold(form)), tree, scene);
			if (why !== null) return why;
		}
		// `protectedPaths` globs also meet the cwd-relative spellings, as a path rule would.
		for (const value of path.matchValues) {
			const folded = this.flavor.fold(value);
			if (this.listed.some((matcher) => matcher.test(folded))) return LISTED;
		}
		return null;
	}

	/** True when `path` (either form) is a git directory on disk or by `scene`'s writes. */
	isGitDirectory(path: AccessPath, scene: WriteScene): boolean {
		if (path.kind !== "resolved") return false;
		const forms = path.canonical === path.lexical ? [path.lexical] : [path.lexical, path.canonical];
		return forms.some((form) => {
			const folded = trimSlash(this.flavor.fold(form));
			return folded.endsWith("/.git") || isGitDirectory(folded, scene);
		});
	}

	private whyForm(form: string, tree: boolean, scene: WriteScene | undefined): string | null {
		// The person's own list names its reason first.
		for (const matcher of this.listed) if (matcher.test(form)) return LISTED;
		const inProject = form === this.cwd || isBelow(form, this.cwd);
		const why = (tree ? this.placeBelow(form) : null) ?? this.regionOf(form, inProject);
		if (why !== null) return `writes ${why}`;
		// SECURITY: any `.git` on the way is a repository's (or makes one: a `.git` file points git elsewhere).
		const inGit = belowGitSegment(form);
		if (inGit !== null) return `writes ${gitEntryWhy(inGit, tree)}`;
		if (scene !== undefined) {
			const gitWhy = gitDirectoryWhy(form, tree, scene);
			if (gitWhy !== null) return `writes ${gitWhy}`;
		}
		return null;
	}

	/** The most specific row at or above `form` decides; a home dot-entry no row names is protected. */
	private regionOf(form: string, inProject: boolean): string | null {
		let best: Place | null = null;
		for (const place of this.places) {
			// A git directory's reasons are its entries' (`git-directories.ts`).
			if ((place.holdsProject && inProject) || place.sandbox === "git-dir") continue;
			const hit = form === place.path || (place.shape === "tree" && isBelow(form, place.path));
			if (hit && (best === null || place.path.length > best.path.length)) best = place;
		}
		const dotEntry = this.dotEntryOf(form);
		const holdsProject = dotEntry !== null && (this.cwd === dotEntry || isBelow(this.cwd, dotEntry));
		if (dotEntry !== null && !(inProject && holdsProject)) {
			if (best === null || dotEntry.length > best.path.length) return DOT_ENTRY;
		}
		return best?.why ?? null;
	}

	/** The home dot-entry `form` lies at or below (`<home>/.x`), or `null`. */
	private dotEntryOf(form: string): string | null {
		if (this.home === "" || !isBelow(form, this.home)) return null;
		const rest = form.slice(this.home.length + 1);
		const first = rest.split("/")[0] ?? "";
		return first.startsWith(".") && first !== "." && first !== ".." ? `${this.home}/${first}` : null;
	}

	/** Why a tree write over `form` reaches a protected place below it, or `null`. */
	private placeBelow(form: string): string | null {
		for (const place of this.places) {
			if (place.why !== null && isBelow(place.path, form)) return place.why;
		}
		// `rm -rf ~` reaches every dot-file of the home.
		if (this.home !== "" && (form === this.home || isBelow(this.home, form))) return DOT_ENTRY;
		return null;
	}
}

/** Why writing `form` (in a tree write, anything below it too) writes a git directory, or `null`. */
function gitDirectoryWhy(form: string, tree: boolean, scene: WriteScene): string | null {
	// `rm -r x` of a repository, or a file inside one.
	for (let dir = form; dir.length > 0; dir = parentOf(dir)) {
		if (isGitDirectory(dir, scene)) return gitEntryWhy(dir === form ? "" : form.slice(dir.length + 1), tree);
		if (dir === "/") break;
	}
	// `rm -r vendor` holding `vendor/.git`.
	if (tree && scene.exists(`${form}/.git`)) return gitEntryWhy("", true);
	return null;
}

/** A row made concrete; `why` is `null` for a data row (writing it needs no person). */
interface ConcreteRow {
	readonly path: string;
	readonly shape: "file" | "tree";
	readonly why: string | null;
	readonly sandbox: RegionSandbox;
}

function concreteRows(options: ProtectedTargetsOptions): ConcreteRow[] {
	const out: ConcreteRow[] = [];
	const place = (base: string, rest: string) => (rest === "" ? trimSlash(base) : `${trimSlash(base)}/${rest}`);
	const add = (base: string, row: RegionRow) => out.push({ ...row, path: place(base, row.path) });
	for (const row of AGENT_DIR_REGIONS) add(options.agentDir, row);
	for (const row of PROJECT_REGIONS) add(options.cwd, row);
	if (options.home !== "") {
		for (const row of HOME_REGIONS) add(options.home, row);
		for (const row of HOME_DATA)
			out.push({ path: place(options.home, row.path), shape: row.shape, why: null, sandbox: "read-only" });
	}
	// SECURITY: `/etc/gitconfig`, `/usr/local/bin/git`: the system's configuration and code run later (ADR 0064).
	// POSIX only: a Windows home or cwd has no such places (their drive-letter forms never meet these rows).
	if (options.flavor.name === "posix") for (const row of SYSTEM_REGIONS) add("", row);
	for (const dir of options.codeDirs ?? []) {
		out.push({ path: trimSlash(dir.path), shape: "tree", why: dir.why, sandbox: "read-only" });
	}
	return out;
}

/**
 * The sandbox's view of the rows: each protecting place that does not hold the project (a project inside a region
 * stays writable), the project's git directory as what git reads as code in it.
 */
function sandboxListing(rows: readonly ConcreteRow[], places: readonly Place[]): ProtectedTargetListing[] {
	const out: ProtectedTargetListing[] = [];
	rows.forEach((row, index) => {
		const place = places[index];
		if (place === undefined || row.why === null || place.holdsProject) return;
		out.push({ kind: "path", pattern: row.path, why: `writes ${row.why}`, sandbox: row.sandbox });
		if (row.sandbox === "git-dir") {
			for (const entry of GIT_DIR_CODE_ENTRIES)
				out.push({
					kind: "path",
					pattern: `${row.path}/${entry}`,
					why: `writes ${gitEntryWhy(entry, false)}`,
					sandbox: "read-only",
				});
		}
	});
	return out;
}

/** True when `child` lies strictly below `parent` (both folded, no trailing slash). */
function isBelow(child: string, parent: string): boolean {
	const prefix = parent.endsWith("/") ? parent : `${parent}/`;
	return child.startsWith(prefix);
}

function parentOf(path: string): string {
	const cut = path.lastIndexOf("/");
	return cut <= 0 ? "/" : path.slice(0, cut);
}

function trimSlash(path: string): string {
	return path.length > 1 ? path.replace(/[/\\]+$/, "") : path;
}

function expand(pattern: string, options: ProtectedTargetsOptions): string {
	let text = pattern;
	for (const spelling of ["${HOME}", "$HOME", "~"]) {
		if (text === spelling || text.startsWith(`${spelling}/`)) {
			text = options.home + text.slice(spelling.length);
			break;
		}
	}
	if (text.startsWith("/") || /^[A-Za-z]:[/\\]/.test(text)) return text;
	return `${options.cwd.replace(/[/\\]+$/, "")}/${text}`;
}
