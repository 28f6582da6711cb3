/**
 * Owns: what makes a directory a git directory for protection (ADR 0048): a `.git` on the way, or a directory git
 * accepts as a repository or a common directory: `objects/` and `refs/` (a repository, bare or not, or what a
 * `commondir` names), or `HEAD` and `commondir` (a linked worktree's). A directory counts when it has them on disk or
 * when the same command's own writes give them to it (`mkdir -p x/objects x/refs && echo … > x/config`).
 * Never: reads the file system itself (the `WriteScene` answers) or decides; git's own writes while it runs are no
 * write targets, so `git init`, `git add` and `git commit` never reach here.
 */

/** The facts about one write the git rules need: the disk as it is, and what the same command writes. */
export interface WriteScene {
	/** Whether an absolute path exists (a dangling link exists). Must not throw. */
	exists(path: string): boolean;
	/** Every absolute, flavor-folded path the same command writes (this write included). */
	readonly planned: readonly string[];
}

/** Why writing an entry of a git directory is protected, by the entry's name right below the git directory. */
const GIT_ENTRY_WHY: Readonly<Record<string, string>> = {
	config: "the git config (it can run commands later)",
	"config.worktree": "the git config of a worktree (it can run commands later)",
	hooks: "a git hook (runs code later)",
	commondir: "git's `commondir` (it points git at another directory's config and hooks)",
	info: "git's `info/` (attributes choose the drivers git runs)",
};

/** The reason for any other entry of a git directory, or the directory itself. */
const GIT_DIR_WHY = "a git directory (git runs what its config and hooks name)";

/**
 * Why writing `rest` (the path below a git directory, `""` for the directory itself) is protected. A tree write over
 * the whole directory reaches its config first.
 */
export function gitEntryWhy(rest: string, tree: boolean): string {
	if (rest === "" && tree) return GIT_ENTRY_WHY.config as string;
	const first = rest.split("/")[0] ?? "";
	return GIT_ENTRY_WHY[first] ?? GIT_DIR_WHY;
}

/** The entries that make a git directory, in the pairs git needs. */
const MARKER_PAIRS: readonly (readonly [string, string])[] = [
	["objects", "refs"],
	["HEAD", "commondir"],
];

/**
 * The path below the first `.git` component (`""` when the path ends there), or `null` when no component is `.git`:
 * a repository, a worktree's or submodule's pointer, or one being made.
 */
export function belowGitSegment(folded: string): string | null {
	if (folded.endsWith("/.git")) return "";
	const at = folded.indexOf("/.git/");
	return at === -1 ? null : folded.slice(at + "/.git/".length);
}

/** True when `dir` (absolute, folded) is, or by the command's writes becomes, a git directory. */
export function isGitDirectory(dir: string, scene: WriteScene): boolean {
	const prefix = dir === "/" ? "/" : `${dir}/`;
	for (const [first, second] of MARKER_PAIRS) {
		if (has(prefix, first, scene) && has(prefix, second, scene)) return true;
	}
	return false;
}

function has(prefix: string, marker: string, scene: WriteScene): boolean {
	const path = `${prefix}${marker}`;
	// A write to `x/objects` or below it (`x/objects/.keep`) gives `x` its marker. Planned paths are folded (lower case
	// on a case-insensitive flavor), so the lower-case spelling counts too.
	for (const spelling of marker === marker.toLowerCase() ? [path] : [path, `${prefix}${marker.toLowerCase()}`]) {
		for (const planned of scene.planned) if (planned === spelling || planned.startsWith(`${spelling}/`)) return true;
	}
	return scene.exists(path);
}
