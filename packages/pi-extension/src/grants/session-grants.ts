/**
 * Owns: a session's grants as `/permissions` lists and removes them: the "for this session" grants (its rule store)
 * and the persisted ("always") grants of the project and global files.
 * Never: grants anything itself (an answer in the dialog does), or decides; removing a persisted grant reloads the
 * policy so the next matching call asks again.
 */
import { type GrantWriteError, grantEnded, type PersistedGrant } from "@pi-permissions/engine";
import { type ExpiredGrant, err, type Result, type SessionGrant, type SessionRuleStore } from "@pi-permissions/policy";
import type { PersistedGrantAccess } from "./persisted-grant-access";

interface SessionGrantsOptions {
	readonly store: SessionRuleStore;
	/** The persisted grants; `null` without a grant edge (then there are none). */
	readonly persisted: PersistedGrantAccess | null;
	/** Loads the session's config again after a grant file changed. May reject. */
	readonly reload: () => Promise<void>;
	/** The clock a persisted grant's end is compared with (ADR 0061). */
	readonly now: () => number;
	/** Told once per session of each persisted grant found ended (the review log records it as expired). */
	readonly ended: (grant: PersistedGrant) => void;
}

export class SessionGrants {
	/** Persisted grants already recorded as ended in this session, by id and end. */
	private readonly recordedEnds = new Set<string>();

	constructor(private readonly options: SessionGrantsOptions) {}

	/** This session's "for this session" grants, in grant order. */
	list(): readonly SessionGrant[] {
		return this.options.store.list();
	}

	/** The session grants that reached their bound (this turn, N minutes, N calls): recorded as expired, not revoked. */
	expired(): readonly ExpiredGrant[] {
		return this.options.store.expired();
	}

	/** The person's next prompt: the grants given "for this turn" expire. */
	beginTurn(): void {
		this.options.store.beginTurn();
	}

	/** Revokes one session grant by id; false when no grant has that id. The next matching call decides afresh. */
	revoke(id: string): boolean {
		return this.options.store.revoke(id);
	}

	/**
	 * The persisted ("always") grants of the project and global files, re-read now; none without a grant edge. A grant
	 * whose end has passed is listed (it is expired, not revoked: its line stays until a person removes it) and recorded
	 * as ended once.
	 */
	async persisted(): Promise<readonly PersistedGrant[]> {
		const { persisted } = this.options;
		const grants = persisted === null ? [] : await persisted.list();
		const now = this.options.now();
		for (const grant of grants) {
			const key = `${grant.id}\u0000${grant.expires}`;
			if (!grantEnded(grant.expires, now) || this.recordedEnds.has(key)) continue;
			this.recordedEnds.add(key);
			this.options.ended(grant);
		}
		return grants;
	}

	/** The clock the listing compares ends with. */
	now(): number {
		return this.options.now();
	}

	/** Removes a persisted grant by id with a JSONC edit and reloads, so the next matching call asks again. */
	async forgetPersisted(id: string): Promise<Result<PersistedGrant, GrantWriteError>> {
		const { persisted } = this.options;
		if (persisted === null) return err({ kind: "unknown-grant", file: "-", id });
		const result = await persisted.forget(id);
		if (result.ok) await this.options.reload();
		return result;
	}
}
