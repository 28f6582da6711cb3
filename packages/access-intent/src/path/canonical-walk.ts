/**
 * Owns: the canonical walk: an absolute path followed segment by segment through the probe (symlinks resolved, `..`
 * taken physically) from the canonical cwd or the root, the rest folded lexically past the first missing entry.
 * Never: decides containment or builds an `AccessPath`; `PathNormalizer` does, with the frame it hands in.
 */
import type { PathFlavor } from "@pi-permissions/policy";
import type { FileSystemProbe } from "./file-system-probe";
import { appendSegment, formatPath, joinPath, normalizePath, parentPath, parsePath } from "./path-syntax";

/**
 * A canonicalisation probes at most this many segments (below the cwd); a path whose existing part goes deeper is
 * not followed further and counts as external (fail closed).
 */
export const MAX_CANONICAL_STEPS = 64;

/** The working directory in every form the walk starts from, and the probe it asks. */
export interface CwdFrame {
	readonly flavor: PathFlavor;
	readonly probe: FileSystemProbe;
	/** Normalised (lexical) cwd. */
	readonly cwd: string;
	/** `cwd` followed by one separator: an absolute path starting with it is written under the cwd. */
	readonly cwdPrefix: string;
	readonly cwdRoot: string;
	readonly cwdSegments: readonly string[];
	/** The symlink-resolved cwd. */
	readonly canonicalCwd: string;
}

interface CanonicalPath {
	readonly path: string;
	/** False when the walk stopped at `MAX_CANONICAL_STEPS` with segments left unexamined. */
	readonly complete: boolean;
}

/**
 * The symlink-resolved form of `absolutePath` taken as written. `normal` promises that the path is already lexically
 * normal (what `normalizePath` returns unchanged): no `.`, `..` or empty segment, so the rest past a missing entry is
 * appended as it is instead of being folded again.
 */
export function canonicalize(frame: CwdFrame, absolutePath: string, normal: boolean): CanonicalPath {
	if (normal && frame.flavor.name === "posix" && absolutePath.startsWith("/"))
		return walkNormalPosix(frame, absolutePath);
	const { flavor } = frame;
	let segments: string[];
	let current: string;
	if (flavor.name === "posix" && absolutePath.startsWith(frame.cwdPrefix)) {
		// The common case, read without splitting the cwd again: the same segments the general branch would find.
		segments = absolutePath.slice(frame.cwdPrefix.length).split("/").filter(isStep);
		current = frame.canonicalCwd;
	} else {
		const parsed = parsePath(absolutePath, flavor);
		segments = parsed.segments.filter(isStep);
		current = formatPath(parsed.root, [], flavor);
		if (
			flavor.fold(parsed.root) === flavor.fold(frame.cwdRoot) &&
			startsWithSegments(segments, frame.cwdSegments, flavor)
		) {
			current = frame.canonicalCwd;
			segments = segments.slice(frame.cwdSegments.length);
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
		const stat = frame.probe.lstat(next);
		if (stat === null) return { path: restOf(next, segments, i, flavor), complete: true };
		if (stat.kind !== "symlink") {
			current = next;
			continue;
		}
		const real = frame.probe.realpath(next);
		// A dangling link stays as written: what it would create is named by the command that made the link.
		if (real === null) return { path: restOf(next, segments, i, flavor), complete: true };
		current = normalizePath(real, flavor);
	}
	return { path: current, complete: true };
}

/**
 * The general walk specialised to a normal posix absolute path (the same answers; a differential test holds it): no
 * split, no `..`, and while no symlink has been followed from a start spelled as written, every prefix probed and
 * the result are slices of the path itself rather than new strings.
 */
function walkNormalPosix(frame: CwdFrame, path: string): CanonicalPath {
	let current: string;
	let start: number;
	// While true, `current` is spelled exactly as `path` up to the segment being examined.
	let asWritten: boolean;
	if (path.startsWith(frame.cwdPrefix)) {
		current = frame.canonicalCwd;
		start = frame.cwdPrefix.length;
		asWritten = frame.canonicalCwd === frame.cwd;
	} else if (path === frame.cwd) {
		return { path: frame.canonicalCwd, complete: true };
	} else {
		current = "/";
		start = 1;
		asWritten = true;
	}
	for (let i = 0; start < path.length; i++) {
		const slash = path.indexOf("/", start);
		const stop = slash < 0 ? path.length : slash;
		const next = asWritten ? path.slice(0, stop) : appendSegment(current, path.slice(start, stop), frame.flavor);
		// SECURITY: past MAX_CANONICAL_STEPS the rest may hide a symlink; the result is marked incomplete (external).
		if (i >= MAX_CANONICAL_STEPS) return { path: withRest(frame, next, path, slash, asWritten), complete: false };
		const stat = frame.probe.lstat(next);
		if (stat === null) return { path: withRest(frame, next, path, slash, asWritten), complete: true };
		if (stat.kind === "symlink") {
			const real = frame.probe.realpath(next);
			// A dangling link stays as written: what it would create is named by the command that made the link.
			if (real === null) return { path: withRest(frame, next, path, slash, asWritten), complete: true };
			current = normalizePath(real, frame.flavor);
			asWritten = false;
		} else current = next;
		start = stop + 1;
	}
	return { path: asWritten ? path : current, complete: true };
}

/** `next` followed by the unexamined rest of the normal `path` from index `slash` (`-1`: nothing left), folded. */
function withRest(frame: CwdFrame, next: string, path: string, slash: number, asWritten: boolean): string {
	if (asWritten) return path;
	return normalizePath(slash < 0 ? next : next + path.slice(slash), frame.flavor);
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
