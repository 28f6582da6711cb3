/**
 * Owns: carrying out an "always" answer in a Pi session: each pattern of the ask's session suggestion written to the
 * project or global config by the engine's writer (lock, law, atomic replace), the config reloaded so the grant
 * applies at once, and the person told what was written where, or why not.
 * Never: writes without a session suggestion or for a floored ask, or widens the suggestion; a refusal leaves the
 * answer a session grant.
 */

import type { ForwardedRequest } from "@pi-permissions/authority";
import {
	type GateOutcome,
	type GrantFileSystem,
	type GrantScope,
	grantWriteErrorText,
	type PersistedGrant,
	PersistedGrantWriter,
} from "@pi-permissions/engine";
import type { PolicyEnvironment, ScopeOutcome } from "@pi-permissions/policy";
import { servingSessionGrantRequests } from "../authority/serving-session-grant";

interface GrantPersisterDeps {
	readonly fs: GrantFileSystem;
	/** The config file of each writable scope for this session. */
	readonly files: () => { readonly project: string; readonly global: string };
	/** The session's current scope outcomes (the writer re-reads the target file under its lock). */
	readonly scopes: () => readonly ScopeOutcome[];
	readonly env: PolicyEnvironment;
	/** Epoch milliseconds (the marker records the local date). */
	readonly now: () => number;
	/** Tells the person; must not throw. */
	readonly notify: (text: string, level: "info" | "warning") => void;
	/** Reloads the session's config after a write. May reject; the grant is then applied at the next reload. */
	readonly reload: () => Promise<void>;
}

/** What happened to an "always" answer. */
type PersistOutcome =
	| { readonly kind: "written"; readonly grants: readonly PersistedGrant[] }
	| { readonly kind: "not-written" };

export class GrantPersister {
	private readonly writer: PersistedGrantWriter;

	constructor(private readonly deps: GrantPersisterDeps) {
		this.writer = new PersistedGrantWriter(deps.fs);
	}

	/** Persists the suggestion of `outcome` in `scope`'s file. Never rejects. */
	async persist(outcome: GateOutcome, scope: GrantScope): Promise<PersistOutcome> {
		const suggestion = outcome.suggestion;
		// SECURITY: a floor (opaque payload, dynamic name, unparseable text) or a never-suggest family has no
		// suggestion; nothing is ever written for it, whatever the prompt answered.
		if (suggestion === null || outcome.basis !== "rule") {
			this.deps.notify("pi-permissions: nothing written: this ask has no grant to keep; approved once", "warning");
			return { kind: "not-written" };
		}
		const asked = suggestion.surface === outcome.surface && suggestion.patterns.length === 1 ? outcome.value : null;
		return this.write(
			suggestion.patterns.map((pattern) => ({ surface: suggestion.surface, pattern })),
			asked,
			scope,
		);
	}

	/**
	 * Persists a subagent's forwarded ask in this (serving) session's `scope` file: the grant this session computes
	 * from the child's fixed facts (never the child's own suggestion text). Never rejects.
	 */
	async persistForwarded(request: ForwardedRequest, scope: GrantScope): Promise<PersistOutcome> {
		let grants: readonly { readonly surface: string; readonly pattern: string }[];
		try {
			grants = servingSessionGrantRequests(request, this.deps.env.flavor);
		} catch {
			this.deps.notify("pi-permissions: nothing written: this forwarded ask has no grant to keep", "warning");
			return { kind: "not-written" };
		}
		return this.write(grants, grants.length === 1 ? (request.accessIntent?.matchValues[0] ?? null) : null, scope);
	}

	private async write(
		grants: readonly { readonly surface: string; readonly pattern: string }[],
		asked: string | null,
		scope: GrantScope,
	): Promise<PersistOutcome> {
		const file = this.deps.files()[scope];
		const written: PersistedGrant[] = [];
		try {
			for (const grant of grants) {
				const result = await this.writer.add({
					file,
					scope,
					grant,
					values: asked === null ? [] : [asked],
					otherScopes: this.deps.scopes(),
					env: this.deps.env,
					date: localDate(this.deps.now()),
					source: "dialog",
				});
				if (!result.ok) {
					this.deps.notify(
						`pi-permissions: ${grantWriteErrorText(result.error)}; kept for this session only`,
						"warning",
					);
					return { kind: "not-written" };
				}
				if (result.value.kind === "written") written.push(result.value.grant);
			}
		} catch (error) {
			this.deps.notify(
				`pi-permissions: could not write ${file}: ${String(error)}; kept for this session only`,
				"warning",
			);
			return { kind: "not-written" };
		}
		try {
			await this.deps.reload();
		} catch {
			// The grant is on disk; the session picks it up at its next reload.
		}
		const where = written.map((g) => `${g.surface} ${JSON.stringify(g.pattern)} (${g.file}:${g.line})`).join(", ");
		this.deps.notify(`pi-permissions: always allowed ${where === "" ? "(already in the file)" : where}`, "info");
		return { kind: "written", grants: written };
	}
}

function localDate(epochMs: number): string {
	const date = new Date(epochMs);
	const pad = (n: number) => String(n).padStart(2, "0");
	return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
