/**
 * Owns: the Linux sandbox (ADR 0056): bubblewrap driven directly from the plan's settings. Started once (bubblewrap
 * found and probed with the very flags every call uses); each call then resolves the plan's paths against the disk
 * as it is now (deny globs expanded through the listing cache, what sandbox-runtime kept read-only in the working
 * directory), lays out the mounts, and returns one `bash` line: the seccomp program on descriptor 9, then `exec
 * bwrap … -- bash -c <command>`, so bubblewrap is the direct child of whoever runs the line and dies with it.
 * Never: creates anything on the disk (no mount point, no temporary file), or returns a command that would run
 * outside the sandbox: a failure rejects.
 */
import type { SandboxRuntimeSettings } from "../runtime-config";
import { expandDenyGlobs, hasGlobCharacter } from "./deny-glob-expansion";
import { DirectoryListingCache } from "./directory-listing-cache";
import type { LinuxHost } from "./linux-host";
import { mountArguments, type ReadDeny } from "./mount-layout";
import type { LinuxNetworkProxy } from "./network-proxy";
import { seccompArchitecture, seccompProgram } from "./seccomp-filter";
import { printfBytes, shellWords } from "./shell-words";
import { workingDirectoryDenies } from "./working-directory-denies";

/** The programs and answers a started Linux sandbox holds. */
interface LinuxSandboxSetup {
	readonly bwrap: string;
	readonly bash: string;
	/** Whether this bubblewrap can refuse nested user namespaces itself (0.8 and later, not setuid). */
	readonly disableUserns: boolean;
	/** The seccomp program, or `null` on an architecture without one (a warning says so). */
	readonly seccomp: Uint8Array | null;
}

/** The descriptor the seccomp program is read from; bubblewrap closes it before the command starts. */
const SECCOMP_FD = 9;
/** How long bubblewrap's start-up probe may take before the sandbox counts as unusable (a liveness bound). */
const PROBE_TIMEOUT_MS = 30_000;

/** The namespaces and process flags every call runs with. */
const ISOLATION: readonly string[] = [
	"--new-session",
	"--die-with-parent",
	"--unshare-user",
	"--unshare-pid",
	"--unshare-ipc",
	"--unshare-net",
];

export class LinuxSandbox {
	private readonly listings: DirectoryListingCache;
	private settings: SandboxRuntimeSettings;

	private network: LinuxNetworkProxy | null = null;

	private constructor(
		private readonly host: LinuxHost,
		private readonly setup: LinuxSandboxSetup,
		settings: SandboxRuntimeSettings,
	) {
		this.listings = new DirectoryListingCache(host.tree);
		this.settings = settings;
	}

	/**
	 * Finds bubblewrap and bash on `searchPath` and runs bubblewrap once with the flags every call uses. The error
	 * names what is missing; never throws.
	 */
	static prepare(
		host: LinuxHost,
		searchPath: string,
	): { ok: true; value: LinuxSandboxSetup; warnings: string[] } | { ok: false; missing: string[]; message: string } {
		const bwrap = host.findProgram("bwrap", searchPath);
		if (bwrap === null)
			return { ok: false, missing: ["bubblewrap (bwrap)"], message: "bubblewrap (bwrap) not installed" };
		const bash = host.findProgram("bash", searchPath);
		if (bash === null) return { ok: false, missing: ["bash"], message: "bash was not found on PATH" };
		const probe = (extra: readonly string[]) =>
			host.probe(
				bwrap,
				[
					...ISOLATION,
					"--cap-drop",
					"ALL",
					...extra,
					"--ro-bind",
					"/",
					"/",
					"--dev",
					"/dev",
					"--proc",
					"/proc",
					"--",
					bash,
					"-c",
					":",
				],
				PROBE_TIMEOUT_MS,
			);
		const full = probe(["--disable-userns", "--as-pid-1"]);
		const disableUserns = full.status === 0;
		if (!disableUserns) {
			const plain = probe(["--as-pid-1"]);
			if (plain.status !== 0) {
				return {
					ok: false,
					missing: ["a working bubblewrap"],
					message: `bubblewrap cannot start a sandbox here: ${oneLine(plain.stderr) || `exit status ${String(plain.status)}`}`,
				};
			}
		}
		const arch = seccompArchitecture(host.arch);
		const warnings =
			arch === null
				? [`no seccomp program for the ${host.arch} architecture: Unix sockets and namespaces are not refused inside`]
				: [];
		return {
			ok: true,
			value: { bwrap, bash, disableUserns, seccomp: arch === null ? null : seccompProgram(arch) },
			warnings,
		};
	}

