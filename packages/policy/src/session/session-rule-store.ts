/**
 * Owns: the "for this session" grants of one session: append (with a bound: the session, this turn, N minutes, N
 * calls), list what remains, revoke one by id, clear; each live grant is an `allow` rule with origin `session` that
 * follows every composed rule. A grant that reaches its bound stops deciding at once and is recorded as expired.
 * Never: persists anything or decides; the engine appends `rules()` when it evaluates and reports each call a grant
 * decided (`recordUse`).
 */
import type { PermissionState } from "../permission-state";
import type { Rule, Ruleset } from "../rule";
import { type ExpiryReason, isValidBound, type SessionGrantBound } from "./session-grant-bound";

export interface SessionGrant {
	/** Stable within the store: `session-1`, `session-2`, … in grant order. */
	readonly id: string;
	readonly rule: Rule;
	readonly bound: SessionGrantBound;
	/** When it stops deciding by the clock (epoch ms), for a `minutes` bound; else `null`. */
	readonly endsAt: number | null;
	/** The calls it may still decide, for a `calls` bound; else `null`. */
	readonly callsLeft: number | null;
}

export interface ExpiredGrant {
	readonly grant: SessionGrant;
	readonly reason: ExpiryReason;
	/** When it expired (epoch ms, the store's clock). */
	readonly at: number;
}

export interface SessionGrantRequest {
	readonly surface: string;
	readonly pattern: string;
	/** Defaults to `allow`; a human's "deny for this session" is a `deny`. */
	readonly action?: PermissionState;
	/** Defaults to the session. */
	readonly bound?: SessionGrantBound;
}

interface SessionRuleStoreOptions {
	/** The clock of `minutes` bounds (epoch ms); tests pass a fake one. */
	readonly now?: () => number;
}

const SESSION: SessionGrantBound = { kind: "session" };

export class SessionRuleStore {
	private grants: SessionGrant[] = [];
	private expiredGrants: ExpiredGrant[] = [];
	private nextId = 1;
	private cachedRules: Ruleset = [];
	/** Increments on every change, so callers can cache what they compiled from `rules()`. */
	private revision = 0;
	/** The turn a `turn` grant was given in; `beginTurn` ends them. */
	private readonly turnGrants = new Set<string>();
	private readonly now: () => number;

	constructor(options: SessionRuleStoreOptions = {}) {
		this.now = options.now ?? Date.now;
	}

	/** The store's revision; reading it first expires every grant whose time has come, so a cache never outlives one. */
	get version(): number {
		this.expireDue();
		return this.revision;
	}

	/**
	 * Adds a grant; an identical grant already present keeps its id and takes the new bound (the person's latest
	 * answer). Throws on a bound that is not a positive whole number of minutes or calls.
	 */
	add(request: SessionGrantRequest): SessionGrant {
		const action = request.action ?? "allow";
		const bound = request.bound ?? SESSION;
		if (!isValidBound(bound)) throw new Error(`invalid grant bound ${JSON.stringify(bound)}`);
		const existing = this.grants.find(
			(g) => g.rule.surface === request.surface && g.rule.pattern === request.pattern && g.rule.action === action,
		);
		// The same unbounded grant again is the same grant; a bounded one starts its bound afresh.
		if (existing !== undefined && existing.bound.kind === "session" && bound.kind === "session") return existing;
		const grant: SessionGrant = {
			id: existing?.id ?? `session-${this.nextId++}`,
			rule: { surface: request.surface, pattern: request.pattern, action, origin: "session" },
			bound,
			endsAt: bound.kind === "minutes" ? this.now() + bound.minutes * 60_000 : null,
			callsLeft: bound.kind === "calls" ? bound.calls : null,
		};
		this.grants =
			existing === undefined ? [...this.grants, grant] : this.grants.map((g) => (g.id === grant.id ? grant : g));
		if (bound.kind === "turn") this.turnGrants.add(grant.id);
		else this.turnGrants.delete(grant.id);
		this.changed();
		return grant;
	}

	/** The grants that still decide. */
	list(): readonly SessionGrant[] {
		this.expireDue();
		return this.grants;
	}

	/** The grants that reached their bound, oldest first. */
	expired(): readonly ExpiredGrant[] {
		this.expireDue();
		return this.expiredGrants;
	}

	/** Removes one grant; false when no live grant has that id. */
	revoke(id: string): boolean {
		const next = this.grants.filter((g) => g.id !== id);
		if (next.length === this.grants.length) return false;
		this.grants = next;
		this.turnGrants.delete(id);
		this.changed();
		return true;
	}

	clear(): void {
		if (this.grants.length === 0) return;
		this.grants = [];
		this.turnGrants.clear();
		this.changed();
	}

	/** The person's next prompt: every grant given "for this turn" expires. */
	beginTurn(): void {
		if (this.turnGrants.size === 0) return;
		const ending = new Set(this.turnGrants);
		this.turnGrants.clear();
		this.expire((g) => ending.has(g.id), "turn");
	}

	/**
	 * One call was decided by the grant of `surface` and `pattern` (counted once per call by the caller): a `calls`
	 * grant spends one, and expires when none is left, so it decides exactly as many calls as it was given.
	 */
	recordUse(surface: string, pattern: string): void {
		const allows = this.grants.filter((g) => g.rule.pattern === pattern && g.rule.action === "allow");
		// SECURITY: a use the caller names on another surface than the grant's still spends it (never the reverse).
		const grant = allows.find((g) => g.rule.surface === surface) ?? allows.find((g) => g.callsLeft !== null);
		if (grant === undefined || grant.callsLeft === null) return;
		const callsLeft = grant.callsLeft - 1;
		this.grants = this.grants.map((g) => (g.id === grant.id ? { ...grant, callsLeft } : g));
		if (callsLeft <= 0) this.expire((g) => g.id === grant.id, "calls");
		else this.changed();
	}

	/** The live grants as rules, in grant order (the last grant wins among session rules). */
	rules(): Ruleset {
		this.expireDue();
		return this.cachedRules;
	}

	/** SECURITY: a timed grant stops at its instant: every read of the rules or the revision checks the clock first. */
	private expireDue(): void {
		const now = this.now();
		if (this.grants.some((g) => g.endsAt !== null && now >= g.endsAt))
			this.expire((g) => g.endsAt !== null && now >= g.endsAt, "time");
	}

	private expire(which: (grant: SessionGrant) => boolean, reason: ExpiryReason): void {
		const at = this.now();
		const ending = this.grants.filter(which);
		if (ending.length === 0) return;
		this.grants = this.grants.filter((g) => !which(g));
		this.expiredGrants = [...this.expiredGrants, ...ending.map((grant) => ({ grant, reason, at }))];
		this.changed();
	}

	private changed(): void {
		this.revision++;
		this.cachedRules = this.grants.map((g) => g.rule);
	}
}
