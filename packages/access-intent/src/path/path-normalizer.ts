/**
 * Owns: `PathNormalizer`, born with cwd, home, flavor and probe: turns raw tokens into `AccessPath`s (home expansion,
 * base resolution, canonicalisation through the longest existing ancestor, containment on the canonical form).
 * Never: reads process state or decides an action; every file-system question goes through the injected probe.
 */
import { expandHome, type PathFlavor } from "@pi-permissions/policy";
import { type AccessPath, deriveMatchValues, type LiteralAccessPath } from "./access-path";
import { type CwdFrame, canonicalize } from "./canonical-walk";
import { createMemoizedProbe, type DirectoryEntry, type EntryKind, type FileSystemProbe } from "./file-system-probe";
import { classifyMsysToken } from "./msys-token";
import {
	appendSegment,
	foldSegments,
	isAbsolutePath,
	joinPath,
	normalizePath,
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

export class PathNormalizer {
	readonly cwd: string;
	readonly home: string;
	readonly flavor: PathFlavor;
	/** The symlink-resolved working directory, the reference for containment. */
	readonly canonicalCwd: string;
	private readonly probe: FileSystemProbe;
	/** The cwd forms the canonical walk starts from, with this normalizer's probe. */
	private readonly frame: CwdFrame;
	/** `canonicalCwd` followed by one separator, for the posix containment test. */
	private readonly canonicalCwdPrefix: string;
	private readonly callCounter: { calls(): number } | null;

	private constructor(
		options: PathNormalizerOptions,
		canonicalCwd: string,
		callCounter: { calls(): number } | null = null,
		/** The cwd-derived fields of the normalizer this is a view of, so a per-command view re-derives nothing. */
		derivedFrom: PathNormalizer | null = null,
	) {
		this.callCounter = callCounter;
		this.flavor = options.flavor;
		this.probe = options.probe;
		this.canonicalCwd = canonicalCwd;
		this.canonicalCwdPrefix = appendSegment(canonicalCwd, "", options.flavor);
		if (derivedFrom !== null) {
			this.cwd = derivedFrom.cwd;
			this.home = derivedFrom.home;
			this.frame = { ...derivedFrom.frame, probe: options.probe };
			return;
		}
		this.cwd = normalizePath(options.cwd, options.flavor);
		const parsedCwd = parsePath(this.cwd, options.flavor);
		this.frame = {
			flavor: options.flavor,
			probe: options.probe,
			cwd: this.cwd,
			cwdPrefix: appendSegment(this.cwd, "", options.flavor),
			cwdRoot: parsedCwd.root,
			cwdSegments: foldSegments(parsedCwd),
			canonicalCwd,
		};
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
		return new PathNormalizer(options, this.canonicalCwd, memo, this);
	}

	/** Probe questions actually asked through a `withProbeCache()` view (cache hits are free); 0 on other normalizers. */
	probeCalls(): number {
		return this.callCounter?.calls() ?? 0;
	}

	expandHome(text: string): string {
		return expandHome(text, this.home);
	}

	isAbsolute(text: string): boolean {
		return isAbsolutePath(text, this.flavor);
	}

	/** The lexical absolute form of `text` (home-expanded) against `base` or the cwd. */
	resolveLexical(text: string, base?: string): string {
		const dir = base ?? this.cwd;
		// A bare name in the (normalised) cwd, the walk's most common question: no join and normalising test needed.
		if (dir === this.cwd && isPlainPosixSegment(text, this.flavor)) return appendSegment(dir, text, this.flavor);
		return joinPath(dir, this.expandHome(text), this.flavor);
	}

	/** An `AccessPath` for a path-bearing tool input or a bash token whose location is known. */
	forPath(typed: string, options: ForPathOptions = {}): AccessPath {
		return this.resolve(typed, options.base ?? this.cwd, options.dotDot === "physical");
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
		if (this.flavor.name === "posix") return this.resolve(typed, base, true);
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
				return this.resolve(shape.windowsPath, base, true);
			case "unmapped-posix-absolute":
				// SECURITY: a Git Bash absolute such as `/etc/hosts` lives somewhere under the Git install; never inside cwd.
				return this.forLiteral(expanded, { external: true, reason: "unmapped-posix-absolute" });
			case "plain":
				return this.resolve(typed, base, true);
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
		return this.canonicalRelative(canonical) !== null;
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
	 * The entries of a directory with what each is (a symlink not followed), `null` when it cannot be listed: one
	 * listing when the probe can, else the names and an `entryKind` each (an entry gone meanwhile is left out).
	 */
	listDirectoryKinds(absolutePath: string): readonly DirectoryEntry[] | null {
		if (this.probe.readdirKinds !== undefined) return this.probe.readdirKinds(absolutePath);
		const names = this.probe.readdir(absolutePath);
		if (names === null) return null;
		const entries: DirectoryEntry[] = [];
		for (const name of names) {
			const kind = this.entryKind(appendSegment(absolutePath, name, this.flavor));
			if (kind !== null) entries.push({ name, kind });
		}
		return entries;
	}

	/** What the entry itself is (a symlink is not followed), `null` when it does not exist. */
	entryKind(absolutePath: string): EntryKind | null {
		return this.probe.lstat(absolutePath)?.kind ?? null;
	}

	/** The symlink-resolved form of an existing path, `null` when it does not exist (a dangling link). */
	realpath(absolutePath: string): string | null {
		return this.probe.realpath(absolutePath);
	}

	/**
	 * `forPath` itself. The lexical form is normalised once; the canonical walk is told when the path it follows is
	 * already normal (the usual case, where the lexical and physical readings are the same string).
	 */
	private resolve(typed: string, base: string, physical: boolean): AccessPath {
		const { flavor } = this;
		const expanded = this.expandHome(typed);
		const absolute = isAbsolutePath(expanded, flavor);
		const joined = absolute ? expanded : `${base}${flavor.separator}${expanded}`;
		// What `joinPath(base, expanded)` answers, without asking whether `expanded` is absolute again.
		const lexical = absolute || expanded !== "" ? normalizePath(joined, flavor) : normalizePath(base, flavor);
		const walked = physical ? joined : lexical;
		const { path: canonical, complete } = canonicalize(this.frame, walked, walked === lexical);
		const lexicalRelative = this.relativeTo(this.cwd, this.frame.cwdPrefix, lexical);
		const canonicalRelative =
			canonical === lexical && this.canonicalCwd === this.cwd ? lexicalRelative : this.canonicalRelative(canonical);
		const matchValues = deriveMatchValues({
			typedRelative: absolute ? null : this.typedRelative(expanded, joined, lexical),
			lexical,
			lexicalRelative,
			canonical,
			canonicalRelative,
			flavor,
		});
		const safe = flavor.name === "posix" && isSafeDevice(lexical);
		return Object.freeze({
			kind: "resolved",
			typed,
			lexical,
			canonical,
			matchValues,
			external: !safe && (!complete || canonicalRelative === null),
		});
	}

	/** `normalizePath(expanded)` for a relative `expanded`; a posix `base/expanded` already normal has it normal too. */
	private typedRelative(expanded: string, joined: string, lexical: string): string {
		return this.flavor.name === "posix" && joined === lexical ? expanded : normalizePath(expanded, this.flavor);
	}

	/** `relativeInside(canonicalCwd, path)`. */
	private canonicalRelative(path: string): string | null {
		return this.relativeTo(this.canonicalCwd, this.canonicalCwdPrefix, path);
	}

	/** `relativeInside(dir, path)`; on posix (no folding) against `prefix`, the directory's precomputed `dir/`. */
	private relativeTo(dir: string, prefix: string, path: string): string | null {
		if (this.flavor.name !== "posix") return relativeInside(dir, path, this.flavor);
		if (path === dir) return ".";
		if (!path.startsWith(prefix)) return null;
		return path.length === prefix.length ? "." : path.slice(prefix.length);
	}
}

/** A posix name that joins to a directory unchanged by normalising: no `/`, not empty, `.`, `..` or a tilde form. */
function isPlainPosixSegment(text: string, flavor: PathFlavor): boolean {
	return (
		flavor.name === "posix" &&
		text !== "" &&
		text !== "." &&
		text !== ".." &&
		text.charCodeAt(0) !== 126 /* ~ */ &&
		!text.includes("/")
	);
}
