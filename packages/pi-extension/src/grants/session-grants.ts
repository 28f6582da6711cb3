/**
 * Owns: a session's grants as `/permissions` lists and removes them: the "for this session" grants (its rule store)
 * and the persisted ("always") grants of the project and global files.
 * Never: grants anything itself (an answer in the dialog does), or decides; removing a persisted grant reloads the
 * policy so the next matching call asks again.
 */
import type { GrantWriteError, PersistedGrant } from "@pi-permissions/engine";
import { type ExpiredGrant, err, type Result, type SessionGrant, type SessionRuleStore } from "@pi-permissions/policy";
import type { PersistedGrantAccess } from "./persisted-grant-access";

interface SessionGrantsOptions {
	readonly store: SessionRuleStore;
	/** The persisted grants; `null` without a grant edge (then there are none). */
	readonly persisted: PersistedGrantAccess | null;
	/** Loads the session's config again after a grant file changed. May reject. */
	readonly reload: () => Promise<void>;
}

export class SessionGrants {
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

	/** The persisted ("always") grants of the project and global files, re-read now; none without a grant edge. */
	persisted(): Promise<readonly PersistedGrant[]> {
		const { persisted } = this.options;
		return persisted === null ? Promise.resolve([]) : persisted.list();
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
