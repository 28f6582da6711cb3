/**
 * Owns: the network of a Linux sandbox whose plan lists hosts (`sandbox.network.allowedDomains`): sandbox-runtime's
 * filtering proxy and its Unix-socket bridge (started through its `SandboxManager`, network only), the socket binds
 * and proxy variables a call gets, and the script that starts the two relays inside (the command's network namespace
 * has only loopback) before the command runs under the runtime's own `apply-seccomp` (the relays need a Unix socket,
 * the command must not get one; its own PID namespace hides the relays from it).
 * Never: runs when no host is listed (the command then has no network at all and no relay), or decides the hosts.
 */
import { shellWord, shellWords } from "./shell-words";

/** The part of sandbox-runtime's `SandboxManager` the proxy uses. */
export interface ProxyManager {
	initialize(config: ProxyOnlyConfig): Promise<void>;
	updateConfig(config: ProxyOnlyConfig): void;
	getLinuxHttpSocketPath(): string | undefined;
	getLinuxSocksSocketPath(): string | undefined;
	getProxyAuthToken(): string | undefined;
	annotateStderrWithSandboxFailures(command: string, stderr: string): string;
	reset(): Promise<void>;
}

/** The runtime configuration with only the network in it: the file system is ours (bubblewrap's mounts). */
interface ProxyOnlyConfig {
	readonly network: { readonly allowedDomains: string[]; readonly deniedDomains: string[] };
	readonly filesystem: { readonly denyRead: string[]; readonly allowWrite: string[]; readonly denyWrite: string[] };
}

/** Where the relays listen inside the sandbox, as sandbox-runtime's proxy variables name them. */
const HTTP_PORT = 3128;
const SOCKS_PORT = 1080;
/** sandbox-runtime attributes a refused connection to the call whose id is the proxy user name's suffix. */
const ATTRIBUTION_LENGTH = 100;

export class LinuxNetworkProxy {
	private constructor(
		private readonly manager: ProxyManager,
		private readonly httpSocket: string,
		private readonly socksSocket: string,
		private readonly token: string | undefined,
		private readonly socat: string,
		private readonly applySeccomp: string | null,
	) {}

	/** Starts the proxy and its bridge for `domains`; a string says why it could not. Never rejects. */
	static async start(
		manager: ProxyManager,
		domains: NetworkLists,
		socat: string,
		applySeccomp: string | null,
	): Promise<{ ok: true; value: LinuxNetworkProxy } | { ok: false; error: string }> {
		try {
			await manager.initialize(proxyOnly(domains));
			const http = manager.getLinuxHttpSocketPath();
			const socks = manager.getLinuxSocksSocketPath();
			if (http === undefined || socks === undefined) return { ok: false, error: "the network bridge did not start" };
			return {
				ok: true,
				value: new LinuxNetworkProxy(manager, http, socks, manager.getProxyAuthToken(), socat, applySeccomp),
			};
		} catch (error) {
			return { ok: false, error: error instanceof Error ? error.message : String(error) };
		}
	}

	update(domains: NetworkLists): void {
		this.manager.updateConfig(proxyOnly(domains));
	}

	/** The binds and variables of one call: the bridge's sockets, and the proxy every client library reads. */
	bwrapArguments(id: string): string[] {
		const user = encodeURIComponent(`srt.${Buffer.from(id.slice(0, ATTRIBUTION_LENGTH)).toString("base64")}`);
		const auth = this.token === undefined ? "" : `${user}:${this.token}@`;
		const http = `http://${auth}localhost:${HTTP_PORT}`;
		const socks = `socks5h://${auth}localhost:${SOCKS_PORT}`;
		const noProxy = "localhost,127.0.0.1,::1,169.254.0.0/16,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16";
		const variables: [string, string][] = [
			["HTTP_PROXY", http],
			["HTTPS_PROXY", http],
			["http_proxy", http],
			["https_proxy", http],
			["ALL_PROXY", http],
			["all_proxy", http],
			["FTP_PROXY", socks],
			["ftp_proxy", socks],
			["NO_PROXY", noProxy],
			["no_proxy", noProxy],
		];
		// git sends the proxy's credentials only when asked to use basic authentication.
		if (this.token !== undefined) variables.push(["GIT_CONFIG_PARAMETERS", "'http.proxyAuthMethod=basic'"]);
		const binds = [...new Set([this.httpSocket, this.socksSocket])].flatMap((socket) => ["--bind", socket, socket]);
		return [...binds, ...variables.flatMap(([name, value]) => ["--setenv", name, value])];
	}