	static create(host: LinuxHost, setup: LinuxSandboxSetup, settings: SandboxRuntimeSettings): LinuxSandbox {
		return new LinuxSandbox(host, setup, settings);
	}

	/** Replaces the settings (and the network proxy: `null` when no host is listed) for the calls wrapped from now on. */
	update(settings: SandboxRuntimeSettings, network: LinuxNetworkProxy | null): void {
		this.settings = settings;
		this.network = network;
	}

	/** The bash line that runs `command` in the sandbox, its paths resolved against the disk as it is now. */
	wrap(command: string, id: string, cwd: string): string {
		const args = this.arguments(id, cwd);
		const { bwrap, bash, seccomp } = this.setup;
		const network = this.network;
		if (network !== null) {
			// The relays need a Unix socket before the filter is on: the runtime's helper applies it after them.
			return `exec ${shellWords([bwrap, ...args, "--", bash, "-c", network.innerScript(bash, command)])}`;
		}
		if (seccomp === null) return `exec ${shellWords([bwrap, ...args, "--", bash, "-c", command])}`;
		const line = shellWords([bwrap, ...args, "--seccomp", String(SECCOMP_FD), "--", bash, "-c", command]);
		// The program reaches bubblewrap through a pipe: nothing is written to the disk, and `exec` keeps bubblewrap the
		// direct child of the caller's process, so `--die-with-parent` ends the sandbox when that process dies.
		return `exec ${SECCOMP_FD}< <(printf ${printfBytes(seccomp)}); exec ${line}`;
	}

	/**
	 * bubblewrap's namespaces, capabilities and mounts for one call (everything before the seccomp program and the
	 * command), its paths resolved against the disk as it is now.
	 */
	arguments(id: string, cwd: string): string[] {
		const { filesystem } = this.settings;
		const tree = this.host.tree;
		this.listings.beginPass();
		const writeRoots = unique(
			filesystem.allowWrite
				.filter((path) => !path.startsWith("/dev/"))
				.map((path) => tree.canonical(path))
				.filter((path): path is string => path !== null && tree.isDirectory(path)),
		);
		const readDenies: ReadDeny[] = [];
		for (const path of filesystem.denyRead.filter((entry) => !hasGlobCharacter(entry))) {
			const real = tree.canonical(path);
			if (real !== null) readDenies.push({ path: real, isDirectory: tree.isDirectory(real) });
		}
		readDenies.push(...expandDenyGlobs(filesystem.denyRead.filter(hasGlobCharacter), this.listings));
		const writeDenies: string[] = [];
		for (const path of filesystem.denyWrite.filter((entry) => !hasGlobCharacter(entry))) {
			const real = tree.canonical(path);
			if (real !== null) writeDenies.push(real);
		}
		writeDenies.push(
			...expandDenyGlobs(filesystem.denyWrite.filter(hasGlobCharacter), this.listings).map((m) => m.path),
		);
		writeDenies.push(...workingDirectoryDenies(cwd, this.listings));
		this.listings.endPass();
		const helper = this.network?.usesSeccompHelper === true;
		return [
			...ISOLATION,
			...capabilities(this.host, helper),
			// With the runtime's helper the nested user namespace is its own (it refuses further ones itself).
			...(this.setup.disableUserns && !helper ? ["--disable-userns"] : []),
			"--as-pid-1",
			...mountArguments({ writeRoots, readDenies, writeDenies }),
			"--dev",
			"/dev",
			"--proc",
			"/proc",
			...(this.network === null ? [] : this.network.bwrapArguments(id)),
		];
	}

	/** The bubblewrap and bash this sandbox runs. */
	get programs(): { readonly bwrap: string; readonly bash: string } {
		return { bwrap: this.setup.bwrap, bash: this.setup.bash };
	}
}

/**
 * Every capability dropped: without one, nothing inside can unmount a mask or mount over it. A uid-0 caller keeps
 * `CAP_SETFCAP` for the runtime's helper, whose nested user namespace maps uid 0 (the helper's filter then refuses
 * every call that changes a mount).
 */
function capabilities(host: LinuxHost, helper: boolean): string[] {
	const args = ["--cap-drop", "ALL"];
	if (helper && host.euid === 0 && host.hasSetfcap) args.push("--cap-add", "CAP_SETFCAP");
	return args;
}

function unique(paths: readonly string[]): string[] {
	return [...new Set(paths)];
}

function oneLine(text: string): string {
	return text.trim().split("\n").at(-1)?.trim() ?? "";
}
