/**
 * Owns: `MemoryFileSystem`, an in-memory `ConfigFileSystem` whose entries, mtimes and failures a test sets directly.
 * Never: touches the disk; it stands in only at the loader's injected file-system edge.
 */
import type { ConfigFileStat, ConfigFileSystem } from "../../src/config/config-file-system";

type Entry =
	| { readonly kind: "file"; bytes: Uint8Array; mtimeMs: number }
	| { readonly kind: "stat"; readonly stat: ConfigFileStat }
	| { readonly kind: "stat-fails"; readonly error: unknown }
	| { readonly kind: "read-fails"; readonly size: number; readonly error: unknown };

export class MemoryFileSystem implements ConfigFileSystem {
	private readonly entries = new Map<string, Entry>();
	reads = 0;

	file(path: string, content: string | Uint8Array, mtimeMs = 1): this {
		const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
		this.entries.set(path, { kind: "file", bytes, mtimeMs });
		return this;
	}

	/** Removes whatever is at `path`. */
	remove(path: string): this {
		this.entries.delete(path);
		return this;
	}

	entry(path: string, stat: ConfigFileStat): this {
		this.entries.set(path, { kind: "stat", stat });
		return this;
	}

	statFails(path: string, error: unknown): this {
		this.entries.set(path, { kind: "stat-fails", error });
		return this;
	}

	readFails(path: string, error: unknown, size = 10): this {
		this.entries.set(path, { kind: "read-fails", size, error });
		return this;
	}

	async stat(path: string): Promise<ConfigFileStat> {
		const entry = this.entries.get(path);
		switch (entry?.kind) {
			case undefined:
				return { kind: "missing" };
			case "file":
				return { kind: "file", mtimeMs: entry.mtimeMs, size: entry.bytes.byteLength };
			case "stat":
				return entry.stat;
			case "stat-fails":
				throw entry.error;
			case "read-fails":
				return { kind: "file", mtimeMs: 1, size: entry.size };
			default: {
				const unhandled: never = entry;
				throw new Error(`unhandled entry ${String(unhandled)}`);
			}
		}
	}

	async readFile(path: string): Promise<Uint8Array> {
		this.reads += 1;
		const entry = this.entries.get(path);
		if (entry?.kind === "file") return entry.bytes;
		if (entry?.kind === "read-fails") throw entry.error;
		throw Object.assign(new Error("no such file"), { code: "ENOENT" });
	}
}
