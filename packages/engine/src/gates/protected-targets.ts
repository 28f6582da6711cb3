/**
 * Owns: `ProtectedTargets`, the files whose change would widen the agent's own permissions or plant code that runs
 * later (the permission configs, the project's `.pi/`, Pi's settings and resource directories, `.git/config`,
 * `.git/hooks/`, `.gitmodules`, shell start-up files, ssh's `authorized_keys`/`config`, GNU parallel's `~/.parallel/`,
 * `protectedPaths`), and why each is protected. Matches the lexical and the canonical form; a tree write also hits a protected entry below it.
 * Never: reads the file system or decides an action; the protected-target gate turns a hit into an ask.
 * To add a built-in target: add one row to `builtinEntries` and one row to `test/gates/protected-targets.cases.ts`.
 */
import type { AccessPath } from "@pi-permissions/access-intent";
import { compileWildcard, type PathFlavor, type WildcardMatcher } from "@pi-permissions/policy";

export interface ProtectedTargetsOptions {
	/** The session's working directory (the project). */
	readonly cwd: string;
	readonly home: string;
	/** Pi's agent directory (`~/.pi/agent` unless `PI_CODING_AGENT_DIR` moves it). */
	readonly agentDir: string;
	readonly flavor: PathFlavor;
	/** The `protectedPaths` setting: more globs (`~` expands; a relative one is under the project). */
	readonly extra: readonly string[];
}

/** `file`: exactly this path; `tree`: this directory and everything below it; `segment`: any path ending so. */
interface Entry {
	readonly kind: "file" | "tree" | "segment";
	readonly path: string;
	readonly why: string;
}

const WHY = {
	permissionConfig: "writes the permission config",
	agent: "writes an agent definition (its `permission:` frontmatter is policy)",
	projectPi: "writes the project's Pi settings and resources (`.pi/`, loaded as code and config)",
	settings: "writes Pi's settings",
	extensions: "writes a Pi extension (runs code in every session)",
	skills: "writes a Pi skill",
	gitConfig: "writes the git config (it can run commands later)",
	gitHook: "writes a git hook (runs code later)",
	gitModules: "writes `.gitmodules` (it can run commands later)",
	shell: "writes a shell start-up file (runs code in every new shell)",
	sshKeys: "writes ssh's `authorized_keys` (grants logins)",
	sshConfig: "writes the ssh client config (it can run commands)",
	parallel: "writes GNU parallel's config (its options run perl code in every job)",
	listed: "writes a path listed in `protectedPaths`",
} as const;

const SHELL_FILES = [
	".bashrc",
	".bash_profile",
	".bash_login",
	".bash_logout",
	".profile",
	".zshrc",
	".zprofile",
	".zshenv",
	".zlogin",
	".zlogout",
	".config/fish/config.fish",
];

/** One protected target as a place, for a consumer that enforces it elsewhere (the OS sandbox, ADR 0037). */
interface ProtectedTargetListing {
	/** `path`: an absolute file or directory; `glob`: a `protectedPaths` pattern, home-expanded, under the project when relative. */
	readonly kind: "path" | "glob";
	readonly pattern: string;
	readonly why: string;
}

export class ProtectedTargets {
	private readonly entries: readonly Entry[];
	private readonly listed: readonly WildcardMatcher[];
	private readonly flavor: PathFlavor;
	private readonly listing: readonly ProtectedTargetListing[];

	constructor(options: ProtectedTargetsOptions) {
		this.flavor = options.flavor;
		this.listing = [
			// `segment` entries (a `.git/config` anywhere) name no one place; the project's own are `file` entries.
			...builtinEntries(options)
				.filter((entry) => entry.kind !== "segment")
				.map((entry) => ({ kind: "path" as const, pattern: entry.path, why: entry.why })),
			...options.extra.map((pattern) => ({
				kind: "glob" as const,
				pattern: expand(pattern, options),
				why: WHY.listed,
			})),
		];
		this.entries = builtinEntries(options).map((entry) => ({ ...entry, path: options.flavor.fold(entry.path) }));
		this.listed = options.extra.map((pattern) => compileWildcard(options.flavor.fold(expand(pattern, options))));
	}

	/** Every protected place with why it is protected (segment entries aside: they name no one place). */
	list(): readonly ProtectedTargetListing[] {
		return this.listing;
	}

