/**
 * Owns: the two composition overlays: fail-closed (every `allow` floors to `ask`) and yolo (every `ask` becomes
 * `allow`, except the managed tier's). Both preserve every `deny`; fail-closed applies before yolo.
 * Never: touches session rules or synthetic asks produced after resolution (the engine reconciles those).
 */
import type { Rule, Ruleset } from "../rule";

/** Floors every `allow` to `ask` with origin `fail-closed`. */
export function failClosedOverlay(rules: Ruleset): Rule[] {
	return rules.map((rule) => (rule.action === "allow" ? { ...rule, action: "ask", origin: "fail-closed" } : rule));
}

/** Turns every `ask` into `allow` with origin `yolo`, except a managed rule's. */
export function yoloOverlay(rules: Ruleset): Rule[] {
	// SECURITY: ADR 0055: a managed ask is never lifted by yolo (nor by anything else below the managed scope).
	return rules.map((rule) =>
		rule.action === "ask" && rule.origin !== "managed" ? { ...rule, action: "allow", origin: "yolo" } : rule,
	);
}
