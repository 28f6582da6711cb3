/**
 * Owns: the device paths that are never external: they hold no user data, so touching them needs no boundary prompt.
 * Never: matches by prefix or pattern; `/dev/null/subdir` (PP-229) and `/dev/tty` are not safe devices.
 */

/**
 * Exactly these lexical absolute paths. `/dev/null` and `/dev/zero` are sinks and sources of nothing, the std streams
 * are the process's own descriptors, and the random devices only yield entropy. Left out on purpose: `/dev/tty`
 * (reads the human's keyboard), `/dev/fd/*` (may alias any open file), disks and `/dev/shm` (hold data).
 */
export const SAFE_DEVICES: readonly string[] = Object.freeze([
	"/dev/null",
	"/dev/zero",
	"/dev/stdin",
	"/dev/stdout",
	"/dev/stderr",
	"/dev/random",
	"/dev/urandom",
]);

const SAFE = new Set(SAFE_DEVICES);

/** True for a lexically normalised posix-spelled path that is exactly one of `SAFE_DEVICES`. */
export function isSafeDevice(normalizedPath: string): boolean {
	// SECURITY: exact match only; `/dev/null/subdir` and `/dev/nullx` are ordinary paths (PP-229).
	// Every safe device lies in `/dev/`: most paths are told apart by their first characters, without a set lookup.
	return normalizedPath.startsWith("/dev/") && SAFE.has(normalizedPath);
}