	/**
	 * The script bash runs as the sandbox's first process: the two relays in the background, a wait until both
	 * listen (so the command's first connection is not refused; at most about a second), then the command under
	 * `apply-seccomp`. When this script ends the PID namespace ends, and the relays with it.
	 */
	innerScript(bash: string, command: string): string {
		const relay = (port: number, socket: string) =>
			`{ ${shellWord(this.socat)} TCP6-LISTEN:${port},ipv6only=0,fork,reuseaddr,backlog=4096 UNIX-CONNECT:${shellWord(socket)} || ` +
			`exec ${shellWord(this.socat)} TCP4-LISTEN:${port},fork,reuseaddr,backlog=4096 UNIX-CONNECT:${shellWord(socket)}; } >/dev/null 2>&1 &`;
		const ports = `*:${hexPort(HTTP_PORT)}:0A|*:${hexPort(SOCKS_PORT)}:0A`;
		const lines = [
			relay(HTTP_PORT, this.httpSocket),
			relay(SOCKS_PORT, this.socksSocket),
			// Only shell built-ins until the filter is on: a program found on PATH here would run without it.
			"_pp_until=",
			"while :; do",
			"  _pp_up=0",
			"  for _pp_table in /proc/net/tcp /proc/net/tcp6; do",
			'    [ -r "$_pp_table" ] || continue',
			"    while read -r _pp_n _pp_local _pp_remote _pp_state _pp_rest; do",
			`      case "$_pp_local:$_pp_state" in ${ports}) _pp_up=$((_pp_up + 1)) ;; esac`,
			'    done < "$_pp_table"',
			"  done",
			'  [ "$_pp_up" -lt 2 ] || break',
			"  read -r _pp_now _pp_rest < /proc/uptime || break",
			"  _pp_now=1${_pp_now%.*}${_pp_now#*.}",
			'  [ "$((_pp_now - ${_pp_until:=$_pp_now}))" -lt 100 ] || break',
			"done",
			"unset _pp_until _pp_up _pp_table _pp_n _pp_local _pp_remote _pp_state _pp_rest _pp_now",
			this.applySeccomp === null
				? `exec ${shellWords([bash, "-c", command])}`
				: `SRT_ALLOW_NESTED_USERNS=0 exec ${shellWords([this.applySeccomp, bash, "-c", command])}`,
		];
		return lines.join("\n");
	}

	/** Whether the command runs under the runtime's `apply-seccomp` (it needs a nested user namespace). */
	get usesSeccompHelper(): boolean {
		return this.applySeccomp !== null;
	}

	/** The runtime's report of the connections it refused for this call, appended to `output`. */
	annotate(id: string, output: string): string {
		return this.manager.annotateStderrWithSandboxFailures(id, output);
	}

	async stop(): Promise<void> {
		await this.manager.reset();
	}
}

/** The hosts the proxy lets through, and those it refuses first (a `network` deny, ADR 0058). */
interface NetworkLists {
	readonly allowedDomains: readonly string[];
	readonly deniedDomains: readonly string[];
}

function proxyOnly(domains: NetworkLists): ProxyOnlyConfig {
	return {
		network: { allowedDomains: [...domains.allowedDomains], deniedDomains: [...domains.deniedDomains] },
		filesystem: { denyRead: [], allowWrite: [], denyWrite: [] },
	};
}

function hexPort(port: number): string {
	return port.toString(16).toUpperCase().padStart(4, "0");
}
