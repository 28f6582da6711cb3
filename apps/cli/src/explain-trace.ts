/**
 * Owns: the trace `explain` adds to a report: the bash units (context, wrapper kind, executed unit, canonical spelling
 * and the spelling the deciding rule matched, ADR 0053), every gate's
 * result, every rule that matches the deciding value and each bash unit's text with its origin scope and file, the
 * overlay that changed it, and the scopes that were loaded.
 * Never: decides or composes; the engine's traced run names each gate's result and the rules matching a value
 * (ADR 0041), over the one composed policy the call was decided under.
 */
import { displayPath } from "@pi-permissions/access-intent";
import {
	type GateOutcome,
	type PersistedGrant,
	type RunReport,
	type ScopeStatus,
	matchingRules as tracedRules,
	type UnitSpellingTrace,
	unitSpellingTrace,
} from "@pi-permissions/engine";
import type { PermissionState, Rule, RuleOrigin, ScopeName } from "@pi-permissions/policy";
import type { DecidedCall } from "./cli-engine";
import { originFiles, type RuleRecord, ruleRecord } from "./rule-record";

interface TraceUnit {
	readonly text: string;
	readonly context: string | null;
	readonly nesting: readonly string[];
	readonly wrapperKind: string | null;
	readonly executedUnit: string | null;
	/** The canonical spelling, the words without inert options, and the spelling the unit's deciding rule matched. */
	readonly spelling: UnitSpellingTrace;
}

/** What one gate decided, as the engine's outcome says it, without its reason and the ask's payload, suggestion, access. */
type TraceGate = Pick<GateOutcome, "gate" | "surface" | "value" | "state" | "matchedPattern" | "origin" | "basis">;

/** A rule matching the traced value, in evaluation order, with where it was written and whether it wins. */
export interface TraceRule extends RuleRecord {
	/** The action as written, before an overlay rewrote it. */
	readonly writtenAction: PermissionState;
	/** Where the rule was written: a scope, `builtin` or `baseline` (`file` is that scope's file). */
	readonly source: RuleOrigin;
	/** The last matching rule: the one that wins. */
	readonly wins: boolean;
	/** When the rule is a persisted ("always") grant: its id and line in `file`. */
	readonly persistedGrant: { readonly id: string; readonly line: number } | null;
}

type TraceOverlay =
	| { readonly kind: "fail-closed"; readonly scopes: readonly ScopeName[] }
	| { readonly kind: "yolo" }
	| null;

export interface ExplainTrace {
	readonly bash: {
		readonly units: readonly TraceUnit[];
		readonly unparseable: string | null;
		readonly externalPaths: readonly string[];
		readonly pathCandidates: readonly string[];
	} | null;
	readonly gates: readonly TraceGate[];
	readonly matchingRules: readonly TraceRule[];
	/**
	 * The rules matching each bash unit's text, in unit order (not only the unit that decided), so a chain shows what
	 * each part would get; at most `EXPLAIN_MAX_UNITS` units, the rest counted in `unitRulesOmitted`.
	 */
	readonly unitRules: readonly { readonly unit: string; readonly rules: readonly TraceRule[] }[];
	readonly unitRulesOmitted: number;
	readonly overlay: TraceOverlay;
	readonly scopes: readonly { readonly scope: ScopeName; readonly file: string | null; readonly status: ScopeStatus }[];
}

/** The bash units whose matching rules `explain` lists, at most. */
const EXPLAIN_MAX_UNITS = 64;

export function explainTrace(decided: DecidedCall, grants: readonly PersistedGrant[] = []): ExplainTrace {
	const { program, loaded, report } = decided;
	const files = originFiles(loaded.load, loaded.policy);
	return {
		bash:
			program === null
				? null
				: {
						units: program.units.map((unit) => ({
							text: unit.text,
							context: unit.context,
							nesting: unit.nesting,
							wrapperKind: unit.wrapperKind,
							executedUnit: unit.executedUnit,
							spelling: unitSpellingTrace(loaded.policy, unit),
						})),
						unparseable: program.unparseable?.reason ?? null,
						externalPaths: program.externalPaths.map(displayPath),
						pathCandidates: program.pathCandidates.map(displayPath),
					},
		gates: decided.gates.map(({ outcome }) => ({
			gate: outcome.gate,
			surface: outcome.surface,
			value: outcome.value,
			state: outcome.state,
			matchedPattern: outcome.matchedPattern,
			origin: outcome.origin,
			basis: outcome.basis,
		})),
		matchingRules:
			report.surface === null || report.value === null
				? []
				: matchingRules(decided, report.surface, report.value, files, grants),
		unitRules: (program?.units ?? []).slice(0, EXPLAIN_MAX_UNITS).map((unit) => ({
			unit: unit.text,
			rules: matchingRules(decided, "bash", unit.text, files, grants),
		})),
		unitRulesOmitted: Math.max(0, (program?.units.length ?? 0) - EXPLAIN_MAX_UNITS),
		overlay: overlayOf(report, loaded.policy.failClosedScopes),
		scopes: loaded.load.reports,
	};
}

function overlayOf(report: RunReport, failClosedScopes: readonly ScopeName[]): TraceOverlay {
	if (report.origin === "fail-closed") return { kind: "fail-closed", scopes: failClosedScopes };
	if (report.origin === "yolo") return { kind: "yolo" };
	return null;
}

/** Every composed rule matching `value` on `surface`, in evaluation order, each with the scope that wrote it. */
function matchingRules(
	decided: DecidedCall,
	surface: string,
	value: string,
	files: ReadonlyMap<RuleOrigin, string | null>,
	grants: readonly PersistedGrant[],
): TraceRule[] {
	const found = tracedRules(decided.loaded.policy, surface, value);
	const grantOf = (rule: Rule) =>
		grants.find((g) => g.scope === rule.origin && g.surface === rule.surface && g.pattern === rule.pattern);
	return found.map(({ rule, written: original }, index) => ({
		...ruleRecord(rule, files.get(original.origin) ?? null),
		writtenAction: original.action,
		source: original.origin,
		wins: index === found.length - 1,
		persistedGrant: ((g) => (g === undefined ? null : { id: g.id, line: g.line }))(grantOf(original)),
	}));
}
