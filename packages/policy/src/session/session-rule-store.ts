/**
 * Owns: the "for this session" grants of one session: append, list, revoke one by id, clear; each grant is an
 * `allow` rule with origin `session` that follows every composed rule.
 * Never: persists anything or decides; the engine appends `rules()` when it evaluates.
 */
import type { PermissionState } from "../permission-state";
import type { Rule, Ruleset } from "../rule";

export interface SessionGrant {
	/** Stable within the store: `session-1`, `session-2`, … in grant order. */
	readonly id: string;
	readonly rule: Rule;
}

export interface SessionGrantRequest {
	readonly surface: string;
	readonly pattern: string;
	/** Defaults to `allow`; a human's "deny for this session" is a `deny`. */
	readonly action?: PermissionState;
}

export class SessionRuleStore {
	private grants: SessionGrant[] = [];
	private nextId = 1;
	private cachedRules: Ruleset = [];
	/** Increments on every change, so callers can cache what they compiled from `rules()`. */
	private revision = 0;

	get version(): number {
		return this.revision;
	}

	/** Adds a grant; an identical grant already present is returned instead of duplicated. */
	add(request: SessionGrantRequest): SessionGrant {
		const action = request.action ?? "allow";
		const existing = this.grants.find(
			(g) => g.rule.surface === request.surface && g.rule.pattern === request.pattern && g.rule.action === action,
		);
		if (existing) return existing;
		const grant: SessionGrant = {
			id: `session-${this.nextId++}`,
			rule: { surface: request.surface, pattern: request.pattern, action, origin: "session" },
		};
		this.grants = [...this.grants, grant];
		this.changed();
		return grant;
	}

	list(): readonly SessionGrant[] {
		return this.grants;
	}

	/** Removes one grant; false when no grant has that id. */
	revoke(id: string): boolean {
		const next = this.grants.filter((g) => g.id !== id);
		if (next.length === this.grants.length) return false;
		this.grants = next;
		this.changed();
		return true;
	}

	clear(): void {
		if (this.grants.length === 0) return;
		this.grants = [];
		this.changed();
	}

	/** The grants as rules, in grant order (the last grant wins among session rules). */
	rules(): Ruleset {
		return this.cachedRules;
	}

	private changed(): void {
		this.revision++;
		this.cachedRules = this.grants.map((g) => g.rule);
	}
}
