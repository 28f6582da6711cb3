/**
 * Owns: `planSandbox`, the pure translation of an effective policy into what the OS sandbox enforces: denied reads
 * and writes from deny rules (lexical and symlink-canonical forms), the protected regions (`protected-region-plan.ts`:
 * read-only where they exist, watched after the call where they do not), writable roots (the project, the temp
 * directory, the directories `external_directory` allows) and the reachable hosts (`network-plan.ts`).
 * Never: starts a sandbox or reads the file system itself (the canonical form and existence come through the injected
 * functions); widens it for any rule but one the operator wrote in a config scope (`widensSandbox`): not for a
 * person's "for this session" answer, which is the gate's to honour, nor yolo's, a built-in's or the MCP baseline's
 * allow.
 */
import {
	EXTERNAL_DIRECTORY_SURFACE,
	PATH_SURFACE,
	type Rule,
	type Ruleset,
	UNIVERSAL_SURFACE,
	WRITE_FILE_TOOLS,
} from "@pi-permissions/policy";
import { type NetworkDeny, planNetwork } from "./network-plan";
import { directoryOfTreeGlob, type GlobRoots, isCatchAllPattern, isGlob, translatePattern } from "./policy-glob";
import { type ProtectedTargetEntry, planRegions, type WatchedDirectory } from "./protected-region-plan";
import type { SandboxBecause, SandboxEntry } from "./sandbox-entry";
import { widensSandbox } from "./sandbox-widening";

export type { SandboxBecause, SandboxEntry } from "./sandbox-entry";

/** A rule or target the sandbox cannot express; the gate still applies it. */
export interface SkippedEntry {
	readonly because: SandboxBecause;
	readonly why: string;
}

export interface SandboxPlan {
	readonly readDenies: readonly SandboxEntry[];
	readonly writeAllows: readonly SandboxEntry[];
	readonly writeDenies: readonly SandboxEntry[];
	/**
	 * Protected names that do not exist in a writable root: a mount over them would create a file on disk, so each is
	 * checked right after the call and removed when the call made it.
	 */
	readonly watched: readonly SandboxEntry[];
	/** Directories whose new entries are checked after the call (the home's dot-entries, the project's repositories). */
	readonly watchedDirs: readonly WatchedDirectory[];
	/** Hosts reachable through the sandbox's proxy; empty: no network at all. */
	readonly allowedDomains: readonly string[];
	/** Hosts the proxy refuses whatever else is allowed, each from a `network` deny (ADR 0058). */
	readonly deniedDomains: readonly NetworkDeny[];
	readonly skipped: readonly SkippedEntry[];
}

export interface SandboxPlanInput {
	/** The composed rules (overlays applied, no session rules: a session grant never widens the sandbox). */
	readonly rules: Ruleset;
	readonly cwd: string;
	readonly home: string;
	readonly tmpDir: string;
	readonly protectedTargets: readonly ProtectedTargetEntry[];
	/** The deprecated `sandbox.network.allowedDomains`, added to the hosts the `network` allow rules derive. */
	readonly allowedDomains: readonly string[];
	/** The symlink-canonical form of an absolute path. Must not throw; returns the path unchanged when it is missing. */
	readonly canonical: (path: string) => string;
	/** Whether an absolute path exists (a dangling link exists). Must not throw. */
	readonly exists: (path: string) => boolean;
	/** Whether an absolute path is a directory (links followed). Must not throw. */
	readonly isDirectory: (path: string) => boolean;
	/** The names in a directory, or `null` when it cannot be listed. Must not throw. */
	readonly list: (path: string) => readonly string[] | null;
}

/** Deny rules on these surfaces stop both reading and writing: they are what `path` gates and bash reaches. */
const READ_DENY_SURFACES: ReadonlySet<string> = new Set([PATH_SURFACE, UNIVERSAL_SURFACE, EXTERNAL_DIRECTORY_SURFACE]);
/** Deny rules on these surfaces stop writing: bash writes meet the `write` rule as the write tool does (ADR 0027). */
const WRITE_DENY_SURFACES: ReadonlySet<string> = WRITE_FILE_TOOLS;

