/**
 * Owns: `CountingFileSystem`, a `ConfigFileSystem` decorator that counts calls per path and can be told to fail,
 * for cache and fault tests at the loader's injected edge.
 * Never: fakes file contents; reads go to the wrapped file system unless a failure is scripted.
 */
import type { ConfigFileStat, ConfigFileSystem } from "../../src/config/config-file-system";

export class CountingFileSystem implements ConfigFileSystem {
	readonly reads = new Map<string, number>();
	readonly stats = new Map<string, number>();
	private readonly readFailures = new Map<string, unknown>();
	private readonly statFailures = new Map<string, unknown>();

	constructor(private readonly inner: ConfigFileSystem) {}

	/** Makes every later `readFile` of `path` reject with `error`. */
	failReads(path: string, error: unknown): void {
		this.readFailures.set(path, error);
	}

	/** Makes every later `stat` of `path` reject with `error`. */
	failStats(path: string, error: unknown): void {
		this.statFailures.set(path, error);
	}

	readCount(path: string): number {
		return this.reads.get(path) ?? 0;
	}

	async stat(path: string): Promise<ConfigFileStat> {
		this.stats.set(path, (this.stats.get(path) ?? 0) + 1);
		if (this.statFailures.has(path)) throw this.statFailures.get(path);
		return this.inner.stat(path);
	}

	async readFile(path: string, maxBytes: number): Promise<Uint8Array> {
		this.reads.set(path, (this.reads.get(path) ?? 0) + 1);
		if (this.readFailures.has(path)) throw this.readFailures.get(path);
		return this.inner.readFile(path, maxBytes);
	}
}

/** An error shaped like node's system errors (`code`, one-line message). */
export function systemError(code: string, message = `${code}: simulated failure`): Error {
	return Object.assign(new Error(message), { code });
}
