/**
 * Owns: reading git's configuration text (git-config(1) "CONFIGURATION FILE": `[section "sub"]`, `[section.sub]`,
 * `key = value`, quotes, `#`/`;` comments, `\` continuations) into entries, and finding the files of the repository a
 * directory is in (`.git/config`, a worktree's `gitdir:` and `commondir`). The reading the network destination of a
 * remote name needs (ADR 0058); the files come through the reader it is given.
 * Never: reads a file itself or runs git; an `[include]` is reported, not followed.
 */

export interface GitConfigEntry {
	/** Lower case (`remote`). */
	readonly section: string;
	/** As written for `[remote "origin"]`; lower case for the old `[remote.origin]`; `null` for none. */
	readonly subsection: string | null;
	/** Lower case (`url`, `pushurl`, `insteadof`). */
	readonly key: string;
	readonly value: string;
}

const SECTION = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/;

/** The entries of one config file, in order; a line it cannot read is skipped. */
export function parseGitConfig(text: string): GitConfigEntry[] {
	const entries: GitConfigEntry[] = [];
	let section = "";
	let subsection: string | null = null;
	const lines = text.replace(/\\\r?\n/g, "").split(/\r?\n/);
	for (const raw of lines) {
		let line = raw.trim();
		if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
		const header = SECTION.exec(line);
		if (header !== null) {
			const name = (header[1] as string).toLowerCase();
			const dot = name.indexOf(".");
			if (header[2] !== undefined) {
				section = name;
				subsection = header[2].replace(/\\(.)/g, "$1");
			} else if (dot !== -1) {
				section = name.slice(0, dot);
				subsection = name.slice(dot + 1);
			} else {
				section = name;
				subsection = null;
			}
			line = line.slice(header[0].length).trim();
			if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
		}
		const key = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(line);
		if (key === null || section === "") continue;
		entries.push({ section, subsection, key: (key[1] as string).toLowerCase(), value: configValue(key[2] ?? "true") });
	}
	return entries;
}

/** A value with its quotes and escapes read, and a comment outside quotes dropped. */
function configValue(text: string): string {
	let out = "";
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const c = text[i] as string;
		if (c === '"') quoted = !quoted;
		else if (c === "\\" && i + 1 < text.length) {
			const next = text[++i] as string;
			out += next === "n" ? "\n" : next === "t" ? "\t" : next;
		} else if (!quoted && (c === "#" || c === ";")) break;
		else out += c;
	}
	return out.trim();
}

/** Where a repository's configuration is: the config file, and the directory holding its `HEAD`. */
interface GitRepositoryFiles {
	readonly config: string;
	readonly gitDirectory: string;
}

function join(directory: string, name: string): string {
	return directory.endsWith("/") ? `${directory}${name}` : `${directory}/${name}`;
}

function parent(directory: string): string | null {
	if (directory === "/" || directory === "") return null;
	const cut = directory.replace(/\/+$/, "").lastIndexOf("/");
	return cut <= 0 ? "/" : directory.slice(0, cut);
}

function resolveFrom(base: string, path: string): string {
	return path.startsWith("/") ? path : join(base, path);
}

/**
 * The repository `directory` is in, looking up from it as git does: `.git/config`, or a `.git` file naming the git
 * directory (a worktree, whose `commondir` holds the shared config). `null` when none is found or readable.
 */
export function findGitRepository(
	directory: string,
	readText: (path: string) => string | null,
): GitRepositoryFiles | null {
	for (let dir: string | null = directory; dir !== null; dir = parent(dir)) {
		const dotGit = join(dir, ".git");
		if (readText(join(dotGit, "config")) !== null) return { config: join(dotGit, "config"), gitDirectory: dotGit };
		const pointer = readText(dotGit);
		if (pointer === null) continue;
		const gitdir = /^gitdir:\s*(.+)$/m.exec(pointer)?.[1]?.trim();
		if (gitdir === undefined) return null;
		const gitDirectory = resolveFrom(dir, gitdir);
		const common = readText(join(gitDirectory, "commondir"))?.trim();
		const configDir = common === undefined || common === "" ? gitDirectory : resolveFrom(gitDirectory, common);
		return { config: join(configDir, "config"), gitDirectory };
	}
	return null;
}