export function planSandbox(input: SandboxPlanInput): SandboxPlan {
	const writeAllows = writableRoots(input);
	const roots: GlobRoots = {
		cwdForms: forms(input.cwd, input.canonical),
		scanRoots: writeAllows.filter((entry) => entry.because.kind === "external-directory").map((entry) => entry.path),
		home: input.home,
	};
	const readDenies: SandboxEntry[] = [];
	const writeDenies: SandboxEntry[] = [];
	const network = planNetwork(input.rules, input.allowedDomains);
	const skipped: SkippedEntry[] = [...writeAllowsSkipped(input), ...network.skipped];
	for (const rule of input.rules) {
		if (rule.action !== "deny") continue;
		const reads = READ_DENY_SURFACES.has(rule.surface);
		if (!reads && !WRITE_DENY_SURFACES.has(rule.surface)) continue;
		const because = ruleBecause(rule);
		const translated = translatePattern(rule.pattern, roots);
		if (translated.kind === "skipped") {
			skipped.push({ because, why: translated.why });
			continue;
		}
		for (const path of withCanonical(translated.globs, input.canonical)) {
			if (reads) readDenies.push({ path, because });
			writeDenies.push({ path, because });
		}
	}
	for (const target of input.protectedTargets) {
		if (target.kind !== "glob") continue;
		const because: SandboxBecause = { kind: "protected", why: target.why, pattern: target.pattern };
		const translated = translatePattern(target.pattern, roots);
		if (translated.kind === "skipped") {
			skipped.push({ because, why: translated.why });
			continue;
		}
		for (const path of withCanonical(translated.globs, input.canonical)) writeDenies.push({ path, because });
	}
	const regions = planRegions(input.protectedTargets, {
		writeRoots: writeAllows.map((entry) => entry.path),
		cwd: input.cwd,
		exists: input.exists,
		isDirectory: input.isDirectory,
		list: input.list,
	});
	readDenies.push(...regions.readDenies);
	for (const entry of regions.writeDenies) {
		for (const path of forms(entry.path, input.canonical)) writeDenies.push({ path, because: entry.because });
	}
	return {
		readDenies: dedupe(readDenies),
		writeAllows: dedupe(writeAllows),
		writeDenies: dedupe(writeDenies),
		watched: regions.watched,
		watchedDirs: regions.watchedDirs,
		allowedDomains: network.allowedDomains,
		deniedDomains: network.deniedDomains,
		skipped,
	};
}

function writableRoots(input: SandboxPlanInput): SandboxEntry[] {
	const out: SandboxEntry[] = [];
	for (const path of forms(input.cwd, input.canonical)) out.push({ path, because: { kind: "project" } });
	for (const path of forms(input.tmpDir, input.canonical)) out.push({ path, because: { kind: "temp" } });
	for (const rule of externalAllows(input.rules)) {
		const dir = externalDirectory(rule.pattern, input);
		if (dir === null) continue;
		for (const path of forms(dir, input.canonical)) {
			out.push({ path, because: { kind: "external-directory", pattern: rule.pattern } });
		}
	}
	return out;
}

function writeAllowsSkipped(input: SandboxPlanInput): SkippedEntry[] {
	return externalAllows(input.rules)
		.filter((rule) => externalDirectory(rule.pattern, input) === null)
		.map((rule) => ({
			because: { kind: "external-directory", pattern: rule.pattern },
			why: isCatchAllPattern(rule.pattern)
				? "it allows every directory; the sandbox keeps writes to the project, the temp directory and named directories"
				: "it is not a directory or a directory followed by `/*`; the sandbox writes only to whole directories",
		}));
}

function externalAllows(rules: Ruleset): Rule[] {
	return rules.filter(
		(rule) => rule.surface === EXTERNAL_DIRECTORY_SURFACE && rule.action === "allow" && widensSandbox(rule.origin),
	);
}

/** The directory an `external_directory` allow names (`/data/*`, `~/work/**`, `/srv/x`), or `null`. */
function externalDirectory(pattern: string, input: SandboxPlanInput): string | null {
	if (isCatchAllPattern(pattern)) return null;
	const translated = translatePattern(pattern, { cwdForms: [input.cwd], scanRoots: [], home: input.home });
	if (translated.kind === "skipped") return null;
	const [glob] = translated.globs;
	if (glob === undefined || !glob.startsWith("/")) return null;
	if (!isGlob(glob)) return glob;
	return directoryOfTreeGlob(glob);
}

function ruleBecause(rule: Rule): SandboxBecause {
	return rule.reason === undefined
		? { kind: "rule", surface: rule.surface, pattern: rule.pattern }
		: { kind: "rule", surface: rule.surface, pattern: rule.pattern, reason: rule.reason };
}

/** A path and its canonical form when they differ. */
function forms(path: string, canonical: (path: string) => string): string[] {
	const real = canonical(path);
	return real === path ? [path] : [path, real];
}

/** Each glob, plus the glob over the canonical form of its literal directory prefix when a symlink moves it. */
function withCanonical(globs: readonly string[], canonical: (path: string) => string): string[] {
	const out: string[] = [];
	for (const glob of globs) {
		out.push(glob);
		const cut = firstGlobIndex(glob);
		const prefixEnd = cut === -1 ? glob.length : glob.lastIndexOf("/", cut);
		if (prefixEnd <= 0) continue;
		const prefix = glob.slice(0, prefixEnd);
		const real = canonical(prefix);
		if (real !== prefix) out.push(real + glob.slice(prefixEnd));
	}
	return out;
}

function firstGlobIndex(glob: string): number {
	const indexes = ["*", "?", "["].map((char) => glob.indexOf(char)).filter((index) => index >= 0);
	return indexes.length === 0 ? -1 : Math.min(...indexes);
}

function dedupe(entries: readonly SandboxEntry[]): SandboxEntry[] {
	const seen = new Set<string>();
	return entries.filter((entry) => {
		if (seen.has(entry.path)) return false;
		seen.add(entry.path);
		return true;
	});
}
