/**
 * Owns: the access facts a session fixes for one ask before it may be forwarded: a bash unit's texts and command-name
 * spellings, a path's aliases and canonical boundary, any other surface's value as-is.
 * Never: decides; an ask raised by a floor, or one whose unit cannot be read plainly, carries facts marked `floored`
 * (never forwarded as resolvable), so a serving session puts it to a human instead of resolving it by rule.
 */
import { type BashParser, BashProgram, type CommandUnit, type PathNormalizer } from "@pi-permissions/access-intent";
import type { AccessFacts } from "@pi-permissions/authority";
import type { GateOutcome } from "@pi-permissions/engine";
import { PATH_SURFACES } from "@pi-permissions/policy";

/** The reader on the serving side refuses more values than this; such an ask goes to a human. */
export const MAX_FORWARDED_MATCH_VALUES = 64;

const BASH_SURFACE = "bash";
const WHOLE_TOOL = "*";

export interface AccessFactsDeps {
	/** The warm parser, or `null` before warm-up. Must not throw. */
	readonly parser: () => BashParser | null;
	readonly normalizer: PathNormalizer;
}

/** What is being accessed by `outcome`, or `null` when a serving session must not resolve it by rule. */
export function forwardedAccessFacts(outcome: GateOutcome, deps: AccessFactsDeps): AccessFacts | null {
	const { surface, value } = outcome;
	// SECURITY: a floor raised a rule's allow to ask (wrapper, dynamic name, unparseable); by rule it would pass.
	// Floored facts still name the surface, so the delegation envelope can tell a bash ask from a path ask.
	if (outcome.basis === "floor") return flooredFacts(surface, value);
	if (outcome.basis !== "rule") return null;
	if (surface === BASH_SURFACE) return bashFacts(value, deps);
	if (PATH_SURFACES.has(surface) && value !== WHOLE_TOOL) {
		const path = deps.normalizer.withProbeCache().forPath(value);
		const matchValues = unique([value, ...path.matchValues]);
		return bounded({ surface, matchValues, boundaryValue: path.kind === "resolved" ? path.canonical : null });
	}
	return { surface, matchValues: [value], boundaryValue: null };
}

/** Every unit text and command-name spelling of one bash unit, or `null` when any part is not a plain command. */
function bashFacts(unitText: string, deps: AccessFactsDeps): AccessFacts | null {
	const parser = deps.parser();
	if (parser === null) return null;
	const program = BashProgram.parse(unitText, { parser, normalizer: deps.normalizer.withProbeCache() });
	if (program.unparseable !== null) return flooredFacts(BASH_SURFACE, unitText);
	if (program.units.length === 0) return null;
	const values = [unitText];
	for (const unit of program.units) {
		// SECURITY: a wrapper or a dynamic name is floored at the gate; a serving rule must never pass it silently.
		if (unit.wrapperKind !== null || (unit.nameWord !== null && unit.commandName === null)) {
			return flooredFacts(BASH_SURFACE, unitText);
		}
		values.push(unit.text);
		const spelled = normalizedSpelling(unit);
		if (spelled !== null) values.push(spelled);
	}
	return bounded({ surface: BASH_SURFACE, matchValues: unique(values), boundaryValue: null });
}

/** The unit with its command name written plainly (`\rm x` -> `rm x`), or `null` when it already is. */
function normalizedSpelling(unit: CommandUnit): string | null {
	const name = unit.nameWord?.raw;
	if (!name || unit.commandName === null || name === unit.commandName || !unit.text.startsWith(name)) return null;
	return unit.commandName + unit.text.slice(name.length);
}

/** The surface and value of an ask a floor raised; never resolvable by rule (see `AccessFacts.floored`). */
function flooredFacts(surface: string, value: string): AccessFacts {
	return { surface, matchValues: [value], boundaryValue: null, floored: true };
}

function unique(values: readonly string[]): string[] {
	return [...new Set(values.filter((value) => value !== ""))];
}

function bounded(facts: AccessFacts): AccessFacts | null {
	const count = facts.matchValues.length;
	return count === 0 || count > MAX_FORWARDED_MATCH_VALUES ? null : facts;
}
