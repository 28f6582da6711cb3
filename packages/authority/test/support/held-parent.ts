/**
 * A serving parent that holds each request until the test releases it (its policy "loads" until then), so a forger
 * can race it with the request already on disk; its answers are captured as written, for replays.
 */
import type { PermissionCheck, PolicyLookup, TerminalDecision } from "../../src/chain/authorizer";
import { NodeForwardingFileSystem } from "../../src/forwarding/node-forwarding-file-system";
import type { PidProbe } from "../../src/liveness/serving-heartbeat";
import { ASK, makeParent, scriptedTerminal } from "./forwarding-harness";
import type { MemoryLog } from "./memory-log";

/** Records every response text the parent writes (its temp file's content, renamed into `responses/` after). */
export class CapturingFileSystem extends NodeForwardingFileSystem {
	readonly answers: string[] = [];
	/** Rewrites a response as it is written (a tamperer between the parent and the disk); identity by default. */
	rewrite: (text: string) => string = (text) => text;

	override async writeNewPrivateFile(path: string, data: string): Promise<void> {
		if (!path.includes("/responses/")) return super.writeNewPrivateFile(path, data);
		this.answers.push(data);
		return super.writeNewPrivateFile(path, this.rewrite(data));
	}
}

export type Outcome = "allow" | "deny" | "rule-deny";

const USER = { kind: "user", via: "dialog" } as const;
const RULE_DENY: PermissionCheck = {
	state: "deny",
	matchedPattern: "git push *",
	origin: "project",
	reason: "no pushes from subagents",
};

export function heldParent(options: {
	readonly agentDir: string;
	readonly sessionId: string;
	readonly outcome: Outcome;
	readonly log?: MemoryLog;
	readonly pid?: number;
	readonly isPidAlive?: PidProbe;
}) {
	const fs = new CapturingFileSystem();
	let release: () => void = () => undefined;
	let held = new Promise<void>((resolve) => (release = resolve));
	let holding = 0;
	const query: PolicyLookup = {
		checkPermission: () => ASK,
		resolveForwarded: () => (options.outcome === "rule-deny" ? RULE_DENY : ASK),
		preparePolicy: async () => {
			holding += 1;
			await held;
		},
	};
	const answer = (): TerminalDecision =>
		options.outcome === "allow"
			? { verdict: "allow", scope: "once", decidedBy: USER }
			: { verdict: "deny", reason: "the parent's user says no", unavailable: false, decidedBy: USER };
	const { terminal, asked } = scriptedTerminal(answer);
	const parent = makeParent({
		agentDir: options.agentDir,
		sessionId: options.sessionId,
		terminal,
		query,
		fs,
		...(options.log === undefined ? {} : { log: options.log }),
		...(options.pid === undefined ? {} : { pid: options.pid }),
		...(options.isPidAlive === undefined ? {} : { isPidAlive: options.isPidAlive }),
	});
	return {
		...parent,
		fs,
		asked,
		/** How many requests the parent has begun to serve (it is holding the latest). */
		holding: () => holding,
		/** Lets every held request (and every later one) through. */
		release: () => {
			release();
		},
		/** Holds the requests that come after this call again. */
		hold: () => {
			held = new Promise<void>((resolve) => (release = resolve));
		},
	};
}
