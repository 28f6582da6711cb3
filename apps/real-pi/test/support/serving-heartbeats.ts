/**
 * Owns: finding a serving Pi session from the outside: the heartbeat files pi-permissions keeps under
 * `<agentDir>/sessions/permission-forwarding/serving/`, one per session that serves forwarded asks, named by its id.
 * Never: reads or writes requests; it only tells which sessions serve.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { pollUntil } from "./bounded-wait";

function servingDir(agentDir: string): string {
	return join(agentDir, "sessions", "permission-forwarding", "serving");
}

/** The ids of the sessions with a heartbeat file (live or not). */
export function servingSessionIds(agentDir: string): string[] {
	const dir = servingDir(agentDir);
	if (!existsSync(dir)) return [];
	return readdirSync(dir)
		.filter((name) => name.endsWith(".json"))
		.map((name) => decodeURIComponent(name.slice(0, -".json".length)));
}

/** Waits (bounded) until a heartbeat exists: for `sessionId`, or for exactly one session when none is named. */
export function waitForServing(
	agentDir: string,
	options: { readonly sessionId?: string; readonly timeoutMs?: number; readonly detail?: () => string } = {},
): Promise<string> {
	return pollUntil(
		() => {
			const ids = servingSessionIds(agentDir);
			if (options.sessionId !== undefined) return ids.includes(options.sessionId) ? options.sessionId : undefined;
			return ids.length === 1 ? ids[0] : undefined;
		},
		{
			what: options.sessionId === undefined ? "a serving session's heartbeat" : `the heartbeat of ${options.sessionId}`,
			// A liveness margin (ADR 0047): the heartbeat is written within a second of Pi's start.
			timeoutMs: options.timeoutMs ?? 90_000,
			...(options.detail === undefined ? {} : { detail: options.detail }),
		},
	);
}
