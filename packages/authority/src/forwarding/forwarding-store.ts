/**
 * Owns: the file operations forwarding is built from: owner-only directories checked not to be symlinks,
 * atomic JSON writes (temp file + rename), bounded JSON reads, and removals that report instead of throwing.
 * Never: knows what a request or a response means.
 */
import { err, ok, type Result } from "@pi-permissions/policy";
import type { Clock } from "../clock";
import type { ForwardingFileSystem } from "./forwarding-file-system";

type JsonRead =
	/** `text` is exactly what was read, for a digest of the bytes the value came from. */
	| { readonly kind: "value"; readonly value: unknown; readonly text: string }
	| { readonly kind: "missing" }
	/** Present but unusable: too large, not a regular file, unreadable or not JSON. */
	| { readonly kind: "unreadable"; readonly reason: string };

function describe(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

export class ForwardingStore {
	private writes = 0;

	/** `pid` names this process in temp-file names, so concurrent writers never share one. */
	constructor(
		private readonly fs: ForwardingFileSystem,
		private readonly clock: Clock,
		private readonly pid: number,
	) {}

	/** Creates each directory in order (owner-only) and refuses any that is, or has become, a symlink. */
	async ensurePrivateDirectories(paths: readonly string[]): Promise<Result<void, string>> {
		for (const path of paths) {
			try {
				await this.fs.makePrivateDirectory(path);
			} catch (error) {
				return err(`cannot create \`${path}\`: ${describe(error)}`);
			}
			const kind = await this.fs.entryKind(path);
			// SECURITY: a symlinked inbox could redirect requests or responses to a place another user controls.
			if (kind !== "directory") return err(`\`${path}\` is a ${kind}, not a private directory`);
		}
		return ok(undefined);
	}

	/** Writes `value` as JSON to a temp file beside `path` and renames it into place; a reader never sees half a file. */
	writeJsonAtomic(path: string, value: unknown): Promise<Result<void, string>> {
		return this.writeTextAtomic(path, JSON.stringify(value));
	}

	/** Writes `text` as it is, atomically (temp file + rename), so a digest of `text` is a digest of the file. */
	async writeTextAtomic(path: string, text: string): Promise<Result<void, string>> {
		this.writes += 1;
		const temp = `${path}.${this.pid}.${this.clock.now()}.${this.writes}.tmp`;
		try {
			await this.fs.writeNewPrivateFile(temp, text);
			await this.fs.rename(temp, path);
			return ok(undefined);
		} catch (error) {
			await this.remove(temp);
			return err(`cannot write \`${path}\`: ${describe(error)}`);
		}
	}

	/** Reads and parses a JSON file of at most `maxBytes`. Never throws. */
	async readJson(path: string, maxBytes: number): Promise<JsonRead> {
		let read: Awaited<ReturnType<ForwardingFileSystem["readBounded"]>>;
		try {
			read = await this.fs.readBounded(path, maxBytes);
		} catch (error) {
			return { kind: "unreadable", reason: `cannot read \`${path}\`: ${describe(error)}` };
		}
		switch (read.kind) {
			case "missing":
				return read;
			case "too-large":
				return { kind: "unreadable", reason: `\`${path}\` holds ${read.size} bytes, over the ${maxBytes}-byte limit` };
			case "not-a-file":
				return { kind: "unreadable", reason: `\`${path}\` is not a regular file` };
			case "text":
				try {
					return { kind: "value", value: JSON.parse(read.text) as unknown, text: read.text };
				} catch {
					return { kind: "unreadable", reason: `\`${path}\` is not valid JSON (${read.text.length} characters)` };
				}
			default: {
				const unhandled: never = read;
				throw new Error(`unhandled read ${String(unhandled)}`);
			}
		}
	}

	/** What is at `path` (no symlink followed). Never throws. */
	entryKind(path: string): ReturnType<ForwardingFileSystem["entryKind"]> {
		return this.fs.entryKind(path);
	}

	/** Lists the `.json` entries of `dir`, sorted; `[]` when it is missing or unreadable. */
	async listJson(dir: string): Promise<readonly string[]> {
		try {
			return (await this.fs.list(dir)).filter((name) => name.endsWith(".json")).sort();
		} catch {
			return [];
		}
	}

	/** Removes a file; reports a failure instead of throwing. */
	remove(path: string): Promise<Result<void, string>> {
		return removal(path, () => this.fs.remove(path));
	}

	/** Removes a directory and what it holds; reports a failure instead of throwing. */
	removeTree(path: string): Promise<Result<void, string>> {
		return removal(path, () => this.fs.removeTree(path));
	}
}

async function removal(path: string, remove: () => Promise<void>): Promise<Result<void, string>> {
	try {
		await remove();
		return ok(undefined);
	} catch (error) {
		return err(`cannot remove \`${path}\`: ${describe(error)}`);
	}
}
