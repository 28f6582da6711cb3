/**
 * Owns: which public keys a subagent trusts for its parent's answers: the key its composition root read once from
 * `PI_PERMISSIONS_PARENT_KEY` (a parent in another process), and this process's own key when the target session is
 * served in this very process (an in-process parent, found in memory).
 * Never: reads the environment or a file itself, or trusts a key an agent could have chosen after the process started.
 */
import type { KeyObject } from "node:crypto";
import type { ServingRegistry } from "../liveness/serving-registry";
import type { ForwardingTarget } from "../subagent/forwarding-target";
import { existingProcessAnswerKey, PARENT_KEY_ENV, parseAnswerPublicKey } from "./answer-key";

/** The environment's key as the composition root read it: absent, or its parse. */
export type InheritedParentKey =
	| { readonly kind: "absent" }
	| { readonly kind: "malformed"; readonly reason: string }
	| { readonly kind: "present"; readonly key: KeyObject };

/** Reads `PI_PERMISSIONS_PARENT_KEY` from an environment snapshot. Never throws. */
export function inheritedParentKey(env: Readonly<Record<string, string | undefined>>): InheritedParentKey {
	const text = env[PARENT_KEY_ENV];
	if (text === undefined || text.trim() === "") return { kind: "absent" };
	const parsed = parseAnswerPublicKey(text);
	return parsed.ok ? { kind: "present", key: parsed.value } : { kind: "malformed", reason: parsed.error };
}

export class ParentAnswerKeys {
	constructor(
		private readonly deps: {
			readonly inherited: InheritedParentKey;
			/** Where this process's own signing key lives (`globalThis` in production). */
			readonly globalHost: object;
			readonly servingRegistry: ServingRegistry;
		},
	) {}

	/** The keys an answer from `targetSessionId` may be signed with right now (read again at each look). Never throws. */
	trusted(targetSessionId: string): readonly KeyObject[] {
		const keys: KeyObject[] = [];
		const { inherited } = this.deps;
		if (inherited.kind === "present") keys.push(inherited.key);
		// An in-process parent signs with this process's key; only this process's own serving sessions hold it.
		const own = existingProcessAnswerKey(this.deps.globalHost);
		if (own !== undefined && this.deps.servingRegistry.isServing(targetSessionId)) keys.push(own.publicKey);
		return keys;
	}

	/**
	 * Why no answer from `target` could ever be verified, or `null` when one can: a key was inherited, the target
	 * serves in this process, or the spawner announced the child in this process (its parent signs with this process's
	 * key once it serves; until then the liveness bounds apply). Never throws.
	 */
	problem(target: ForwardingTarget): string | null {
		if (target.source === "registry" || this.trusted(target.sessionId).length > 0) return null;
		const { inherited } = this.deps;
		const why =
			inherited.kind === "malformed"
				? `${PARENT_KEY_ENV} is malformed (${inherited.reason})`
				: `${PARENT_KEY_ENV} is not set (the spawner must start the subagent with its parent's environment)`;
		return `the parent session's answers cannot be verified: ${why}`;
	}
}
