/**
 * Owns: the destinations of `git clone|fetch|pull|push|ls-remote` (and `remote update`, `submodule update`): a URL or
 * scp-like `host:path` operand, or a remote's URL read from the repository's config (`pushurl` for a push; the
 * branch's or `remote.pushDefault` remote, else `origin`, when none is named), rewritten by `url.<base>.insteadOf`
 * (and `pushInsteadOf`) from the repository's and the user's config.
 * Never: runs git or follows an `[include]` (a repository config with one is unresolved).
 */
import { scanOptions } from "../../options/option-scanner";
import { GIT_TABLE } from "../../options/programs/git";
import { findGitRepository, type GitConfigEntry, parseGitConfig } from "./git-config-text";
import { remoteSpecHost } from "./network-destination";
import {
	type Finding,
	finding,
	type NetworkReadContext,
	NOTHING,
	optionsNamed,
	optionText,
	present,
	type UnitReading,
	uncertainOptions,
	unresolved,
} from "./network-reading";

/** The sub-commands that connect to a remote, and whether they push (reading `pushurl` and `pushInsteadOf`). */
const CONNECTING: ReadonlyMap<string, "fetch" | "push"> = new Map([
	["clone", "fetch"],
	["fetch", "fetch"],
	["pull", "fetch"],
	["ls-remote", "fetch"],
	["push", "push"],
]);

interface GitConfigView {
	readonly entries: readonly GitConfigEntry[];
	readonly file: string;
	/** The repository's config has an `[include]`/`[includeIf]`: a remote may be defined where this reading does not look. */
	readonly includes: boolean;
	readonly gitDirectory: string;
}

function repositoryConfig(context: NetworkReadContext, directory: string): GitConfigView | Finding {
	const repository = findGitRepository(directory, (path) => context.readText(path));
	if (repository === null) return unresolved(`no readable git repository config above ${directory}`);
	const text = context.readText(repository.config);
	if (text === null) return unresolved(`${repository.config} could not be read`);
	const entries = parseGitConfig(text);
	return {
		entries,
		file: repository.config,
		includes: entries.some((entry) => entry.section === "include" || entry.section === "includeif"),
		gitDirectory: repository.gitDirectory,
	};
}

/** The user's config files git reads before the repository's (their `insteadOf` rewrites apply too). */
function userEntries(context: NetworkReadContext): GitConfigEntry[] {
	const files = [`${context.home}/.gitconfig`, `${context.home}/.config/git/config`];
	return files.flatMap((file) => {
		const text = context.readText(file);
		return text === null ? [] : parseGitConfig(text);
	});
}

function values(entries: readonly GitConfigEntry[], section: string, subsection: string | null, key: string): string[] {
	return entries
		.filter((entry) => entry.section === section && entry.subsection === subsection && entry.key === key)
		.map((entry) => entry.value);
}

/** `url.<base>.insteadOf` (and `pushInsteadOf` for a push): the longest matching prefix is replaced by its base. */
function rewrite(url: string, entries: readonly GitConfigEntry[], mode: "fetch" | "push"): string {
	let best: { readonly prefix: string; readonly base: string } | null = null;
	for (const entry of entries) {
		if (entry.section !== "url" || entry.subsection === null) continue;
		if (entry.key !== "insteadof" && !(mode === "push" && entry.key === "pushinsteadof")) continue;
		if (url.startsWith(entry.value) && (best === null || entry.value.length > best.prefix.length))
			best = { prefix: entry.value, base: entry.subsection };
	}
	return best === null ? url : best.base + url.slice(best.prefix.length);
}

/** A repository word (`https://…`, `git@host:x`, a local path) as findings; `null` when it is a local path. */
function repositoryFinding(url: string, via: string | null, source: "command" | "configuration"): Finding | null {
	const reading = remoteSpecHost(url, 22);
	if (reading === null) return null;
	return finding(reading, source, via);
}

/** The branch checked out, from `HEAD`; `null` when detached or unreadable. */
function currentBranch(context: NetworkReadContext, gitDirectory: string): string | null {
	return /^ref:\s*refs\/heads\/(.+)$/m.exec(context.readText(`${gitDirectory}/HEAD`) ?? "")?.[1]?.trim() ?? null;
}

function remoteFindings(
	context: NetworkReadContext,
	names: readonly string[],
	directory: string | null,
	mode: "fetch" | "push",
): Finding[] {
	if (directory === null) return [unresolved("the repository's directory is not known before the command runs")];
	const config = repositoryConfig(context, directory);
	if ("kind" in config) return [config];
	const entries = [...userEntries(context), ...config.entries];
	const chosen = names.length > 0 ? names : [defaultRemote(context, config, mode)];
	const found: Finding[] = [];
	for (const name of chosen) {
		const urls = mode === "push" ? values(entries, "remote", name, "pushurl") : [];
		const all = urls.length > 0 ? urls : values(entries, "remote", name, "url");
		if (all.length === 0) {
			// Not a configured remote: a local repository path (`git fetch ../other`), unless an include could define it.
			if (config.includes) found.push(unresolved(`${config.file} includes other files that may define \`${name}\``));
			else if (!/[/.]/.test(name)) found.push(unresolved(`\`${name}\` is no remote of ${config.file}`));
			continue;
		}
		for (const url of all) {
			const result = repositoryFinding(
				rewrite(url, entries, mode),
				`remote ${name} in ${config.file}`,
				"configuration",
			);
			if (result !== null) found.push(result);
		}
	}
	return found;
}

