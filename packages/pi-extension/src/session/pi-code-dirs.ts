/**
 * Owns: the directories Pi loads code from outside its agent dir, protected whole (ADR 0048): Pi's own installed
 * package, this extension's package (the permission system itself), and the local paths Pi's settings name as
 * packages or extensions (`pi install <local path>` adds one to `settings.json`): the global file's (relative to the
 * agent dir) and the project's (relative to `<cwd>/.pi`).
 * Never: throws or guesses: an unreadable, oversized or malformed settings file contributes nothing; a source that is
 * no local path (`npm:`, `git:`, a URL) names no directory here (Pi installs those under the agent dir).
 */
import { readFileSync, statSync } from "node:fs";

interface CodeDirectory {
	readonly path: string;
	readonly why: string;
}

interface CodeDirFacts {
	readonly agentDir: string;
	readonly cwd: string;
	readonly home: string;
	readonly piPackageDir: string | null;
	readonly ownPackageDir: string | null;
}

/** Reads a file's text, or `null` when it is missing, unreadable or too large. Must not throw. */
type TextFileReader = (path: string) => string | null;

const MAX_SETTINGS_BYTES = 1_048_576;
const REMOTE = /^(?:npm:|git:|git\+|https?:|ssh:|github:|[\w.-]+@[\w.-]+:)/;

export function piCodeDirs(facts: CodeDirFacts, read: TextFileReader = readSmallTextFile): CodeDirectory[] {
	const out: CodeDirectory[] = [];
	if (facts.piPackageDir !== null)
		out.push({ path: facts.piPackageDir, why: "Pi itself (its code runs at every start)" });
	if (facts.ownPackageDir !== null)
		out.push({ path: facts.ownPackageDir, why: "pi-permissions itself (the permission system)" });
	const trim = (path: string) => path.replace(/[/\\]+$/, "");
	const settings = [
		{ file: `${trim(facts.agentDir)}/settings.json`, base: trim(facts.agentDir) },
		{ file: `${trim(facts.cwd)}/.pi/settings.json`, base: `${trim(facts.cwd)}/.pi` },
	];
	for (const { file, base } of settings) {
		for (const source of localSources(read(file))) {
			out.push({
				path: resolve(source, base, facts.home),
				why: "a package Pi loads from a local path (`settings.json`)",
			});
		}
	}
	return out;
}

/** The local paths among a settings file's `packages` and `extensions`. */
export function localSources(text: string | null): string[] {
	if (text === null) return [];
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return [];
	}
	if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return [];
	const record = parsed as Readonly<Record<string, unknown>>;
	const out: string[] = [];
	for (const key of ["packages", "extensions"]) {
		const list = record[key];
		if (!Array.isArray(list)) continue;
		for (const item of list) {
			const source =
				typeof item === "string"
					? item
					: typeof item === "object" && item !== null && typeof (item as { source?: unknown }).source === "string"
						? (item as { source: string }).source
						: null;
			if (source !== null && source !== "" && !REMOTE.test(source)) out.push(source);
		}
	}
	return out;
}

function resolve(source: string, base: string, home: string): string {
	if (source === "~" || source.startsWith("~/")) return `${home.replace(/[/\\]+$/, "")}${source.slice(1)}`;
	if (source.startsWith("/")) return source;
	const parts = `${base}/${source}`.split("/");
	const out: string[] = [];
	for (const part of parts) {
		if (part === "" || part === ".") continue;
		if (part === "..") out.pop();
		else out.push(part);
	}
	return `/${out.join("/")}`;
}

function readSmallTextFile(path: string): string | null {
	try {
		if (statSync(path).size > MAX_SETTINGS_BYTES) return null;
		return readFileSync(path, "utf8");
	} catch {
		return null;
	}
}
