/**
 * Owns: the policy a decision uses: a composed policy with the session's grants layered on it (they answer only the
 * composed policy's asks: the grant law, ADR 0022), recompiled only when the composed policy or the store changed.
 * Never: adds grants (see `session-approval.ts`) or composes config scopes.
 */
import type { CompiledPolicy, ComposedPolicy, PolicyEnvironment, SessionRuleStore } from "@pi-permissions/policy";

interface Compiled {
	readonly version: number;
	readonly policy: CompiledPolicy;
}

export class SessionPolicy {
	private readonly compiled = new WeakMap<ComposedPolicy, Compiled>();

	constructor(
		private readonly store: SessionRuleStore,
		private readonly env: PolicyEnvironment,
	) {}

	/**
	 * `composed` with the current session rules layered on it: they decide only where `composed` says `ask`, so no
	 * grant lifts a deny (session grants are never rewritten by yolo or fail-closed).
	 */
	policyFor(composed: ComposedPolicy): CompiledPolicy {
		const version = this.store.version;
		const cached = this.compiled.get(composed);
		if (cached !== undefined && cached.version === version) return cached.policy;
		const policy = composed.decision.withSessionRules(this.store.rules(), this.env);
		this.compiled.set(composed, { version, policy });
		return policy;
	}
}
