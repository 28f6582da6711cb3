/**
 * Owns: the access facts an asking outcome fixes for a forwarding hop (ADR 0041): a bash unit's texts and command-name
 * spellings taken from the call's one parse, a path's aliases and canonical boundary, any other surface's value as-is.
 * Never: parses, decides or keeps its own reading of a unit (the spelling and the dynamic-name test are the bash
 * check's own); an ask raised by a floor, or one whose unit is not a plain command, carries facts marked
 * `floored` (never forwarded as resolvable), so a serving session puts it to a human instead of resolving it by rule.
 */
import { type CommandUnit, type PathNormalizer, unitSpelling } from "@pi-permissions/access-intent";
import { PATH_SURFACES } from "@pi-permissions/policy";
import { hasDynamicName, normalizedText } from "../bash/bash-command-check";

/**
 * What a session fixes about one ask before it may be forwarded: the gate surface, every value a rule may match (bash:
 * the already-decomposed unit texts and their spellings; path surfaces: the aliases of one path), and the canonical
 * containment value of a path (`null` otherwise).
 */
export interface ForwardedAccessFacts {
	readonly surface: string;
	readonly matchValues: readonly string[];
	readonly boundaryValue: string | null;
	/**
	 * True when a floor (a wrapper, a dynamic command name, an unparseable command) raised the ask: the facts name the
	 * surface for the delegation envelope, but no rule may settle the ask, so it is never forwarded as resolvable.
	 */
	readonly floored?: boolean;
}

/** The reader on the serving side refuses more values than this; such an ask carries no facts and goes to a human. */
export const MAX_FORWARDED_MATCH_VALUES = 64;

const BASH_SURFACE = "bash";
const WHOLE_TOOL = "*";

/** The surface and value of an ask a floor raised; never resolvable by rule. */
export function flooredFacts(surface: string, value: string): ForwardedAccessFacts {
	return { surface, matchValues: [value], boundaryValue: null, floored: true };
}

/**
 * The facts of a rule's ask on `surface` for `value`: a path (not a whole tool) with its aliases and canonical form,
 * read through the call's normalizer; any other surface by its value. Throws for a path surface without a normalizer
 * (a gate wired wrongly; the runner blocks the call).
 */
export function ruleFacts(
	surface: string,
	value: string,
	normalizer: PathNormalizer | null,
): ForwardedAccessFacts | null {
	if (PATH_SURFACES.has(surface) && value !== WHOLE_TOOL) {
		if (normalizer === null) throw new Error(`the facts of a \`${surface}\` ask need the call's normalizer`);
		const path = normalizer.forPath(value);
		const matchValues = unique([value, ...path.matchValues]);
		return bounded({ surface, matchValues, boundaryValue: path.kind === "resolved" ? path.canonical : null });
	}
	return { surface, matchValues: [value], boundaryValue: null };
}

/**
 * The facts of a bash rule's ask: every unit that asked (`asking`, the deciding one first among them) and the units
 * nested in each (its substitutions, a compound's body), each with its command name written plainly, from the call's
 * one parse; `null` when nothing runs or there are more values than a serving session reads. `asking` is `null` when
 * the whole command decided (no unit did).
 */
export function bashRuleFacts(
	decidingText: string,
	asking: readonly CommandUnit[] | null,
	program: { readonly units: readonly CommandUnit[]; readonly unparseable: unknown },
): ForwardedAccessFacts | null {
	// SECURITY: a command that could not be read whole (`hash -p /usr/bin/rm ls; ls x`) is not known even where one of
	// its units decided by rule; a serving rule must never pass it.
	if (program.unparseable !== null) return flooredFacts(BASH_SURFACE, decidingText);
	// SECURITY: `echo hi; rm -rf x` under `bash: { "*": "ask" }` asks for both units; forwarding only the deciding one
	// would let a serving `echo *: allow` run `rm -rf x` unseen. Each value is judged and the strictest wins.
	const units = asking === null ? program.units : withNestedUnits(program.units, asking);
	if (units.length === 0) return null;
	const values = new Set<string>();
	if (decidingText !== "") values.add(decidingText);
	for (const each of units) {
		// SECURITY: a wrapper or a dynamic name is floored at the gate; a serving rule must never pass it silently. The
		// test runs over every unit, also past the bound on values, so a floored unit late in a long command still floors.
		if (each.wrapperKind !== null || hasDynamicName(each)) {
			return flooredFacts(BASH_SURFACE, decidingText);
		}
		// Past the bound the facts are dropped anyway (`null` below): stop spelling values nobody will read.
		if (values.size > MAX_FORWARDED_MATCH_VALUES) continue;
		if (each.text !== "") values.add(each.text);
		const spelled = normalizedText(each);
		if (spelled !== null && spelled !== "") values.add(spelled);
		// SECURITY: a serving deny written `rm -rf *` must meet `rm -Rf x` too: its canonical spelling and its words
		// without inert options go along (each value is judged, the strictest wins, so they only add restriction).
		const other = unitSpelling(each);
		if (other !== null) {
			values.add(other.canonical.text);
			if (other.withoutInert !== null) values.add(other.withoutInert);
		}
	}
	return bounded({ surface: BASH_SURFACE, matchValues: [...values], boundaryValue: null });
}

/**
 * Each asking unit followed by the units the parse lists right after it that lie inside it: nested deeper and written
 * within its text (`echo $(rm x)` -> `rm x`; a `for` statement's body). Units are listed outer first, inner right after.
 */
function withNestedUnits(units: readonly CommandUnit[], asking: readonly CommandUnit[]): CommandUnit[] {
	const indexOf = new Map<CommandUnit, number>();
	for (let index = 0; index < units.length; index++) indexOf.set(units[index] as CommandUnit, index);
	const result: CommandUnit[] = [];
	for (const unit of asking) {
		result.push(unit);
		const index = indexOf.get(unit);
		if (index === undefined) continue;
		for (let at = index + 1; at < units.length; at++) {
			const next = units[at] as CommandUnit;
			if (next.nesting.length <= unit.nesting.length || !unit.text.includes(next.text)) break;
			result.push(next);
		}
	}
	return result;
}

function unique(values: readonly string[]): string[] {
	return [...new Set(values.filter((value) => value !== ""))];
}

function bounded(facts: ForwardedAccessFacts): ForwardedAccessFacts | null {
	const count = facts.matchValues.length;
	return count === 0 || count > MAX_FORWARDED_MATCH_VALUES ? null : facts;
}
