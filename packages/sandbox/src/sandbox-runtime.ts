/**
 * Owns: the one edge through which a command gets its sandbox: on Linux bubblewrap driven by this package (ADR 0056;
 * sandbox-runtime only for its network proxy, loaded when a host is listed), on macOS `@anthropic-ai/sandbox-runtime`
 * (an optional dependency, loaded on first use); checking that the sandbox can start here, starting it with a plan's
 * settings, wrapping one command, and reporting what it blocked.
 * Never: decides policy or runs the command; the caller spawns what `wrap` returns. Any failure is a value, never a
 * throw from `start`; `wrap` rejects rather than return a command that would run outside the sandbox.
 */
import type { Result } from "@pi-permissions/policy";
import { type LinuxHost, nodeLinuxHost } from "./linux/linux-host";
import { LinuxSandbox } from "./linux/linux-sandbox";
import { LinuxNetworkProxy, type ProxyManager } from "./linux/network-proxy";
import type { SandboxRuntimeSettings } from "./runtime-config";

/** Why the sandbox cannot start, with the words that tell a person how to fix it. */
export interface SandboxUnavailable {
	readonly kind: "sandbox-unavailable";
	/** What is missing or failed (`bubblewrap (bwrap)`, `@anthropic-ai/sandbox-runtime`, ...). */
	readonly missing: readonly string[];
	readonly message: string;
	readonly hint: string;
}

/** The process facts the sandbox needs, read by the composition root. */
export interface SandboxHost {
	/** `process.platform`. */
	readonly platform: string;
	/** `PATH`: where bubblewrap, bash and socat are looked for. */
	readonly searchPath: string;
}

/** One call to wrap. */
export interface WrapCall {
	/** The call's id: the runtime's report of refused connections is keyed by it. */
	readonly id: string;
	/** The directory the command runs in. */
	readonly cwd: string;
	readonly signal?: AbortSignal | undefined;
}

/** The subset of the runtime's `SandboxManager` the macOS edge uses. */
interface Manager extends ProxyManager {
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
	cleanupAfterCommand(): void;
}

type Backend =
	| {
			readonly kind: "linux";
			readonly sandbox: LinuxSandbox;
			readonly host: SandboxHost;
			readonly linuxHost: LinuxHost;
	  }
	| { readonly kind: "runtime"; readonly manager: Manager };

const RUNTIME_PACKAGE = "@anthropic-ai/sandbox-runtime";

/**
 * What to install, per platform. Linux: bubblewrap, which the sandbox drives itself (ADR 0056), and socat, which relays
 * a sandbox's connections to its proxy when the policy lets it reach hosts; nothing scans with ripgrep any more.
 */
export function installHint(platform: string): string {
	return platform === "linux"
		? "install bubblewrap and socat (Debian/Ubuntu: `apt-get install -y bubblewrap socat`; Fedora: `dnf install bubblewrap socat`)"
		: platform === "darwin"
			? `reinstall the extension so its optional dependency \`${RUNTIME_PACKAGE}\` is present (macOS needs nothing else)`
			: "the sandbox runs on Linux and macOS only";
}

export class SandboxRuntime {
	/** Notes the sandbox has about itself (an architecture without a seccomp program, runtime warnings). */
	readonly warnings: readonly string[];
	private settings: SandboxRuntimeSettings;
	/** Linux: the runtime's network proxy, started the first time a plan lists a host and kept until `stop`. */
	private proxy: LinuxNetworkProxy | null;
	/** Linux: the host list the proxy was given last. */
	private proxyDomains: string;

	private constructor(
		private readonly backend: Backend,
		settings: SandboxRuntimeSettings,
		warnings: readonly string[],
		proxy: LinuxNetworkProxy | null = null,
	) {
		this.settings = settings;
		this.warnings = warnings;
		this.proxy = proxy;
		this.proxyDomains = domainsKey(settings);
	}

	/**
	 * Checks that the sandbox can start here and starts it (on macOS, and on Linux when hosts are listed, the runtime's
	 * proxies listen from now on). Never rejects: every failure is `sandbox-unavailable`.
	 */
	static async start(
		settings: SandboxRuntimeSettings,
		host: SandboxHost,
		linuxHost?: LinuxHost,
	): Promise<Result<SandboxRuntime, SandboxUnavailable>> {
		if (host.platform === "linux") return SandboxRuntime.startLinux(settings, host, linuxHost ?? nodeLinuxHost());
		if (host.platform !== "darwin") {
			return unavailable(
				[`a supported platform (this is ${host.platform})`],
				"this platform has no sandbox",
				host.platform,
			);
		}
		const loaded = await loadManager(host.platform);
		if (!loaded.ok) return loaded;
		const manager = loaded.value;
		try {
			if (!manager.isSupportedPlatform()) {
				return unavailable(
					[`a supported platform (this is ${host.platform})`],
					"this platform has no sandbox",
					host.platform,
				);
			}
			const deps = manager.checkDependencies();
			if (deps.errors.length > 0) return unavailable(deps.errors, deps.errors.join("; "), host.platform);
			await manager.initialize(settings);
			return { ok: true, value: new SandboxRuntime({ kind: "runtime", manager }, settings, deps.warnings) };
		} catch (error) {
			return unavailable(["a working sandbox"], `the sandbox failed to start: ${describe(error)}`, host.platform);
		}
	}

