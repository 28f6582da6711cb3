/**
 * Owns: reading one scope's file through `ConfigFileSystem`: what is at the path, the size cap, strict UTF-8,
 * the trust gate, and reuse of an earlier interpretation while the file's mtime and size are unchanged.
 * Never: lets a read failure become `absent` (fail closed); never caches a failure, which may clear without a write.
 */
import type { ConfigIssue, ScopeName } from "@pi-permissions/policy";
import { type ConfigFileStat, type ConfigFileSystem, errorCode, FileTooLargeError } from "./config-file-system";
import { type ConfigLoadIssue, type ConfigLoadIssueKind, loadIssue, quoteInput as quote } from "./config-load-issue";
import { type ConfigFileFormat, type InterpretedScope, interpretConfigText } from "./config-text-interpretation";

/** Files larger than this are invalid without being read: 5 MiB, far above any real policy. */
export const DEFAULT_MAX_CONFIG_BYTES = 5 * 1024 * 1024;

/** A file's interpretation, valid while its mtime and size are unchanged. */
export interface CachedInterpretation {
	readonly mtimeMs: number;
	readonly size: number;
	readonly result: InterpretedScope;
}

export interface InterpretationCache {
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
}

const UTF8 = new TextDecoder("utf-8", { fatal: true }); // strips a leading byte-order mark

export async function readScopeFile(request: ScopeFileRequest): Promise<ScopeFileResult> {
	const { fileSystem, file, maxBytes } = request;
	const noun = request.format === "agent-markdown" ? "agent file" : "config file";
	const fail = (message: string, hint: string): ScopeFileResult => ({
		status: "invalid",
		issues: [issue(request, "unreadable", { keyPath: [], message, hint, severity: "error" })],
	});

	let found: ConfigFileStat | "failed";
	let statError: unknown;
	try {
		found = await fileSystem.stat(file);
	} catch (error) {
		found = "failed";
		statError = error;
	}
	if (found !== "failed" && found.kind === "missing") return { status: "absent" };

	const admission = request.admit();
	switch (admission.kind) {
		case "read":
			break;
		case "skip":
			return { status: "skipped" };
		case "refuse":
			return { status: "invalid", issues: [issue(request, admission.issueKind, admission.issue)] };
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
	if (found.size > maxBytes) return fail(...tooLarge(found.size, maxBytes, noun));

	const key = `${request.scope}\u0000${request.format}\u0000${file}`;
	const cached = request.cache.get(key);
	if (cached !== undefined && cached.mtimeMs === found.mtimeMs && cached.size === found.size) return cached.result;

	let bytes: Uint8Array;
	try {
		bytes = await fileSystem.readFile(file, maxBytes);
	} catch (error) {
		if (errorCode(error) === "EFBIG") {
			return fail(...tooLarge(error instanceof FileTooLargeError ? error.size : null, maxBytes, noun));
		}
		return fail(...failureText(error, noun, "read"));
	}
	if (bytes.byteLength > maxBytes) return fail(...tooLarge(bytes.byteLength, maxBytes, noun));
	let text: string;
	try {
		text = UTF8.decode(bytes);
	} catch {
		return fail(`the ${noun} is not UTF-8 text`, "save the file with UTF-8 encoding");
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
	request.cache.set(key, { mtimeMs: found.mtimeMs, size: found.size, result });
	return result;
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
