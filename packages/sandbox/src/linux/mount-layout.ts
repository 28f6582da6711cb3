/**
 * Owns: the bubblewrap mounts of one call, from canonical existing paths: the read-only root, the writable roots, an
 * empty tmpfs over each denied directory (a writable root inside one bound back, as sandbox-runtime did), `/dev/null`
 * over each denied file, a read-only bind over each path whose writes are denied inside a writable root, and a
 * read-only self-bind ("pin") of every directory between such a mount and its writable root, laid beneath the writable
 * binds, so the kernel refuses to rename or remove it (`mv .git x && cp -r x .git` would otherwise shed the mount).
 * Never: mounts on a path that does not exist (bubblewrap would create it on the real disk: sandbox-runtime issue
 * #139), binds host content back into a denied directory, or lets a later writable bind undo a deny.
 */

/** A path a read deny covers, canonical and existing. */
export interface ReadDeny {
	readonly path: string;
	readonly isDirectory: boolean;
}

interface MountLayoutInput {
	/** Canonical existing directories the command may write. */
	readonly writeRoots: readonly string[];
	readonly readDenies: readonly ReadDeny[];
	/** Canonical existing paths whose writes are denied. */
	readonly writeDenies: readonly string[];
}

/** One mount after the writable roots, in the order bubblewrap applies them. */
type Mount =
	| { readonly kind: "restore"; readonly path: string }
	| { readonly kind: "read-only"; readonly path: string }
	| { readonly kind: "tmpfs"; readonly path: string }
	| { readonly kind: "mask"; readonly path: string };

/** At one depth, what must land first: a restored root before a deny on it, a read-only bind before a hiding tmpfs. */
const TIE_ORDER: Readonly<Record<Mount["kind"], number>> = { restore: 0, "read-only": 1, tmpfs: 2, mask: 3 };

/** Paths bubblewrap sets up itself afterwards (`--dev`, `--proc`); nothing is mounted inside them here. */
const KERNEL_DIRECTORIES: readonly string[] = ["/dev", "/proc"];

/** The mount arguments, to be followed by `--dev /dev --proc /proc`. */
export function mountArguments(input: MountLayoutInput): string[] {
	const roots = unique(input.writeRoots).sort(byDepth);
	const readDenied = new Set(input.readDenies.map((deny) => deny.path));
	const candidates: Mount[] = [];
	for (const deny of input.readDenies) {
		if (isKernelPath(deny.path) || deny.path === "/") continue;
		candidates.push({ kind: deny.isDirectory ? "tmpfs" : "mask", path: deny.path });
	}
	for (const path of unique(input.writeDenies)) {
		if (isKernelPath(path) || path === "/" || readDenied.has(path)) continue;
		// Outside every writable root the read-only root already refuses the write; a root below it is covered by it.
		if (!roots.some((root) => within(path, root) || within(root, path))) continue;
		candidates.push({ kind: "read-only", path });
	}
	for (const root of roots) candidates.push({ kind: "restore", path: root });
	candidates.sort(
		(a, b) => byDepth(a.path, b.path) || TIE_ORDER[a.kind] - TIE_ORDER[b.kind] || compare(a.path, b.path),
	);

	const emitted: Mount[] = [];
	const tmpfs: string[] = [];
	const restored: string[] = [];
	const readOnly: string[] = [];
	const hidden = (path: string) =>
		tmpfs.some(
			(dir) => within(path, dir) && !restored.some((root) => root !== dir && within(root, dir) && within(path, root)),
		);
	for (const mount of dedupe(candidates)) {
		const isHidden = hidden(mount.path);
		switch (mount.kind) {
			case "restore":
				// A writable root under a denied directory is bound back (what the command may write it may read);
				// one that is not hidden was bound with the others.
				if (!isHidden) continue;
				restored.push(mount.path);
				break;
			case "read-only":
				// SECURITY: a bind inside a denied directory would bring the host's content back into it.
				if (isHidden) continue;
				readOnly.push(mount.path);
				break;
			case "tmpfs":
				if (isHidden) continue;
				tmpfs.push(mount.path);
				break;
			case "mask":
				if (isHidden) continue;
				break;
			default: {
				const unhandled: never = mount;
				throw new Error(`unhandled mount ${String(unhandled)}`);
			}
		}
		emitted.push(mount);
	}
	const args = ["--ro-bind", "/", "/"];
	for (const pin of pins(emitted, roots)) args.push("--ro-bind", pin, pin);
	for (const root of roots) args.push("--bind", root, root);
	for (const mount of emitted) {
		switch (mount.kind) {
			case "restore": {
				// A root inside a read-only place stays read-only when it is bound back.
				const frozen = readOnly.some((path) => within(mount.path, path));
				args.push(frozen ? "--ro-bind" : "--bind", mount.path, mount.path);
				break;
			}
			case "read-only":
				args.push("--ro-bind", mount.path, mount.path);
				break;
			case "tmpfs":
				args.push("--tmpfs", mount.path);
				break;
			case "mask":
				args.push("--ro-bind", "/dev/null", mount.path);
				break;
			default: {
				const unhandled: never = mount;
				throw new Error(`unhandled mount ${String(unhandled)}`);
			}
		}
	}
	return args;
}

/**
 * The directories strictly between each deny mount and the deepest writable root holding it, shallow first. Bound
 * before the writable roots, they lie buried under them (lookups never meet them) yet each is a mount point, which
 * the kernel will not rename or remove.
 */
function pins(mounts: readonly Mount[], roots: readonly string[]): string[] {
	const out = new Set<string>();
	for (const mount of mounts) {
		if (mount.kind === "restore") continue;
		const root = roots.filter((candidate) => within(mount.path, candidate) && candidate !== mount.path).at(-1);
		if (root === undefined) continue;
		for (let dir = parentOf(mount.path); dir !== root && within(dir, root); dir = parentOf(dir)) out.add(dir);
	}
	return [...out].sort(byDepth);
}

function within(path: string, dir: string): boolean {
	return dir === "/" || path === dir || path.startsWith(`${dir}/`);
}

function parentOf(path: string): string {
	const cut = path.lastIndexOf("/");
	return cut <= 0 ? "/" : path.slice(0, cut);
}

function isKernelPath(path: string): boolean {
	return KERNEL_DIRECTORIES.some((dir) => within(path, dir));
}

function byDepth(a: string, b: string): number {
	return depth(a) - depth(b);
}

function depth(path: string): number {
	return path === "/" ? 0 : path.split("/").length - 1;
}

function compare(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

function unique(paths: readonly string[]): string[] {
	return [...new Set(paths)];
}

function dedupe(mounts: readonly Mount[]): Mount[] {
	const seen = new Set<string>();
	return mounts.filter((mount) => {
		const key = `${mount.kind}\0${mount.path}`;
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	});
}