	private static async startLinux(
		settings: SandboxRuntimeSettings,
		host: SandboxHost,
		linuxHost: LinuxHost,
	): Promise<Result<SandboxRuntime, SandboxUnavailable>> {
		const prepared = LinuxSandbox.prepare(linuxHost, host.searchPath);
		if (!prepared.ok) return unavailable(prepared.missing, prepared.message, host.platform);
		let proxy: LinuxNetworkProxy | null = null;
		if (hasDomains(settings)) {
			try {
				proxy = await startProxy(settings, host.searchPath, linuxHost);
			} catch (error) {
				return unavailable(["the sandbox's network proxy"], describe(error), host.platform);
			}
		}
		const sandbox = LinuxSandbox.create(linuxHost, prepared.value, settings);
		const backend: Backend = { kind: "linux", sandbox, host, linuxHost };
		return { ok: true, value: new SandboxRuntime(backend, settings, prepared.warnings, proxy) };
	}

	/** Replaces the settings for the commands wrapped from now on (the policy was reloaded). */
	update(settings: SandboxRuntimeSettings): void {
		this.settings = settings;
		if (this.backend.kind === "runtime") this.backend.manager.updateConfig(settings);
	}

	/** The shell command that runs `command` inside the sandbox. May reject: the caller must then not run `command`. */
	async wrap(command: string, call: WrapCall): Promise<string> {
		call.signal?.throwIfAborted();
		switch (this.backend.kind) {
			case "runtime":
				return this.backend.manager.wrapWithSandbox(command, undefined, undefined, call.signal, {
					commandId: call.id,
					commandText: command,
				});
			case "linux": {
				const { sandbox } = this.backend;
				// SECURITY: a proxy that cannot start rejects the call; it never runs with more network than listed.
				sandbox.update(this.settings, await this.linuxNetwork());
				return sandbox.wrap(command, call.id, call.cwd);
			}
			default: {
				const unhandled: never = this.backend;
				throw new Error(`unhandled sandbox backend ${String(unhandled)}`);
			}
		}
	}

	/** The runtime's own report of what it blocked for this command (refused connections), appended to `output`. */
	annotate(commandId: string, output: string): string {
		switch (this.backend.kind) {
			case "runtime":
				try {
					return this.backend.manager.annotateStderrWithSandboxFailures(commandId, output);
				} finally {
					this.backend.manager.cleanupAfterCommand();
				}
			case "linux":
				return this.proxy?.annotate(commandId, output) ?? output;
			default: {
				const unhandled: never = this.backend;
				throw new Error(`unhandled sandbox backend ${String(unhandled)}`);
			}
		}
	}

	/** The proxy the current settings need on Linux: none without a listed host; started or updated otherwise. */
	private async linuxNetwork(): Promise<LinuxNetworkProxy | null> {
		if (this.backend.kind !== "linux" || !hasDomains(this.settings)) return null;
		const domains = domainsKey(this.settings);
		if (this.proxy === null) {
			this.proxy = await startProxy(this.settings, this.backend.host.searchPath, this.backend.linuxHost);
		} else if (domains !== this.proxyDomains) this.proxy.update(this.settings.network.allowedDomains);
		this.proxyDomains = domains;
		return this.proxy;
	}

	async stop(): Promise<void> {
		switch (this.backend.kind) {
			case "runtime":
				await this.backend.manager.reset();
				return;
			case "linux":
				await this.proxy?.stop();
				this.proxy = null;
				return;
			default: {
				const unhandled: never = this.backend;
				throw new Error(`unhandled sandbox backend ${String(unhandled)}`);
			}
		}
	}
}

/** Starts the runtime's proxy for the listed hosts, with socat to relay to it and the runtime's seccomp helper. */
async function startProxy(
	settings: SandboxRuntimeSettings,
	searchPath: string,
	linuxHost: LinuxHost,
): Promise<LinuxNetworkProxy> {
	const socat = linuxHost.findProgram("socat", searchPath);
	if (socat === null) throw new Error("socat not installed (it relays the sandbox's connections to its proxy)");
	const loaded = await loadManager("linux");
	if (!loaded.ok) throw new Error(loaded.error.message);
	const started = await LinuxNetworkProxy.start(
		loaded.value,
		settings.network.allowedDomains,
		socat,
		await applySeccompPath(),
	);
	if (!started.ok) throw new Error(`the sandbox's network proxy did not start: ${started.error}`);
	return started.value;
}

/** A proxy with no host listed refuses everything; the Linux sandbox then has no network at all instead. */
function hasDomains(settings: SandboxRuntimeSettings): boolean {
	return settings.network.allowedDomains.length > 0;
}

function domainsKey(settings: SandboxRuntimeSettings): string {
	return JSON.stringify(settings.network);
}

async function loadManager(platform: string): Promise<Result<Manager, SandboxUnavailable>> {
	try {
		// A literal specifier, so bundlers see the optional dependency (and can keep it as files beside its vendor/).
		const loaded = (await import("@anthropic-ai/sandbox-runtime")) as unknown as { SandboxManager: Manager };
		return { ok: true, value: loaded.SandboxManager };
	} catch (error) {
		return unavailable([RUNTIME_PACKAGE], `\`${RUNTIME_PACKAGE}\` could not be loaded: ${describe(error)}`, platform);
	}
}

/** The runtime's `apply-seccomp` helper beside its module (its `vendor/`), or `null` when it cannot be found. */
async function applySeccompPath(): Promise<string | null> {
	try {
		const helper = await import("@anthropic-ai/sandbox-runtime/dist/sandbox/generate-seccomp-filter.js");
		return await helper.getApplySeccompBinaryPathAsync();
	} catch {
		return null;
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