function defaultRemote(context: NetworkReadContext, config: GitConfigView, mode: "fetch" | "push"): string {
	const branch = currentBranch(context, config.gitDirectory);
	const pick = (section: string, subsection: string | null, key: string) =>
		values(config.entries, section, subsection, key).at(-1);
	const pushed = mode === "push" ? (branch === null ? undefined : pick("branch", branch, "pushremote")) : undefined;
	return (
		pushed ??
		(mode === "push" ? pick("remote", null, "pushdefault") : undefined) ??
		(branch === null ? undefined : pick("branch", branch, "remote")) ??
		"origin"
	);
}

function joinDirectory(directory: string | null, change: string): string | null {
	if (directory === null) return null;
	return change.startsWith("/") ? change : `${directory.replace(/\/+$/, "")}/${change}`;
}

export function gitReading(context: NetworkReadContext): UnitReading {
	const { texts } = context;
	const global = scanOptions(texts, GIT_TABLE.global.grammar);
	const subIndex = global.rest;
	const sub = texts[subIndex];
	if (sub === undefined) return NOTHING;
	if (sub === null) return { found: [unresolved("the git sub-command is computed when the command runs")], sends: [] };
	const mode = CONNECTING.get(sub);
	if (mode === undefined) return NOTHING;
	const found: (Finding | null)[] = [uncertainOptions(global, "git")];
	let directory = context.directory;
	for (const entry of optionsNamed(global, ["-C"])) {
		const value = optionText(entry, texts);
		directory = value === null || value === undefined ? null : joinDirectory(directory, value);
	}
	for (const entry of optionsNamed(global, ["-c", "--config-env"])) {
		const value = optionText(entry, texts);
		if (value === null || value === undefined || /^(?:url|remote)\./i.test(value))
			found.push(unresolved("a `-c` setting may change where git connects"));
	}
	if (optionsNamed(global, ["--git-dir"]).length > 0) found.push(unresolved("`--git-dir` names another repository"));
	const rest = texts.slice(subIndex + 1);
	const grammar = GIT_TABLE.subcommands?.get(sub)?.grammar;
	if (grammar === undefined) return { found: present(found), sends: [] };
	const scan = scanOptions(rest, grammar);
	found.push(uncertainOptions(scan, `git ${sub}`));
	const operands = scan.operands.map((index) => rest[index] ?? null);
	const repoOption = optionsNamed(scan, ["--repo"]).map((entry) => optionText(entry, rest) ?? null);
	const named = sub === "clone" ? operands.slice(0, 1) : [...repoOption, ...operands.slice(0, 1)];
	const all = optionsNamed(scan, ["--all"]).length > 0 || optionsNamed(scan, ["--multiple"]).length > 0;
	const remotes: string[] = [];
	for (const word of all && sub === "fetch" ? operands : named) {
		if (word === null) {
			found.push(unresolved("the repository is computed when the command runs"));
			continue;
		}
		const direct = remoteSpecHost(word, 22);
		if (direct !== null) found.push(finding(rewriteDirect(word, context, directory, mode), "command"));
		else if (sub !== "clone") remotes.push(word);
	}
	if (sub === "fetch" && optionsNamed(scan, ["--all"]).length > 0) found.push(...allRemotes(context, directory, mode));
	else if (sub !== "clone" && (remotes.length > 0 || named.length === 0))
		found.push(...remoteFindings(context, remotes, directory, mode));
	return { found: present(found), sends: [] };
}

/** A URL written in the command, after the user's and the repository's `insteadOf` rewrites. */
function rewriteDirect(url: string, context: NetworkReadContext, directory: string | null, mode: "fetch" | "push") {
	const config = directory === null ? null : repositoryConfig(context, directory);
	const entries = [...userEntries(context), ...(config !== null && !("kind" in config) ? config.entries : [])];
	return remoteSpecHost(rewrite(url, entries, mode), 22) ?? { kind: "local" as const };
}

function allRemotes(context: NetworkReadContext, directory: string | null, mode: "fetch" | "push"): Finding[] {
	if (directory === null) return [unresolved("the repository's directory is not known before the command runs")];
	const config = repositoryConfig(context, directory);
	if ("kind" in config) return [config];
	const names = [
		...new Set(
			config.entries.filter((e) => e.section === "remote" && e.subsection !== null).map((e) => e.subsection as string),
		),
	];
	return names.length === 0 ? [] : remoteFindings(context, names, directory, mode);
}
