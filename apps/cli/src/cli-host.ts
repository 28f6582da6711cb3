/**
 * Owns: `CliHost`, everything the CLI takes from its process (environment, cwd, home, platform, streams, the file
 * system edges), so every command runs in-process with injected values in tests.
 * Never: reads process state itself; only `main.ts` builds a host from the real process.
 */
import type { FileSystemProbe } from "@pi-permissions/access-intent";
import type { ConfigFileSystem, GrantFileSystem, ManagedFileSystem } from "@pi-permissions/engine";
import type { PathFlavorName } from "@pi-permissions/policy";

/** Where the CLI writes text. Must not throw. */
interface TextSink {
	write(text: string): void;
}

/** The answer of writing a file that must not exist yet. */
type NewFileResult = { readonly kind: "written" } | { readonly kind: "exists" };

export interface NewFileWriter {
	/**
	 * Creates the parent directories and writes `text` to `path` only if nothing is there yet. Resolves `exists` when
	 * the path is taken (never overwrites); may reject for any other failure (permissions, a file as a parent).
	 */
	writeNew(path: string, text: string): Promise<NewFileResult>;
}

/** What `replay` reads: Pi's session files and the review log. Read only. */
export interface HistoryReader {
	/** What is at `path`; never rejects. */
	kind(path: string): Promise<"file" | "directory" | "missing" | "other">;
	/** Every `.jsonl` file under `directory`, recursively, sorted; an unreadable directory is skipped. */
	jsonlFiles(directory: string): Promise<string[]>;
	/** The lines of a text file, read as a stream; iterating may reject when the file cannot be read. */
	lines(file: string): AsyncIterable<string>;
	/**
	 * The lines of a text file from its last to its first, read in chunks from the end, so a caller that wants the
	 * newest records stops without reading the rest; iterating may reject when the file cannot be read.
	 */
	linesFromEnd(file: string): AsyncIterable<string>;
}

export interface CliHost {
	/** The process environment as a plain record. */
	readonly env: Readonly<Record<string, string | undefined>>;
	readonly cwd: string;
	readonly home: string;
	readonly flavor: PathFlavorName;
	/** Lines of input for `eval`; read incrementally, never all at once. */
	readonly stdin: AsyncIterable<string | Uint8Array> & NodeJS.ReadableStream;
	readonly stdout: TextSink;
	readonly stderr: TextSink;
	/** Whether stdout is a terminal that takes colour (TTY and no `NO_COLOR`). */
	readonly color: boolean;
	readonly configFileSystem: ConfigFileSystem;
	readonly probe: FileSystemProbe;
	readonly files: NewFileWriter;
	readonly history: HistoryReader;
	/** Whether stderr is a terminal (progress bars are drawn only there). */
	readonly stderrIsTerminal: boolean;
	/** The temp directory the sandbox lets commands write (`os.tmpdir()`); `/tmp` when absent. */
	readonly tmpDir?: string;
	/** The persisted-grant writer's file-system edge (`grants add|forget`). */
	readonly grantFileSystem: GrantFileSystem;
	/** The managed file's edge (`--managed FILE`, ADR 0055): ownership and mode are read without following links. */
	readonly managedFileSystem?: ManagedFileSystem;
	/**
	 * The system managed file (`/etc/pi-permissions/managed.json` on Linux; ADR 0060), read when `--managed` names
	 * none, as Pi reads it; `null` or absent: none (a platform without a managed location, or a test host).
	 */
	readonly managedPolicyFile?: string | null;
	/** Today's date as `YYYY-MM-DD` (local time), recorded in a grant's marker comment. Must not throw. */
	today(): string;
	/** The clock, in epoch milliseconds: when a grant with an end ends (ADR 0061). Must not throw. */
	now(): number;
	/**
	 * The `file:` URL of the config JSON Schema shipped in the installed `@pi-permissions/policy`, which `init` writes
	 * as `$schema` so an editor finds it; absent when it could not be found (then `init` writes no `$schema`).
	 */
	readonly configSchemaUrl?: string;
}
