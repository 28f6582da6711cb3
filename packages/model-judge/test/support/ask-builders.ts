/**
 * Owns: `AskDetails` as the adapter builds them (bash, path and external-directory asks), a recording authority log,
 * a manual clock, and a table-driven recorded-policy query for the link's `PolicyLookup` edge.
 * Never: decides anything itself; the query answers only from the rules a test writes down.
 */
import type { AskDetails, AuthorityLog, Clock, PermissionCheck, PolicyLookup } from "@pi-permissions/authority";

type Payload = AskDetails["payload"];

const requester = { agentName: null, sessionId: "s-1", subagent: false } as const;

export function externalDirectoryAsk(
	path: string,
	toolName = "read",
	matchValues: readonly string[] = [path],
): AskDetails {
	const payload: Payload = {
		kind: "external_directory",
		request: {
			requester,
			surface: "external_directory",
			toolName,
			invokedToolName: null,
			value: path,
			matchedPattern: null,
			ruleOrigin: null,
			commandContext: null,
			executedUnit: null,
		},
		evidence: [{ label: "path", text: path, detail: null }],
		annotations: [],
		answerableBy: "any-authorizer",
	};
	return {
		requestId: `req-${path.length}`,
		payload,
		access: { surface: "external_directory", matchValues, boundaryValue: path },
		agentName: null,
		forwarding: null,
	};
}

export interface BashAskInput {
	/** The deciding unit (the payload's `value`). */
	readonly unit: string;
	/** The whole command; defaults to the unit. */
	readonly command?: string;
	readonly executedUnit: string | null;
	readonly matchedPattern?: string | null;
}

export function bashAsk(input: BashAskInput): AskDetails {
	const command = input.command ?? input.unit;
	const payload: Payload = {
		kind: "bash",
		request: {
			requester,
			surface: "bash",
			toolName: "bash",
			invokedToolName: null,
			value: input.unit,
			matchedPattern: input.matchedPattern === undefined ? "<opaque-bash-wrapper>" : input.matchedPattern,
			ruleOrigin: null,
			commandContext: null,
			executedUnit: input.executedUnit,
		},
		evidence: command === input.unit ? [] : [{ label: "command", text: command, detail: null }],
		annotations: [],
		answerableBy: "any-authorizer",
	};
	return {
		requestId: "req-bash",
		payload,
		access: { surface: "bash", matchValues: [input.unit], boundaryValue: null },
		agentName: null,
		forwarding: null,
	};
}

export interface LoggedEvent {
	readonly name: string;
	readonly fields: Readonly<Record<string, unknown>>;
}

export function recordingLog(): AuthorityLog & { readonly events: LoggedEvent[] } {
	const events: LoggedEvent[] = [];
	return { events, event: (name, fields) => events.push({ name, fields }) };
}

/** A clock whose sleeps resolve only when the test fires them; `now` advances by `step` per read. */
export function manualClock(): Clock & { fire(): void; readonly pending: () => number } {
	let time = 1_000;
	const sleepers: (() => void)[] = [];
	return {
		now: () => {
			time += 7;
			return time;
		},
		sleep: (_ms, signal) =>
			new Promise<void>((resolve) => {
				if (signal?.aborted) return resolve();
				signal?.addEventListener("abort", () => resolve(), { once: true });
				sleepers.push(resolve);
			}),
		fire: () => {
			for (const wake of sleepers.splice(0)) wake();
		},
		pending: () => sleepers.length,
	};
}

const RANK = { allow: 0, ask: 1, deny: 2 } as const;

/**
 * Recorded policy as `[prefix, state]` bash rules (last match wins, default `ask`), evaluated per list member: the text
 * is split on `;`, `&`, `|` and newlines, and a substitution (`$(`, backquote) is `ask`. Most restrictive member wins.
 * A naive stand-in for the engine at the link's `PolicyLookup` edge; every call is recorded.
 */
export function ruleQuery(rules: readonly (readonly [string, PermissionCheck["state"]])[]): PolicyLookup & {
	readonly asked: string[];
} {
	const asked: string[] = [];
	const one = (member: string): PermissionCheck["state"] => {
		if (member.includes("$(") || member.includes("`")) return "ask";
		let state: PermissionCheck["state"] = "ask";
		for (const [prefix, ruled] of rules) {
			if (member === prefix || member.startsWith(`${prefix} `)) state = ruled;
		}
		return state;
	};
	return {
		asked,
		checkPermission(surface, value = "*") {
			asked.push(`${surface}:${value}`);
			if (surface !== "bash") return { state: "ask", matchedPattern: null, origin: null, reason: null };
			const members = value
				.split(/[;&|\n]+/)
				.map((member) => member.trim())
				.filter((member) => member !== "");
			const states = members.length === 0 ? (["ask"] as const) : members.map(one);
			const state = states.reduce(
				(worst, next) => (RANK[next] > RANK[worst] ? next : worst),
				"allow" as PermissionCheck["state"],
			);
			return { state, matchedPattern: null, origin: null, reason: null };
		},
		resolveForwarded: () => ({ state: "ask", matchedPattern: null, origin: null, reason: null }),
	};
}
