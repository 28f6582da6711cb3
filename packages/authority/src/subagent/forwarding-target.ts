/**
 * Owns: whether a session is a subagent, and which session serves its asks (registry, env hints, self),
 * with blank and `unknown` ids treated as absent.
 * Never: reads `process.env` or the disk itself; the composition root passes the environment and directories in.
 */
import type { SubagentLookup } from "./subagent-registry";

/** Env keys set by known process-based subagent extensions; any non-blank value marks a subagent. */
const SUBAGENT_ENV_HINT_KEYS: readonly string[] = [
	"PI_IS_SUBAGENT",
	"PI_SUBAGENT_SESSION_ID",
	"PI_AGENT_ROUTER_SUBAGENT",
	"PI_SUBAGENT_CHILD",
	"PI_SUBAGENT_RUN_ID",
	"PI_SUBAGENT_CHILD_AGENT",
	"PI_SUBAGENT_DEPTH",
	"PI_SUBAGENT_NAME",
	"PI_SUBAGENT_ID",
	"PI_SUBAGENT_SESSION",
	"PI_SUBAGENT_ACTIVITY_FILE",
];

/** Env keys naming the parent session, checked in this order (PP-311: the router variable first). */
const SUBAGENT_PARENT_SESSION_ENV_KEYS: readonly string[] = [
	"PI_AGENT_ROUTER_PARENT_SESSION_ID",
	"PI_SUBAGENT_PARENT_SESSION",
];

export type Environment = Readonly<Record<string, string | undefined>>;

type TargetSource = "registry" | "env" | "self";

export interface ForwardingTarget {
	readonly sessionId: string;
	readonly source: TargetSource;
}

/** A session id, or `null` when blank or `unknown` in any case (PP-312). */
export function normalizeSessionId(value: string | null | undefined): string | null {
	if (typeof value !== "string") return null;
	const trimmed = value.trim();
	return trimmed === "" || trimmed.toLowerCase() === "unknown" ? null : trimmed;
}

interface SubagentContextInput {
	readonly sessionId: string | null;
	readonly env: Environment;
	readonly registry: SubagentLookup;
	/** This session's directory, if it has one, and Pi's agent directory (for the session-directory heuristic). */
	readonly sessionDir: string | null;
	readonly agentDir: string;
}

function isUnder(path: string, dir: string): boolean {
	const base = dir.replace(/[\\/]+$/, "");
	return (
		path.length > base.length + 1 && path.startsWith(base) && (path[base.length] === "/" || path[base.length] === "\\")
	);
}

/**
 * Whether this session is a subagent: the in-process registry knows it as a child, an env hint or a parent-session
 * variable is set, or its session directory lies under `<agentDir>/subagent-sessions`. A root session whose id is only ever a parent id is not one.
 */
export function isSubagentSession(input: SubagentContextInput): boolean {
	const sessionId = normalizeSessionId(input.sessionId);
	if (sessionId !== null && input.registry.get(sessionId) !== undefined) return true;
	if (SUBAGENT_ENV_HINT_KEYS.some((key) => normalizeHint(input.env[key]))) return true;
	// A named parent session makes this a subagent too; otherwise a child launched with only that variable would
	// deny every ask as unreachable.
	// A parent-session variable naming this very session is the spawner marking its own root (pi-subagents sets
	// `PI_SUBAGENT_PARENT_SESSION` in the root's own process, so a reload reads it back there): that is no subagent.
	if (
		SUBAGENT_PARENT_SESSION_ENV_KEYS.some((key) => {
			const parent = normalizeSessionId(input.env[key]);
			return parent !== null && parent !== sessionId;
		})
	)
		return true;
	return input.sessionDir !== null && isUnder(input.sessionDir, `${input.agentDir}/subagent-sessions`);
}

function normalizeHint(value: string | undefined): boolean {
	return typeof value === "string" && value.trim() !== "";
}

interface TargetInput {
	readonly hasUI: boolean;
	readonly sessionId: string | null;
	readonly env: Environment;
	readonly registry: SubagentLookup;
}

/** Which session serves this session's asks; `null` when none can be named. */
export function resolveForwardingTarget(input: TargetInput): ForwardingTarget | null {
	const sessionId = normalizeSessionId(input.sessionId);
	if (input.hasUI) return sessionId === null ? null : { sessionId, source: "self" };
	if (sessionId !== null) {
		const parent = normalizeSessionId(input.registry.get(sessionId)?.parentSessionId);
		if (parent !== null) return { sessionId: parent, source: "registry" };
	}
	for (const key of SUBAGENT_PARENT_SESSION_ENV_KEYS) {
		const parent = normalizeSessionId(input.env[key]);
		// INVARIANT: a session never forwards to itself (that would wait on its own inbox).
		if (parent !== null && parent !== sessionId) return { sessionId: parent, source: "env" };
	}
	return null;
}
