/**
 * Owns: `PathNormalizer`, born with cwd, home, flavor and probe: turns raw tokens into `AccessPath`s (home expansion,
 * base resolution, canonicalisation through the longest existing ancestor, containment on the canonical form).
 * Never: reads process state or decides an action; every file-system question goes through the injected probe.
 */
import { expandHome, type PathFlavor } from "@pi-permissions/policy";
import { type AccessPath, deriveMatchValues, type LiteralAccessPath } from "./access-path";
import { createMemoizedProbe, type FileSystemProbe } from "./file-system-probe";
import { classifyMsysToken } from "./msys-token";
import {
	appendSegment,
	foldSegments,
	formatPath,
	isAbsolutePath,
	joinPath,
	normalizePath,
	parentPath,
	parsePath,
	relativeInside,
} from "./path-syntax";
import { isSafeDevice } from "./safe-devices";

export interface PathNormalizerOptions {
	/** Absolute working directory of the session. */
	readonly cwd: string;
	/** Home directory for `~`, `$HOME`, `${HOME}`; `""` disables expansion. */
	readonly home: string;
	readonly flavor: PathFlavor;
	readonly probe: FileSystemProbe;
}

export interface ForPathOptions {
	/** Absolute directory a relative token is resolved against; the cwd when absent. */
	readonly base?: string;
	/**
	 * `lexical` (tools: the path is normalised before it is opened) or `physical` (bash: the kernel resolves `..`
	 * after following symlinks, so `link/..` is the parent of the link's target). Default `lexical`.
	 */
	readonly dotDot?: "lexical" | "physical";
}

/**
 * A canonicalisation probes at most this many segments (below the cwd); a path whose existing part goes deeper is
 * not followed further and counts as external (fail closed).
 */
export const MAX_CANONICAL_STEPS = 64;

export class PathNormalizer {
	readonly cwd: string;
	readonly home: string;
	readonly flavor: PathFlavor;
	/** The symlink-resolved working directory, the reference for containment. */
	readonly canonicalCwd: string;
	private readonly probe: FileSystemProbe;
	private readonly cwdRoot: string;
	private readonly cwdSegments: readonly string[];
	/** `cwd` followed by one separator: an absolute path starting with it is written under the cwd. */
	private readonly cwdPrefix: string;
	private readonly countCalls: (() => number) | null;

	private constructor(
		options: PathNormalizerOptions,
		canonicalCwd: string,
		countCalls: (() => number) | null = null,
		/** The cwd-derived fields of the normalizer this is a view of, so a per-command view re-derives nothing. */
		derivedFrom: PathNormalizer | null = null,
	) {
		this.countCalls = countCalls;
		this.flavor = options.flavor;
		this.probe = options.probe;
		this.canonicalCwd = canonicalCwd;
		if (derivedFrom !== null) {
			this.cwd = derivedFrom.cwd;
			this.cwdRoot = derivedFrom.cwdRoot;
			this.cwdSegments = derivedFrom.cwdSegments;
			this.cwdPrefix = derivedFrom.cwdPrefix;
			this.home = derivedFrom.home;
			return;
		}
		this.cwd = normalizePath(options.cwd, options.flavor);
		const parsedCwd = parsePath(this.cwd, options.flavor);
		this.cwdRoot = parsedCwd.root;
		this.cwdSegments = foldSegments(parsedCwd);
		this.cwdPrefix = appendSegment(this.cwd, "", options.flavor);
		this.home = options.home === "" ? "" : normalizePath(options.home, options.flavor);
	}

	/** Builds a normalizer; `cwd` must be absolute for the flavor (a relative cwd is a caller bug and throws). */
	static create(options: PathNormalizerOptions): PathNormalizer {
		if (!isAbsolutePath(options.cwd, options.flavor)) throw new Error(`cwd \`${options.cwd}\` is not absolute`);
		const cwd = normalizePath(options.cwd, options.flavor);
		const canonicalCwd = options.probe.realpath(cwd) ?? cwd;
		return new PathNormalizer(options, normalizePath(canonicalCwd, options.flavor));
	}

	/**
	 * This normalizer with a probe that answers each question once, for analysing one command; a new view per command
	 * so later file-system changes are seen.
	 */
	withProbeCache(): PathNormalizer {
		const memo = createMemoizedProbe(this.probe);
		const options = { cwd: this.cwd, home: this.home, flavor: this.flavor, probe: memo };
		return new PathNormalizer(options, this.canonicalCwd, memo.calls, this);
	}

	/** Probe questions actually asked through a `withProbeCache()` view (cache hits are free); 0 on other normalizers. */
	probeCalls(): number {
		return this.countCalls?.() ?? 0;
	}

	expandHome(text: string): string {
		return expandHome(text, this.home);
	}

	isAbsolute(text: string): boolean {
		return isAbsolutePath(text, this.flavor);
	}

	/** The lexical absolute form of `text` (home-expanded) against `base` or the cwd. */
	resolveLexical(text: string, base?: string): string {
		return joinPath(base ?? this.cwd, this.expandHome(text), this.flavor);
	}

	/** An `AccessPath` for a path-bearing tool input or a bash token whose location is known. */
	forPath(typed: string, options: ForPathOptions = {}): AccessPath {
		const expanded = this.expandHome(typed);
		const base = options.base ?? this.cwd;
		const lexical = joinPath(base, expanded, this.flavor);
		const joined = this.isAbsolute(expanded) ? expanded : `${base}${this.flavor.separator}${expanded}`;
		const { path: canonical, complete } = this.canonicalize(options.dotDot === "physical" ? joined : lexical);
		const matchValues = deriveMatchValues({
			typed,
			expanded,
			lexical,
			canonical,
			cwd: this.cwd,
			canonicalCwd: this.canonicalCwd,
			flavor: this.flavor,
		});
		const safe = this.flavor.name === "posix" && isSafeDevice(lexical);
		return Object.freeze({
			kind: "resolved",
			typed,
			lexical,
			canonical,
			matchValues,
			external: !safe && (!complete || !this.isInside(canonical)),
		});
	}

