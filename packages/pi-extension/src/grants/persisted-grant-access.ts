/**
 * Owns: a session's view of its persisted ("always") grants: listing both files' grants, forgetting one by id with
 * the engine's writer, and naming the grant behind a decision (`decidedBy: persisted-grant:<id> <file>:<line>`).
 * Never: decides; a persisted grant is an ordinary config rule and the config decides with it.
 */
import {
	type DecisionFact,
	type DecisionSink,
	type GrantFileSystem,
	type GrantScope,
	type GrantWriteError,
	listPersistedGrants,
	type PersistedGrant,
	PersistedGrantWriter,
} from "@pi-permissions/engine";
import { err, type Result } from "@pi-permissions/policy";

const SCOPES: readonly GrantScope[] = ["global", "project"];

export class PersistedGrantAccess {
	private known: readonly PersistedGrant[] = [];

	constructor(
		private readonly fs: GrantFileSystem,
		private readonly files: () => { readonly project: string; readonly global: string },
	) {}

	/** The grants of both files, global first, re-read now; an unreadable file lists none. Never rejects. */
	async list(): Promise<readonly PersistedGrant[]> {
		const grants: PersistedGrant[] = [];
		for (const scope of SCOPES) {
			const file = this.files()[scope];
			try {
				if ((await this.fs.inspect(file)).kind !== "file") continue;
				grants.push(...listPersistedGrants(await this.fs.readText(file), scope, file));
			} catch {
				// The loader reports an unreadable config; here it holds no grants.
			}
		}
		this.known = grants;
		return grants;
	}

	/** Removes grant `id` (`project-…` or `global-…`) from its file. */
	async forget(id: string): Promise<Result<PersistedGrant, GrantWriteError>> {
		const scope = SCOPES.find((candidate) => id.startsWith(`${candidate}-`));
		if (scope === undefined) return err({ kind: "unknown-grant", file: this.files().project, id });
		const result = await new PersistedGrantWriter(this.fs).forget(this.files()[scope], scope, id);
		await this.list();
		return result;
	}

	/**
	 * `sink` with an allow decided by a persisted grant attributed to it, from the grants last listed (the session
	 * lists them at open and after every reload, so a grant it wrote is named from its next call on).
	 */
	attributing(sink: DecisionSink): DecisionSink {
		return {
			emit: (fact: DecisionFact) => {
				sink.emit(this.attributed(fact));
			},
		};
	}

	private attributed(fact: DecisionFact): DecisionFact {
		if (fact.result !== "allow" || fact.decidedBy !== "policy" || fact.matchedPattern === null) return fact;
		const grant = this.known.find(
			(g) => g.scope === fact.origin && g.surface === fact.surface && g.pattern === fact.matchedPattern,
		);
		return grant === undefined
			? fact
			: { ...fact, decidedBy: `persisted-grant:${grant.id} ${grant.file}:${grant.line}` };
	}
}
