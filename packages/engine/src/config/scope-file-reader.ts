/**
 * Owns: reading one scope's file through `ConfigFileSystem` as a consistent snapshot: what is at the path, the size
 * cap, strict UTF-8, the trust gate, a bounded re-read of a file caught while it is written, and reuse of an earlier
 * interpretation while the file's mtime and size are unchanged.
 * Never: lets a read failure become `absent` (fail closed); never caches an IO failure, which may clear without a
 * write (a content failure is cached once its re-reads are spent: it cannot clear without a write).
 */
import type { ConfigIssue, ScopeName } from "@pi-permissions/policy";
import { type ConfigFileStat, type ConfigFileSystem, errorCode, FileTooLargeError } from "./config-file-system";
import { type ConfigLoadIssue, type ConfigLoadIssueKind, loadIssue, quoteInput as quote } from "./config-load-issue";
import { type ConfigFileFormat, type InterpretedScope, interpretConfigText } from "./config-text-interpretation";

/** Files larger than this are invalid without being read: 5 MiB, far above any real policy. */
export const DEFAULT_MAX_CONFIG_BYTES = 5 * 1024 * 1024;

/**
 * Waits before each re-read of a file that read as invalid or changed while it was read: at most 3 re-reads over
 * at most 100 ms in all. A file still broken after them is judged as it is (its denies kept, every allow floored).
 */
export const DEFAULT_REREAD_DELAYS_MS: readonly number[] = [10, 30, 60];

/** A file's interpretation, valid while its mtime and size are unchanged. */
export interface CachedInterpretation {
	readonly mtimeMs: number;
	readonly size: number;
	readonly result: InterpretedScope;
}

interface InterpretationCache {
	get(key: string): CachedInterpretation | undefined;
	set(key: string, entry: CachedInterpretation): void;
}

/** Whether a file that exists may be read: project files wait for trust. */
export type Admission =
	| { readonly kind: "read" }
	| { readonly kind: "skip" }
	| { readonly kind: "refuse"; readonly issueKind: ConfigLoadIssueKind; readonly issue: ConfigIssue };

export type ScopeFileResult = InterpretedScope | { readonly status: "skipped" };

export interface ScopeFileRequest {
	readonly fileSystem: ConfigFileSystem;
	readonly scope: ScopeName;
	readonly file: string;
	readonly format: ConfigFileFormat;
	readonly maxBytes: number;
	readonly cache: InterpretationCache;
	/** Asked only when something is at the path. */
	readonly admit: () => Admission;
	/** Waits before each re-read (`DEFAULT_REREAD_DELAYS_MS`); its length bounds the re-reads. */
	readonly rereadDelaysMs: readonly number[];
	/** The file held valid content at this loader's last look, so a sudden absence is re-checked as a rewrite. */
	readonly expectPresent: boolean;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true }); // strips a leading byte-order mark

/**
 * Reads the file as one consistent snapshot. A read that comes back invalid, or from a file whose mtime or size moved
 * while it was read, or an absence where this loader last saw valid content, is retried after each delay of
 * `rereadDelaysMs`; the last attempt's result stands. Only content results are cached, and only once settled.
 */
export async function readScopeFile(request: ScopeFileRequest): Promise<ScopeFileResult> {
	const delays = request.rereadDelaysMs;
	let attempt = await readAttempt(request);
	for (const delay of delays) {
		if (!attempt.unsettled) break;
		// SECURITY: ADR 0022: an editor saving in place exposes every prefix of the file; never judge half a file.
		await pause(request.fileSystem, delay);
		attempt = await readAttempt(request);
	}
	if (attempt.cacheable !== null) request.cache.set(attempt.cacheable.key, attempt.cacheable.entry);
	return attempt.result;
}

interface Attempt {
	readonly result: ScopeFileResult;
	/** Whether another read may see a different file: the result is invalid, torn, or an unexpected absence. */
	readonly unsettled: boolean;
	/** A content result to cache once no more re-reads follow. */
	readonly cacheable: { readonly key: string; readonly entry: CachedInterpretation } | null;
}

async function pause(fileSystem: ConfigFileSystem, ms: number): Promise<void> {
	if (fileSystem.pause !== undefined) await fileSystem.pause(ms);
}

