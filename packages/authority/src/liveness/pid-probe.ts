/**
 * Owns: the real `PidProbe`: whether a process id is still running, by signal 0.
 * Never: signals a process for real; signal 0 only checks existence and permission.
 */
import type { PidProbe } from "./serving-heartbeat";

export const processIsAlive: PidProbe = (pid) => {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		// EPERM: the process exists but belongs to someone else.
		return error instanceof Error && "code" in error && error.code === "EPERM";
	}
};
