/**
 * Owns: the strictest state any rule could give a unit whose words a wrapper fills in at run time (`find -exec git {}`,
 * `xargs git`): the unit as a wildcard language, met against every bash rule by glob intersection and containment.
 * Never: decides on its own; `bash-command-check.ts` floors an allow to ask when this bound is stricter.
 */
import { type CommandUnit, literalWordText } from "@pi-permissions/access-intent";
import {
	type CompiledPolicy,
	compileWildcard,
	type PermissionState,
	type Rule,
	restrictiveness,
} from "@pi-permissions/policy";

const STAR = "*";
const QUESTION = "?";

/**
 * The unit as the patterns of every command it may run: a word holding a marker becomes `*`, appended input adds
 * ` *`. Literal `*`/`?` in the words stay wildcards, which only widens the language (the bound stays sound).
 */
export function runTimeLanguage(unit: CommandUnit): string[] {
	const markers = unit.runTimeWords?.markers ?? [];
	const name = unit.commandName ?? unit.nameWord?.raw ?? "";
	const words = unit.args.map((arg) => {
		const text = literalWordText(arg) ?? arg.raw;
		return markers.some((marker) => text.includes(marker)) ? STAR : text;
	});
	const base = [name, ...words].join(" ");
	return unit.runTimeWords?.appended ? [base, `${base} ${STAR}`] : [base];
}

/**
 * The most restrictive action of the rules that match some command in `language`, scanning from the last rule
 * and stopping at the first that matches all of it (every earlier rule is shadowed there). When no rule covers the
 * whole language the built-in ask applies to the rest.
 */
export function runTimeBound(policy: CompiledPolicy, surface: string, language: readonly string[]): PermissionState {
	const rules = rulesOn(policy, surface);
	let bound: PermissionState = "allow";
	for (let i = rules.length - 1; i >= 0; i--) {
		const rule = rules[i] as Rule;
		const alternatives = patternAlternatives(rule.pattern);
		// SECURITY: `~`/`$HOME` patterns expand at evaluation; without the home here, count them as matching.
		const homeBound = /^(?:~|\$HOME|\$\{HOME\})/.test(rule.pattern);
		const meets = homeBound || language.some((l) => alternatives.some((p) => intersects(p, l)));
		if (meets && restrictiveness(rule.action) > restrictiveness(bound)) bound = rule.action;
		if (!homeBound && language.every((l) => alternatives.some((p) => contains(p, l)))) return bound;
	}
	return restrictiveness("ask") > restrictiveness(bound) ? "ask" : bound;
}

const RULES_ON = new WeakMap<CompiledPolicy, Map<string, readonly Rule[]>>();

/** The policy's rules whose surface pattern covers `surface`, in order, filtered once per policy. */
function rulesOn(policy: CompiledPolicy, surface: string): readonly Rule[] {
	let bySurface = RULES_ON.get(policy);
	if (bySurface === undefined) {
		bySurface = new Map();
		RULES_ON.set(policy, bySurface);
	}
	let rules = bySurface.get(surface);
	if (rules === undefined) {
		rules = policy.rules.filter((rule) => compileWildcard(rule.surface).test(surface));
		bySurface.set(surface, rules);
	}
	return rules;
}

/** A pattern ending in ` *` also matches the text before it (`git *` matches `git`). */
function patternAlternatives(pattern: string): string[] {
	return pattern.length >= 2 && pattern.endsWith(" *") ? [pattern, pattern.slice(0, -2)] : [pattern];
}

/** True when some string matches both wildcard patterns (`*` any run, `?` one character). */
export function intersects(p: string, q: string): boolean {
	return reachesBothEnds(p, q, (a, b, i, j, next) => {
		if (a === STAR) next(i + 1, j);
		if (b === STAR) next(i, j + 1);
		if (a === undefined || b === undefined) return;
		if (a === STAR || b === STAR || a === QUESTION || b === QUESTION || a === b)
			next(a === STAR ? i : i + 1, b === STAR ? j : j + 1);
	});
}

/**
 * A sufficient test that every string `language` matches also matches `pattern`: the pattern must match the
 * language's own text, where the language's `*` can be absorbed only by the pattern's `*` and its `?` only by a
 * pattern `?` or `*`.
 */
export function contains(pattern: string, language: string): boolean {
	return reachesBothEnds(pattern, language, (a, b, i, j, next) => {
		if (a === STAR) {
			next(i + 1, j);
			if (b !== undefined) next(i, j + 1);
			return;
		}
		if (a === undefined || b === undefined || b === STAR) return;
		if (a === QUESTION || a === b) next(i + 1, j + 1);
	});
}

/** From position pair `(i, j)` reading `a = p[i]` and `b = q[j]`, calls `next` with each pair one step can reach. */
type PairStep = (
	a: string | undefined,
	b: string | undefined,
	i: number,
	j: number,
	next: (i: number, j: number) => void,
) => void;

/** Whether `step`, from the two starts, reaches the pair of ends; each pair is visited once, so it terminates. */
function reachesBothEnds(p: string, q: string, step: PairStep): boolean {
	const seen = new Set<number>();
	const stack: [number, number][] = [[0, 0]];
	const width = q.length + 1;
	const next = (i: number, j: number): void => {
		stack.push([i, j]);
	};
	while (stack.length > 0) {
		const [i, j] = stack.pop() as [number, number];
		if (seen.has(i * width + j)) continue;
		seen.add(i * width + j);
		if (i === p.length && j === q.length) return true;
		step(p[i], q[j], i, j, next);
	}
	return false;
}
