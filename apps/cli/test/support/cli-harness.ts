/**
 * Owns: running the CLI in-process for tests: a real temporary tree (home, agent dir, project), a host with injected
 * env, cwd, home and streams over the real file system, and the captured output and exit code.
 * Never: touches the real process's env, cwd or home.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { createNodeFileSystemProbe } from "@pi-permissions/access-intent";
import {
	createNodeConfigFileSystem,
	createNodeGrantFileSystem,
	type ManagedFileSystem,
	nodeManagedFileSystem,
} from "@pi-permissions/engine";
import type { CliHost } from "../../src/cli-host";
import { runCli } from "../../src/cli-program";
import { createNodeFileWriter } from "../../src/node-file-writer";
import { createNodeHistoryReader } from "../../src/node-history-reader";

/** The config schema of the workspace's policy package, as `main.ts` finds the installed one. */
export const SHIPPED_SCHEMA_URL = pathToFileURL(
	createRequire(import.meta.url).resolve("@pi-permissions/policy/schema.json"),
).href;

export interface CliRun {
	readonly code: number;
	readonly stdout: string;
	readonly stderr: string;
}

export interface RunOptions {
	/** Lines or chunks fed to stdin. */
	readonly stdin?: Iterable<string> | AsyncIterable<string>;
	readonly env?: Readonly<Record<string, string | undefined>>;
	readonly color?: boolean;
	readonly stderrIsTerminal?: boolean;
	/** The directory the CLI is "started in" (default: the project). */
	readonly cwd?: string;
	/** The managed file's edge (default: the real one). */
	readonly managedFileSystem?: ManagedFileSystem;
	/** The system managed file the host names (ADR 0060); default: none. */
	readonly managedPolicyFile?: string | null;
	/** The clock in epoch milliseconds (default: 2026-12-01 12:00 UTC, the day `today` names). */
	readonly now?: number;
}

export class ConfigTree {
	readonly root: string;
	readonly home: string;
	readonly project: string;

	constructor() {
		this.root = mkdtempSync(join(tmpdir(), "pi-permissions-cli-"));
		this.home = join(this.root, "home");
		this.project = join(this.root, "project");
		mkdirSync(this.home, { recursive: true });
		mkdirSync(this.project, { recursive: true });
	}

	/** The standard agent dir (`~/.pi/agent`). */
	get agentDir(): string {
		return join(this.home, ".pi", "agent");
	}

	get globalFile(): string {
		return join(this.agentDir, "extensions", "pi-permissions", "config.json");
	}

	get projectFile(): string {
		return join(this.project, ".pi", "extensions", "pi-permissions", "config.json");
	}

	write(path: string, content: unknown): string {
		mkdirSync(dirname(path), { recursive: true });
		writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content, null, 2));
		return path;
	}

	writeGlobal(config: unknown): string {
		return this.write(this.globalFile, config);
	}

	writeProject(config: unknown): string {
		return this.write(this.projectFile, config);
	}

	remove(): void {
		rmSync(this.root, { recursive: true, force: true });
	}

	host(options: RunOptions = {}): { host: CliHost; output: () => Omit<CliRun, "code"> } {
		let stdout = "";
		let stderr = "";
		const host: CliHost = {
			env: options.env ?? {},
			cwd: options.cwd ?? this.project,
			home: this.home,
			flavor: "posix",
			stdin: Readable.from(options.stdin ?? []),
			stdout: {
				write: (text) => {
					stdout += text;
				},
			},
			stderr: {
				write: (text) => {
					stderr += text;
				},
			},
			color: options.color ?? false,
			configFileSystem: createNodeConfigFileSystem(),
			probe: createNodeFileSystemProbe(),
			files: createNodeFileWriter(),
			history: createNodeHistoryReader(),
			stderrIsTerminal: options.stderrIsTerminal ?? false,
			grantFileSystem: createNodeGrantFileSystem(),
			managedFileSystem: options.managedFileSystem ?? nodeManagedFileSystem(),
			...(options.managedPolicyFile === undefined ? {} : { managedPolicyFile: options.managedPolicyFile }),
			today: () => "2026-12-01",
			now: () => options.now ?? Date.UTC(2026, 11, 1, 12),
			configSchemaUrl: SHIPPED_SCHEMA_URL,
		};
		return { host, output: () => ({ stdout, stderr }) };
	}

	async run(argv: readonly string[], options: RunOptions = {}): Promise<CliRun> {
		const { host, output } = this.host(options);
		const code = await runCli(argv, host);
		return { ...output(), code };
	}
}

/** The JSON lines of an output, parsed. */
export function jsonLines(text: string): Record<string, unknown>[] {
	return text
		.split("\n")
		.filter((line) => line !== "")
		.map((line) => JSON.parse(line) as Record<string, unknown>);
}
