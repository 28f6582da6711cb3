/**
 * Owns: `HostEnvironment`, the process facts the composition root reads once (path flavor, home, environment, pid,
 * launch directory), and `readHostEnvironment`, the adapter's only reader of `process.*`.
 * Never: touches the disk or starts anything; everything below the factory receives these values as arguments.
 */
import { homedir } from "node:os";
import type { PathFlavorName } from "@pi-permissions/policy";

export interface HostEnvironment {
	readonly flavor: PathFlavorName;
	readonly home: string;
	/** A snapshot of the environment (agent dir, subagent hints). */
	readonly env: Readonly<Record<string, string | undefined>>;
	readonly pid: number;
	/** The directory Pi was started in; a relative `PI_CODING_AGENT_DIR` is resolved against it, as Pi does. */
	readonly launchCwd: string;
}

export function readHostEnvironment(): HostEnvironment {
	return {
		flavor: process.platform === "win32" ? "win32" : "posix",
		home: homedir(),
		env: { ...process.env },
		pid: process.pid,
		launchCwd: process.cwd(),
	};
}
