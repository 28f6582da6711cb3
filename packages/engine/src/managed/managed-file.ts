/**
 * Owns: reading the managed policy file (ADR 0055): the ownership law (the file and its
 * directory owned by root and not writable by group or others, no symbolic link), and the outcome composition takes:
 * absent, trusted (with its sha256), refused (the problem and the fix) or invalid (its salvaged denies kept).
 * Never: composes or decides; a file that exists but cannot be trusted is refused, never silently dropped.
 */
import { createHash } from "node:crypto";
import { lstat, readFile } from "node:fs/promises";
import { type ManagedOutcome, managedKeyIssues, salvageConfig } from "@pi-permissions/policy";
import { formatConfigLoadIssue } from "../config/config-load-issue";
import { interpretConfigText } from "../config/config-text-interpretation";

/** What the ownership law reads of one path: its kind, owner and permission bits. */
export type ManagedEntry =
	| { readonly kind: "missing" }
	| { readonly kind: "file" | "directory" | "symlink" | "other"; readonly uid: number; readonly mode: number };

/** The file-system questions the managed reader asks; the node implementation is `nodeManagedFileSystem`. */
export interface ManagedFileSystem {
	/** Does not follow a symbolic link. May reject (EACCES); the file is then refused. */
	lstat(path: string): Promise<ManagedEntry>;
	readFile(path: string): Promise<Uint8Array>;
}

/** The largest managed file read; a larger one is refused. */
const MAX_BYTES = 1024 * 1024;

/** Reads `file` under the ownership law. Never rejects. */
export async function readManagedPolicy(fs: ManagedFileSystem, file: string): Promise<ManagedOutcome> {
	let entry: ManagedEntry;
	try {
		entry = await fs.lstat(file);
	} catch (error) {
		return refused(file, `it cannot be checked (${messageOf(error)})`, "make it readable by the user Pi runs as");
	}
	if (entry.kind === "missing") return { status: "absent", file };
	const dir = file.slice(0, Math.max(file.lastIndexOf("/"), 1));
	// SECURITY: whoever can replace the file or its directory can rewrite the policy every user is held to.
	const fileProblem = ownershipProblem(entry, file, "file");
	if (fileProblem !== null) return refused(file, fileProblem.problem, fileProblem.fix);
	let dirEntry: ManagedEntry;
	try {
		dirEntry = await fs.lstat(dir);
	} catch (error) {
		return refused(file, `its directory cannot be checked (${messageOf(error)})`, `make ${dir} readable`);
	}
	const dirProblem = ownershipProblem(dirEntry, dir, "directory");
	if (dirProblem !== null) return refused(file, dirProblem.problem, dirProblem.fix);
	let bytes: Uint8Array;
	try {
		bytes = await fs.readFile(file);
	} catch (error) {
		return refused(file, `it cannot be read (${messageOf(error)})`, "make it readable by the user Pi runs as");
	}
	if (bytes.byteLength > MAX_BYTES) return refused(file, "it is larger than 1 MiB", "shorten it");
	const sha256 = createHash("sha256").update(bytes).digest("hex");
	let text: string;
	try {
		text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
	} catch {
		return { status: "invalid", file, sha256, problem: "it is not UTF-8 text" };
	}
	const scope = interpretConfigText(text, "config-json", { scope: "managed", file });
	switch (scope.status) {
		case "absent":
			return { status: "trusted", file, sha256, config: {} };
		case "valid": {
			const [error] = scope.issues.filter((issue) => issue.severity === "error");
			const [key] = managedKeyIssues(scope.config);
			if (error === undefined && key === undefined) return { status: "trusted", file, sha256, config: scope.config };
			const problem = error === undefined ? `${key?.message} (fix: ${key?.hint})` : formatConfigLoadIssue(error);
			// SECURITY: a managed file with a key it may not hold keeps only its denies, as any broken file does.
			return { status: "invalid", file, sha256, problem, salvaged: salvageConfig(scope.config) };
		}
		case "invalid": {
			const first = scope.issues[0];
			const problem = first === undefined ? "it is not valid" : formatConfigLoadIssue(first);
			return scope.salvaged === undefined
				? { status: "invalid", file, sha256, problem }
				: { status: "invalid", file, sha256, problem, salvaged: scope.salvaged };
		}
		default: {
			const unhandled: never = scope;
			throw new Error(`unhandled scope ${String(unhandled)}`);
		}
	}
}

function ownershipProblem(
	entry: ManagedEntry,
	path: string,
	what: "file" | "directory",
): { readonly problem: string; readonly fix: string } | null {
	if (entry.kind === "missing") return { problem: `${path} is missing`, fix: `create ${path}` };
	if (entry.kind === "symlink")
		return { problem: `${path} is a symbolic link`, fix: `replace it with the ${what} itself` };
	if (entry.kind !== what) return { problem: `${path} is not a ${what}`, fix: `make it a ${what}` };
	if (entry.uid !== 0) return { problem: `${path} is not owned by root`, fix: `sudo chown root ${path}` };
	if ((entry.mode & 0o022) !== 0)
		return { problem: `${path} is writable by group or others`, fix: `sudo chmod go-w ${path}` };
	return null;
}

function refused(file: string, problem: string, fix: string): ManagedOutcome {
	return { status: "refused", file, problem, fix };
}

function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** The real file system; only a composition root or a real-fs test builds it. */
export function nodeManagedFileSystem(): ManagedFileSystem {
	return {
		lstat: async (path) => {
			try {
				const found = await lstat(path);
				const kind = found.isSymbolicLink()
					? "symlink"
					: found.isFile()
						? "file"
						: found.isDirectory()
							? "directory"
							: "other";
				return { kind, uid: found.uid, mode: found.mode };
			} catch (error) {
				if (error instanceof Error && "code" in error && (error.code === "ENOENT" || error.code === "ENOTDIR"))
					return { kind: "missing" };
				throw error;
			}
		},
		readFile: async (path) => new Uint8Array(await readFile(path)),
	};
}