	/**
	 * A bash token as the shell on this flavor reads it: on win32 (Git Bash / MSYS) `/c/x` is `C:\x`, safe devices stay
	 * safe, and any other posix absolute is a literal whose location is unknown, so it is external.
	 */
	forBashToken(typed: string, base: string): AccessPath {
		const expanded = this.expandHome(typed);
		if (expanded.startsWith("~")) {
			// SECURITY: `~root/x`, `~+/x`, `~-/x` (or `~` with no home) are elsewhere; never read them as cwd-relative.
			return this.forLiteral(typed, { external: true, reason: "unmapped-home" });
		}
		if (this.flavor.name === "posix") return this.forPath(typed, { base, dotDot: "physical" });
		const shape = classifyMsysToken(expanded);
		switch (shape.kind) {
			case "device":
				return Object.freeze({
					kind: "literal",
					typed,
					matchValues: Object.freeze([shape.path]),
					external: false,
					reason: "device",
				});
			case "drive-mount":
				return this.forPath(shape.windowsPath, { base, dotDot: "physical" });
			case "unmapped-posix-absolute":
				// SECURITY: a Git Bash absolute such as `/etc/hosts` lives somewhere under the Git install; never inside cwd.
				return this.forLiteral(expanded, { external: true, reason: "unmapped-posix-absolute" });
			case "plain":
				return this.forPath(typed, { base, dotDot: "physical" });
			default: {
				const unhandled: never = shape;
				throw new Error(`unhandled token shape ${String(unhandled)}`);
			}
		}
	}

	/** A literal-only path: its spelling is matched, its location is not known. */
	forLiteral(
		text: string,
		options: { readonly external: boolean; readonly reason: LiteralAccessPath["reason"] },
	): AccessPath {
		return Object.freeze({
			kind: "literal",
			typed: text,
			matchValues: Object.freeze([text]),
			external: options.external,
			reason: options.reason,
		});
	}

	/** True when the canonical absolute path lies in the canonical working directory (or is it). */
	isInside(canonical: string): boolean {
		return relativeInside(this.canonicalCwd, canonical, this.flavor) !== null;
	}

	/** Whether the entry itself exists (a dangling symlink exists). */
	entryExists(absolutePath: string): boolean {
		return this.probe.lstat(absolutePath) !== null;
	}

	isDirectory(absolutePath: string): boolean {
		const real = this.probe.realpath(absolutePath);
		return real !== null && this.probe.lstat(real)?.kind === "directory";
	}

	/** Directory entries for glob expansion, `null` when the directory cannot be listed. */
	listDirectory(absolutePath: string): readonly string[] | null {
		return this.probe.readdir(absolutePath);
	}

	/**
	 * The symlink-resolved form of `absolutePath` taken as written: walks it segment by segment from the canonical cwd
	 * (when written under the cwd) or the root, following each symlink with the probe and resolving `..` against what
	 * is reached (physically, as the kernel does). At the first missing entry the rest is folded lexically.
	 */
	private canonicalize(absolutePath: string): { readonly path: string; readonly complete: boolean } {
		const { flavor, probe } = this;
		let segments: string[];
		let current: string;
		if (flavor.name === "posix" && absolutePath.startsWith(this.cwdPrefix)) {
			// The common case, read without splitting the cwd again: the same segments the general branch would find.
			segments = absolutePath.slice(this.cwdPrefix.length).split("/").filter(isStep);
			current = this.canonicalCwd;
		} else {
			const parsed = parsePath(absolutePath, flavor);
			segments = parsed.segments.filter(isStep);
			current = formatPath(parsed.root, [], flavor);
			if (
				flavor.fold(parsed.root) === flavor.fold(this.cwdRoot) &&
				startsWithSegments(segments, this.cwdSegments, flavor)
			) {
				current = this.canonicalCwd;
				segments = segments.slice(this.cwdSegments.length);
			}
		}
		for (let i = 0; i < segments.length; i++) {
			const segment = segments[i] as string;
			if (segment === "..") {
				current = parentPath(current, flavor) ?? current;
				continue;
			}
			const next = appendSegment(current, segment, flavor);
			// SECURITY: past MAX_CANONICAL_STEPS the rest may hide a symlink; the result is marked incomplete (external).
			if (i >= MAX_CANONICAL_STEPS) return { path: restOf(next, segments, i, flavor), complete: false };
			const stat = probe.lstat(next);
			if (stat === null) return { path: restOf(next, segments, i, flavor), complete: true };
			if (stat.kind !== "symlink") {
				current = next;
				continue;
			}
			const real = probe.realpath(next);
			// A dangling link stays as written: what it would create is named by the command that made the link.
			if (real === null) return { path: restOf(next, segments, i, flavor), complete: true };
			current = normalizePath(real, flavor);
		}
		return { path: current, complete: true };
	}
}

function isStep(segment: string): boolean {
	return segment !== "" && segment !== ".";
}

/** `next` followed by the segments after index `i`, lexically folded. */
function restOf(next: string, segments: readonly string[], i: number, flavor: PathFlavor): string {
	return joinPath(next, segments.slice(i + 1).join(flavor.separator), flavor);
}

function startsWithSegments(segments: readonly string[], prefix: readonly string[], flavor: PathFlavor): boolean {
	if (segments.length < prefix.length) return false;
	return prefix.every((segment, index) => flavor.fold(segment) === flavor.fold(segments[index] as string));
}
