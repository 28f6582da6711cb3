/**
 * Owns: the one edge to `@anthropic-ai/sandbox-runtime` (an optional dependency, loaded on first use): checking that
 * the sandbox can start here, starting it with a plan's settings, wrapping one command, and reporting what it blocked.
 * Never: decides policy or runs the command; the caller spawns what `wrap` returns. Any failure is a value, never a throw
 * from `start`.
 */
import type { Result } from "@pi-permissions/policy";
import type { SandboxRuntimeSettings } from "./runtime-config";

/** Why the sandbox cannot start, with the words that tell a person how to fix it. */
export interface SandboxUnavailable {
	readonly kind: "sandbox-unavailable";
	/** What is missing or failed (`bubblewrap (bwrap)`, `@anthropic-ai/sandbox-runtime`, ...). */
	readonly missing: readonly string[];
	readonly message: string;
	readonly hint: string;
}

/** The subset of the runtime's `SandboxManager` this edge uses. */
interface Manager {
	isSupportedPlatform(): boolean;
	checkDependencies(): { errors: string[]; warnings: string[] };
	initialize(config: SandboxRuntimeSettings): Promise<void>;
	updateConfig(config: SandboxRuntimeSettings): void;
	wrapWithSandbox(
		command: string,
		binShell?: string,
		customConfig?: undefined,
		abortSignal?: AbortSignal,
		options?: { commandId?: string; commandText?: string },
	): Promise<string>;
	annotateStderrWithSandboxFailures(command: string, stderr: string): string;
	getLinuxGlobPatternWarnings(): string[];
	cleanupAfterCommand(): void;
	reset(): Promise<void>;
}

const RUNTIME_PACKAGE = "@anthropic-ai/sandbox-runtime";

/** What to install, per platform; Linux needs three Debian packages besides the npm package. */
export function installHint(platform: string): string {
	return platform === "linux"
		? "install bubblewrap, socat and ripgrep (Debian/Ubuntu: `apt-get install -y bubblewrap socat ripgrep`; Fedora: `dnf install bubblewrap socat ripgrep`)"
		: platform === "darwin"
			? `reinstall the extension so its optional dependency \`${RUNTIME_PACKAGE}\` is present (macOS needs nothing else)`
			: "the sandbox runs on Linux and macOS only";
}

export class SandboxRuntime {
	private readonly manager: Manager;
	/** Sandbox-runtime's own notes: globs Linux cannot apply to writes, dependency warnings. */
	readonly warnings: readonly string[];

	private constructor(manager: Manager, warnings: readonly string[]) {
		this.manager = manager;
		this.warnings = warnings;
	}

	/**
	 * Loads the runtime, checks its dependencies and starts it (its proxies listen from now on). `platform` is
	 * `process.platform`, passed in by the composition root. Never rejects: every failure is `sandbox-unavailable`.
	 */
	static async start(
		settings: SandboxRuntimeSettings,
		platform: string,
	): Promise<Result<SandboxRuntime, SandboxUnavailable>> {
		let manager: Manager;
		try {
			// A literal specifier, so bundlers see the optional dependency (and can keep it as files beside its vendor/).
			const loaded = (await import("@anthropic-ai/sandbox-runtime")) as unknown as { SandboxManager: Manager };
			manager = loaded.SandboxManager;
		} catch (error) {
			return unavailable([RUNTIME_PACKAGE], `\`${RUNTIME_PACKAGE}\` could not be loaded: ${describe(error)}`, platform);
		}
		try {
			if (!manager.isSupportedPlatform()) {
				return unavailable([`a supported platform (this is ${platform})`], "this platform has no sandbox", platform);
			}
			const deps = manager.checkDependencies();
			if (deps.errors.length > 0) return unavailable(deps.errors, deps.errors.join("; "), platform);
			await manager.initialize(settings);
			return {
				ok: true,
				value: new SandboxRuntime(manager, [...deps.warnings, ...manager.getLinuxGlobPatternWarnings()]),
			};
		} catch (error) {
			return unavailable(["a working sandbox"], `the sandbox failed to start: ${describe(error)}`, platform);
		}
	}

	/** Replaces the settings for the commands wrapped from now on (the policy was reloaded). */
	update(settings: SandboxRuntimeSettings): void {
		this.manager.updateConfig(settings);
	}

	/** The shell command that runs `command` inside the sandbox. May reject: the caller must then not run `command`. */
	wrap(command: string, commandId: string, signal?: AbortSignal): Promise<string> {
		return this.manager.wrapWithSandbox(command, undefined, undefined, signal, { commandId, commandText: command });
	}

	/** The runtime's own report of what it blocked for this command (network denials), appended to `output`. */
	annotate(commandId: string, output: string): string {
		try {
			return this.manager.annotateStderrWithSandboxFailures(commandId, output);
		} finally {
			this.manager.cleanupAfterCommand();
		}
	}

	async stop(): Promise<void> {
		await this.manager.reset();
	}
}

function unavailable(
	missing: readonly string[],
	message: string,
	platform: string,
): { ok: false; error: SandboxUnavailable } {
	return { ok: false, error: { kind: "sandbox-unavailable", missing, message, hint: installHint(platform) } };
}

function describe(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
