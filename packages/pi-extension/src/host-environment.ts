/**
 * Owns: `HostEnvironment`, the process facts the composition root reads once (path flavor, home, environment, pid,
 * launch directory, Pi's package directory), and `readHostEnvironment`, the adapter's only reader of `process.*` (and
 * its one writer: a serving session's public answer key, for the child processes started after it; ADR 0046).
 * Never: touches the disk or starts anything; everything below the factory receives these values as arguments.
 */
import { homedir } from "node:os";
import { fileURLToPath } from "node:url";
import { getPackageDir } from "@earendil-works/pi-coding-agent";
import { systemManagedPolicyFile } from "@pi-permissions/engine";
import type { PathFlavorName } from "@pi-permissions/policy";

export interface HostEnvironment {
	readonly flavor: PathFlavorName;
	readonly home: string;
	/** A snapshot of the environment (agent dir, subagent hints). */
	readonly env: Readonly<Record<string, string | undefined>>;
	readonly pid: number;
	/** The directory Pi was started in; a relative `PI_CODING_AGENT_DIR` is resolved against it, as Pi does. */
	readonly launchCwd: string;
	/** Pi's installed package (its docs and examples are read-only infrastructure); `null` or absent when unknown. */
	readonly piPackageDir?: string | null;
	/** This extension's own package (the permission system Pi loads); `null` or absent when unknown. */
	readonly ownPackageDir?: string | null;
	/**
	 * The environment as it is now (Pi's bash tool copies it at each call; ADR 0039), read at each bash decision, so a
	 * variable another extension sets later is seen. Absent: the bash tool's environment is unknown.
	 */
	readonly currentEnv?: () => Readonly<Record<string, string | undefined>>;
	/**
	 * Sets a variable in this process's environment, which processes started later inherit (a serving session's public
	 * key, `PI_PERMISSIONS_PARENT_KEY`). Absent (a test host): nothing is published. Must not throw.
	 */
	readonly setEnv?: (name: string, value: string) => void;
	/**
	 * The system managed policy file for this platform (ADR 0060: `/etc/pi-permissions/managed.json` on Linux); `null`
	 * or absent: none. No variable moves it: a user who could point it elsewhere could lift the administrator's policy.
	 */
	readonly managedPolicyFile?: string | null;
}

export function readHostEnvironment(): HostEnvironment {
	return {
		flavor: process.platform === "win32" ? "win32" : "posix",
		home: homedir(),
		env: { ...process.env },
		pid: process.pid,
		launchCwd: process.cwd(),
		managedPolicyFile: systemManagedPolicyFile(process.platform),
		piPackageDir: piPackageDir(),
		ownPackageDir: ownPackageDir(),
		currentEnv: () => process.env,
		setEnv: (name, value) => {
			process.env[name] = value;
		},
	};
}

/** Pi's own answer (`getPackageDir`, which honours `PI_PACKAGE_DIR`); `null` when Pi cannot say. */
function piPackageDir(): string | null {
	try {
		const dir = getPackageDir();
		return typeof dir === "string" && dir !== "" ? dir : null;
	} catch {
		return null;
	}
}

/** The package this module ships in: `<package>/dist/index.js` when bundled, `<package>/src/…` from source. */
function ownPackageDir(): string | null {
	try {
		return fileURLToPath(new URL("..", import.meta.url)).replace(/[/\\]+$/, "");
	} catch {
		return null;
	}
}