	/**
	 * Why writing `path` is protected, or `null`. `tree`: the write may reach everything below `path` (`rm -r`,
	 * `find -delete`), so a protected entry inside it counts. A literal (unresolved) path names no known place: the
	 * caller decides about it.
	 */
	whyProtected(path: AccessPath, tree: boolean): string | null {
		if (path.kind !== "resolved") return null;
		const forms = path.canonical === path.lexical ? [path.lexical] : [path.lexical, path.canonical];
		for (const form of forms) {
			const why = this.whyForm(this.flavor.fold(form), tree);
			if (why !== null) return why;
		}
		// `protectedPaths` globs also meet the cwd-relative spellings, as a path rule would.
		for (const value of path.matchValues) {
			const folded = this.flavor.fold(value);
			if (this.listed.some((matcher) => matcher.test(folded))) return WHY.listed;
		}
		return null;
	}

	private whyForm(form: string, tree: boolean): string | null {
		for (const entry of this.entries) {
			switch (entry.kind) {
				case "file":
					if (form === entry.path || (tree && isBelow(entry.path, form))) return entry.why;
					break;
				case "tree":
					if (form === entry.path || isBelow(form, entry.path) || (tree && isBelow(entry.path, form))) return entry.why;
					break;
				case "segment":
					// SECURITY: `.git/config` of the repository above the cwd, or of a submodule, plants code just the same.
					if (form.endsWith(entry.path) || form.includes(`${entry.path}/`)) return entry.why;
					// `rm -r x/.git` reaches its config and hooks.
					if (tree && `${form}/`.endsWith("/.git/") && entry.path.startsWith("/.git/")) return entry.why;
					break;
				default: {
					const unhandled: never = entry.kind;
					throw new Error(`unhandled entry kind ${String(unhandled)}`);
				}
			}
		}
		for (const matcher of this.listed) if (matcher.test(form)) return WHY.listed;
		return null;
	}
}

function builtinEntries(options: ProtectedTargetsOptions): Entry[] {
	const join = (base: string, rest: string) => `${base.replace(/[/\\]+$/, "")}/${rest}`;
	const { cwd, home, agentDir } = options;
	const projectPi = join(cwd, ".pi");
	const entries: Entry[] = [
		{ kind: "file", path: join(agentDir, "extensions/pi-permissions/config.json"), why: WHY.permissionConfig },
		{ kind: "file", path: join(projectPi, "extensions/pi-permissions/config.json"), why: WHY.permissionConfig },
		{ kind: "tree", path: join(agentDir, "agents"), why: WHY.agent },
		{ kind: "tree", path: join(projectPi, "agents"), why: WHY.agent },
		{ kind: "tree", path: projectPi, why: WHY.projectPi },
		{ kind: "file", path: join(agentDir, "settings.json"), why: WHY.settings },
		{ kind: "tree", path: join(agentDir, "extensions"), why: WHY.extensions },
		{ kind: "tree", path: join(agentDir, "skills"), why: WHY.skills },
		{ kind: "file", path: join(cwd, ".git/config"), why: WHY.gitConfig },
		{ kind: "tree", path: join(cwd, ".git/hooks"), why: WHY.gitHook },
		{ kind: "file", path: join(cwd, ".gitmodules"), why: WHY.gitModules },
		{ kind: "segment", path: "/.git/config", why: WHY.gitConfig },
		{ kind: "segment", path: "/.git/hooks", why: WHY.gitHook },
	];
	if (home !== "") {
		for (const file of SHELL_FILES) entries.push({ kind: "file", path: join(home, file), why: WHY.shell });
		entries.push({ kind: "tree", path: join(home, ".config/fish/conf.d"), why: WHY.shell });
		entries.push({ kind: "file", path: join(home, ".ssh/authorized_keys"), why: WHY.sshKeys });
		entries.push({ kind: "file", path: join(home, ".ssh/config"), why: WHY.sshConfig });
		entries.push({ kind: "file", path: join(home, ".gitconfig"), why: WHY.gitConfig });
		entries.push({ kind: "file", path: join(home, ".config/git/config"), why: WHY.gitConfig });
		// ADR 0038: `parallel echo {}` is judged by the words it composes; its config may add `--rpl` perl code to them.
		entries.push({ kind: "tree", path: join(home, ".parallel"), why: WHY.parallel });
	}
	return entries;
}

/** True when `child` lies strictly below `parent` (both folded). */
function isBelow(child: string, parent: string): boolean {
	const prefix = parent.endsWith("/") ? parent : `${parent}/`;
	return child.startsWith(prefix);
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