async function readAttempt(request: ScopeFileRequest): Promise<Attempt> {
	const { fileSystem, file, maxBytes } = request;
	const noun = request.format === "agent-markdown" ? "agent file" : "config file";
	const settled = (result: ScopeFileResult): Attempt => ({ result, unsettled: false, cacheable: null });
	// An IO failure may be a file caught mid-replace (EAGAIN, a vanished entry); re-reading it is cheap and bounded.
	const fail = (message: string, hint: string, unsettled = false): Attempt => ({
		result: {
			status: "invalid",
			issues: [issue(request, "unreadable", { keyPath: [], message, hint, severity: "error" })],
		},
		unsettled,
		cacheable: null,
	});

	let found: ConfigFileStat | "failed";
	let statError: unknown;
	try {
		found = await fileSystem.stat(file);
	} catch (error) {
		found = "failed";
		statError = error;
	}
	if (found !== "failed" && found.kind === "missing") {
		return { result: { status: "absent" }, unsettled: request.expectPresent, cacheable: null };
	}

	const admission = request.admit();
	switch (admission.kind) {
		case "read":
			break;
		case "skip":
			return settled({ status: "skipped" });
		case "refuse":
			return settled({ status: "invalid", issues: [issue(request, admission.issueKind, admission.issue)] });
		default: {
			const unhandled: never = admission;
			throw new Error(`unhandled admission ${String(unhandled)}`);
		}
	}

	if (found === "failed") {
		const [message, hint] = failureText(statError, noun, "reached");
		return fail(message, hint);
	}
	switch (found.kind) {
		case "directory":
			return fail(`a directory stands where the ${noun} should be`, `remove the directory, or make this path a file`);
		case "dangling-symlink":
			return fail(
				`the ${noun} is a symbolic link to a missing target`,
				"point the link at an existing file, or remove it",
				true,
			);
		case "other":
			return fail(`the ${noun} is not a regular file`, "replace it with a regular file, or remove it");
		case "file":
			break;
		default: {
			const unhandled: never = found;
			throw new Error(`unhandled file stat ${String(unhandled)}`);
		}
	}
	if (found.size > maxBytes) return fail(...tooLarge(found.size, maxBytes, noun), true);

	const key = `${request.scope}\u0000${request.format}\u0000${file}`;
	const cached = request.cache.get(key);
	if (cached !== undefined && cached.mtimeMs === found.mtimeMs && cached.size === found.size) {
		return settled(cached.result);
	}

	let bytes: Uint8Array;
	try {
		bytes = await fileSystem.readFile(file, maxBytes);
	} catch (error) {
		const code = errorCode(error);
		if (code === "EFBIG") {
			return fail(...tooLarge(error instanceof FileTooLargeError ? error.size : null, maxBytes, noun), true);
		}
		return fail(...failureText(error, noun, "read"), code === "EAGAIN" || code === "ENOENT");
	}
	if (bytes.byteLength > maxBytes) return fail(...tooLarge(bytes.byteLength, maxBytes, noun), true);
	// A snapshot is consistent only if the file's mtime and size did not move while it was read.
	const torn = !(await sameStat(fileSystem, file, found));
	let text: string;
	try {
		text = UTF8.decode(bytes);
	} catch {
		return fail(`the ${noun} is not UTF-8 text`, "save the file with UTF-8 encoding", torn);
	}
	let result: InterpretedScope;
	try {
		result = interpretConfigText(text, request.format, { scope: request.scope, file });
	} catch (error) {
		// SECURITY: a parser bug on hostile text must cost this scope, not the whole load; it fails closed.
		const reason = error instanceof Error ? error.message : String(error);
		return fail(
			`the ${noun} could not be interpreted: ${quote(reason)}`,
			"simplify the file, and report this as a bug",
		);
	}
	const entry: CachedInterpretation = { mtimeMs: found.mtimeMs, size: found.size, result };
	if (torn) return { result, unsettled: true, cacheable: null };
	return { result, unsettled: result.status === "invalid", cacheable: { key, entry } };
}

async function sameStat(fileSystem: ConfigFileSystem, file: string, before: ConfigFileStat & { kind: "file" }) {
	try {
		const after = await fileSystem.stat(file);
		return after.kind === "file" && after.mtimeMs === before.mtimeMs && after.size === before.size;
	} catch {
		return false;
	}
}

function issue(request: ScopeFileRequest, kind: ConfigLoadIssueKind, base: ConfigIssue): ConfigLoadIssue {
	return loadIssue(kind, request.scope, request.file, base, null);
}

function tooLarge(size: number | null, maxBytes: number, noun: string): [string, string] {
	const cap = formatBytes(maxBytes);
	const actual = size === null ? `over ${cap}` : formatBytes(size);
	return [`the ${noun} is ${actual}; at most ${cap} are read`, `keep the file under ${cap}`];
}

function formatBytes(bytes: number): string {
	return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${bytes} bytes`;
}

/** One-line message and hint for a failed `stat` ("reached") or `readFile` ("read"). */
function failureText(error: unknown, noun: string, verb: "reached" | "read"): [string, string] {
	const code = errorCode(error);
	switch (code) {
		case "EACCES":
		case "EPERM":
			return [
				`the ${noun} cannot be ${verb}: permission denied`,
				"let your user read the file and its folders (e.g. `chmod 644`), or remove it",
			];
		case "EISDIR":
			return [`a directory stands where the ${noun} should be`, "remove the directory, or make this path a file"];
		case "ELOOP":
			return [`the ${noun} path loops through symbolic links`, "point the link at a real file, or remove it"];
		case "EAGAIN":
			return [`the ${noun} changed while it was ${verb}`, "load the config again once the file is saved"];
		default: {
			const reason = code ?? (error instanceof Error ? error.message : String(error));
			return [`the ${noun} cannot be ${verb}: ${quote(reason)}`, "check that the file is readable, or remove it"];
		}
	}
}
