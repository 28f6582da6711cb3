/**
 * Owns: folding named non-terminal links ahead of a terminal: `defer` moves on, `allow`/`deny` decides and is
 * credited to the link that said it; a link that throws, answers garbage or exceeds its time budget counts as `defer`.
 * Never: resolves names or selects the terminal; every link verdict passes the delegation envelope first.
 */
import type { AuthorityLog } from "../authority-log";
import type { Clock } from "../clock";
import type {
	AskDetails,
	Authorizer,
	AuthorizerVerdict,
	PolicyLookup,
	TerminalAuthorizer,
	TerminalDecision,
} from "./authorizer";
import { capVerdict } from "./delegation-envelope";

export interface NamedAuthorizer {
	readonly name: string;
	readonly link: Authorizer;
}

interface AuthorizerChainOptions {
	readonly query: PolicyLookup;
	readonly log: AuthorityLog;
	readonly clock: Clock;
	/** How long one link may take before it counts as `defer`. */
	readonly linkBudgetMs: number;
}

/** The default time budget of one link (a model call fits; a hung link does not hold the ask). */
export const DEFAULT_LINK_BUDGET_MS = 20_000;

const MAX_REASON_LENGTH = 2000;
const TIMED_OUT: unique symbol = Symbol("timed-out");

/** Reads what a link returned at run time; links are foreign code, so anything unexpected is `defer`. */
function readVerdict(value: unknown): AuthorizerVerdict | null {
	if (typeof value !== "object" || value === null) return null;
	const record = value as Readonly<Record<string, unknown>>;
	if (record.verdict === "allow") return { verdict: "allow" };
	if (record.verdict === "defer") return { verdict: "defer" };
	if (record.verdict !== "deny") return null;
	const reason = record.reason;
	if (typeof reason === "string" && reason.trim() !== "")
		return { verdict: "deny", reason: reason.slice(0, MAX_REASON_LENGTH) };
	return { verdict: "deny", reason: null };
}

async function consult(
	named: NamedAuthorizer,
	details: AskDetails,
	options: AuthorizerChainOptions,
): Promise<AuthorizerVerdict> {
	const stopTimer = new AbortController();
	const fail = (reason: string): AuthorizerVerdict => {
		options.log.event("authorizer_link_failed", { requestId: details.requestId, name: named.name, reason });
		return { verdict: "defer" };
	};
	try {
		const outcome = await Promise.race([
			// Promise.resolve().then turns a synchronous throw into a rejection.
			Promise.resolve().then(() => named.link.authorize(details, options.query, options.log)),
			options.clock.sleep(options.linkBudgetMs, stopTimer.signal).then(() => TIMED_OUT),
		]);
		if (outcome === TIMED_OUT) return fail(`no verdict within ${options.linkBudgetMs} ms`);
		const verdict = readVerdict(outcome);
		if (verdict === null) return fail("returned something that is not a verdict");
		return capVerdict(verdict, details);
	} catch (error) {
		return fail(`threw: ${error instanceof Error ? error.message : String(error)}`);
	} finally {
		stopTimer.abort();
	}
}

function creditLink(name: string, verdict: Exclude<AuthorizerVerdict, { verdict: "defer" }>): TerminalDecision {
	switch (verdict.verdict) {
		case "allow":
			return {
				verdict: "allow",
				scope: "once",
				decidedBy: { kind: "authorizer", name, verdict: "allow", reason: null },
			};
		case "deny":
			return {
				verdict: "deny",
				reason: verdict.reason,
				unavailable: false,
				decidedBy: { kind: "authorizer", name, verdict: "deny", reason: verdict.reason },
			};
		default: {
			const unhandled: never = verdict;
			throw new Error(`unhandled verdict ${String(unhandled)}`);
		}
	}
}

/**
 * Composes links (in the given order) ahead of `terminal`. With no links the terminal itself is returned.
 * The result never rejects as long as the terminal honours its contract.
 */
export function composeAuthorizerChain(
	links: readonly NamedAuthorizer[],
	terminal: TerminalAuthorizer,
	options: AuthorizerChainOptions,
): TerminalAuthorizer {
	if (links.length === 0) return terminal;
	return {
		authorize: async (details) => {
			for (const named of links) {
				const verdict = await consult(named, details, options);
				if (verdict.verdict !== "defer") return creditLink(named.name, verdict);
			}
			return terminal.authorize(details);
		},
	};
}
