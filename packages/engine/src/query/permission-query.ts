/**
 * Owns: `PermissionQuery`, the synchronous policy questions authority links and the published service ask:
 * `checkPermission(surface, value?, agent?)` (bash decomposed at gate parity through `checkBashCommand`, path
 * surfaces on lexical and canonical forms, session rules included), `resolveForwarded(facts, agent)` (a child's
 * fixed facts, used as-is) and `getToolPermission(tool, agent?)`.
 * Never: asks anyone, records grants or reconciles yolo; a residual floor is reported as the `ask` it is.
 */
import { type BashParser, BashProgram, type PathNormalizer, type UnitContext } from "@pi-permissions/access-intent";
import {
	BASH_SURFACE,
	PATH_SURFACES,
	type PermissionState,
	type RuleMatch,
	type RuleOrigin,
	restrictiveness,
	type SessionRuleStore,
	WHOLE_TOOL,
} from "@pi-permissions/policy";
import { BASH_SENTINELS } from "@pi-permissions/presentation";
import { checkBashCommand } from "../bash/bash-command-check";
import type { ForwardedAccessFacts } from "../gates/access-facts";
import type { ParseBashProgram, PolicyProvider } from "../pipeline/tool-call-pipeline";
import { SessionPolicy } from "../session/session-policy";

export interface PermissionCheckResult {
	readonly surface: string;
	readonly value: string;
	readonly state: PermissionState;
	/** The deciding pattern, a bash sentinel, or `null` when a universal or built-in default decided. */
	readonly matchedPattern: string | null;
	/** The deciding rule's origin (for a floor, the rule it raised); `null` when no rule matched. */
	readonly origin: RuleOrigin | null;
	readonly reason: string | null;
	/** Bash only: the unit whose result won. */
	readonly decidingUnit: string | null;
	readonly commandContext: UnitContext | null;
	readonly executedUnit: string | null;
	/** Path surfaces only: every spelling the rules were matched against. */
	readonly matchValues: readonly string[] | null;
	/** True when a floor (a bash sentinel), not a rule, decided. */
	readonly floored: boolean;
}

export interface PermissionQueryOptions {
	readonly policies: PolicyProvider;
	readonly sessionRules: SessionRuleStore;
	readonly normalizer: PathNormalizer;
	/** The warm parser, or `null` before warm-up (bash queries then floor to ask). Must not throw. */
	readonly parser: () => BashParser | null;
	readonly parseProgram?: ParseBashProgram;
}

export class PermissionQuery {
	private readonly sessionPolicy: SessionPolicy;
	private readonly parseProgram: ParseBashProgram;

	constructor(private readonly options: PermissionQueryOptions) {
		const { normalizer } = options;
		this.sessionPolicy = new SessionPolicy(options.sessionRules, { home: normalizer.home, flavor: normalizer.flavor });
		this.parseProgram = options.parseProgram ?? ((command, deps) => BashProgram.parse(command, deps));
	}

	/** The decision a gate would reach for `value` on `surface` (`*` when no value). May throw on a broken provider. */
	checkPermission(surface: string, value?: string, agentName?: string): PermissionCheckResult {
		const policy = this.sessionPolicy.policyFor(this.options.policies.policyFor(agentName ?? null));
		const subject = value ?? WHOLE_TOOL;
		if (surface === BASH_SURFACE && value !== undefined) return this.checkBash(value, policy);
		if (PATH_SURFACES.has(surface) && value !== undefined && value !== WHOLE_TOOL) {
			const path = this.options.normalizer.withProbeCache().forPath(value);
			return fromMatch(surface, value, policy.evaluateAliases(surface, path.matchValues), path.matchValues);
		}
		return fromMatch(surface, subject, policy.evaluate(surface, subject), null);
	}

	/**
	 * Resolves a forwarded ask from the child-fixed facts under `agentName`'s policy, session rules included. Nothing
	 * is re-derived: bash values are evaluated as the unit texts they are (no parse), path values as the aliases of one
	 * path (plus the boundary value), any other surface value by value; across separate values the most restrictive
	 * wins (the first on a tie). Throws on facts it cannot evaluate (no surface, no values) or a broken provider.
	 */
	resolveForwarded(facts: ForwardedAccessFacts, agentName: string | null): PermissionCheckResult {
		const { surface, matchValues, boundaryValue } = facts;
		const [first] = matchValues;
		if (surface === "" || first === undefined) throw new Error("the forwarded ask carries no surface or no value");
		const policy = this.sessionPolicy.policyFor(this.options.policies.policyFor(agentName));
		if (PATH_SURFACES.has(surface)) {
			// Aliases of one path decide together, exactly as the child's path gate matched them (last match wins).
			const aliases =
				boundaryValue === null || matchValues.includes(boundaryValue) ? matchValues : [...matchValues, boundaryValue];
			return fromMatch(surface, first, policy.evaluateAliases(surface, aliases), aliases);
		}
		let best = fromMatch(surface, first, policy.evaluate(surface, first), null);
		for (const value of matchValues.slice(1)) {
			if (best.state === "deny") break;
			// SECURITY: each value is one unit or one spelling the child fixed; any of them denied denies the ask.
			const check = fromMatch(surface, value, policy.evaluate(surface, value), null);
			if (restrictiveness(check.state) > restrictiveness(best.state)) best = check;
		}
		return surface === BASH_SURFACE ? { ...best, decidingUnit: best.value } : best;
	}

	/** The tool's surface-level state for exposure: fail-closed applies, yolo does not, session rules do not. */
	getToolPermission(toolName: string, agentName?: string): PermissionState {
		return this.options.policies.policyFor(agentName ?? null).toolPermission(toolName);
	}

	private checkBash(command: string, policy: ReturnType<SessionPolicy["policyFor"]>): PermissionCheckResult {
		const parser = this.options.parser();
		if (parser === null) {
			// Before warm-up the command cannot be decomposed: an explicit deny of the whole text stands, else ask.
			const whole = policy.evaluate(BASH_SURFACE, command);
			if (whole.state === "deny") return fromMatch(BASH_SURFACE, command, whole, null);
			return {
				...fromMatch(BASH_SURFACE, command, whole, null),
				state: "ask",
				matchedPattern: BASH_SENTINELS.unparseable,
				origin: null,
				floored: true,
			};
		}
		const program = this.parseProgram(command, { parser, normalizer: this.options.normalizer.withProbeCache() });
		const check = checkBashCommand(program, policy);
		return {
			surface: BASH_SURFACE,
			value: command,
			state: check.state,
			matchedPattern: check.matchedPattern,
			origin: check.match?.origin ?? null,
			reason: check.reason,
			decidingUnit: check.decidingUnit,
			commandContext: check.commandContext,
			executedUnit: check.executedUnit,
			matchValues: null,
			floored: check.floored,
		};
	}
}

function fromMatch(
	surface: string,
	value: string,
	match: RuleMatch,
	matchValues: readonly string[] | null,
): PermissionCheckResult {
	return {
		surface,
		value,
		state: match.state,
		matchedPattern: match.matchedPattern,
		origin: match.origin,
		reason: match.reason,
		decidingUnit: null,
		commandContext: null,
		executedUnit: null,
		matchValues,
		floored: false,
	};
}
