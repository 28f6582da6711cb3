/**
 * Owns: the exact answer to "is there a value every `required` pattern matches and no `excluded` pattern does", with
 * the shortest such value (a witness), found over the patterns' automata (the `wildcard.ts` language).
 * Never: samples values or guesses; it expands no home and folds no case (callers prepare patterns alike), and past
 * its work bound it answers `unknown`, which callers treat as "a value may exist".
 */

const STAR = 42;
const QUESTION = 63;

type WitnessSearch =
	/** The shortest value (in UTF-16 code units) with the property. */
	| { readonly kind: "found"; readonly value: string }
	/** No value has the property. */
	| { readonly kind: "none" }
	/** The search stopped at its work bound. */
	| { readonly kind: "unknown" };

/** One pattern as its plain alternatives (`git *` is `git *` or `git`), each with `**` runs folded to `*`. */
interface Automaton {
	readonly alternatives: readonly string[];
	/** Positions are numbered `alternative * stride + index`; `stride` exceeds every alternative's length. */
	readonly stride: number;
}

function automaton(pattern: string): Automaton {
	const plain = pattern.length >= 2 && pattern.endsWith(" *") ? [pattern, pattern.slice(0, -2)] : [pattern];
	const alternatives = plain.map((text) => text.replace(/\*+/g, "*"));
	return { alternatives, stride: Math.max(...alternatives.map((a) => a.length)) + 1 };
}

/** The positions reachable without consuming a character: a `*` may match nothing. */
function closure(a: Automaton, positions: Iterable<number>): number[] {
	const seen = new Set<number>();
	const stack = [...positions];
	while (stack.length > 0) {
		const position = stack.pop() as number;
		if (seen.has(position)) continue;
		seen.add(position);
		const text = a.alternatives[Math.floor(position / a.stride)] as string;
		const index = position % a.stride;
		if (index < text.length && text.charCodeAt(index) === STAR) stack.push(position + 1);
	}
	return [...seen].sort((x, y) => x - y);
}

function start(a: Automaton): number[] {
	return closure(
		a,
		a.alternatives.map((_, k) => k * a.stride),
	);
}

function step(a: Automaton, positions: readonly number[], code: number): number[] {
	const next: number[] = [];
	for (const position of positions) {
		const text = a.alternatives[Math.floor(position / a.stride)] as string;
		const index = position % a.stride;
		if (index >= text.length) continue;
		const symbol = text.charCodeAt(index);
		if (symbol === STAR) next.push(position);
		else if (symbol === QUESTION || symbol === code) next.push(position + 1);
	}
	return next.length === 0 ? next : closure(a, next);
}

function accepts(a: Automaton, positions: readonly number[]): boolean {
	return positions.some(
		(position) => position % a.stride === (a.alternatives[Math.floor(position / a.stride)] as string).length,
	);
}

/** A character no pattern names literally: every such character behaves alike, so one stands for them all. */
function freshCode(literals: ReadonlySet<number>): number {
	for (const candidate of "x0_zqé") {
		const code = candidate.charCodeAt(0);
		if (!literals.has(code)) return code;
	}
	for (let code = 0xe000; ; code++) if (!literals.has(code)) return code;
}

/** How many automaton states one search may visit before it answers `unknown`. */
const DEFAULT_STATE_BUDGET = 20_000;

interface Node {
	readonly required: readonly (readonly number[])[];
	/** `null` once a pattern can no longer match (it never can again). */
	readonly excluded: readonly (readonly number[] | null)[];
	readonly parent: Node | null;
	readonly code: number;
}

/**
 * Searches breadth-first over the product of the patterns' automata, so the first value found is a shortest one.
 * With no `required` pattern the property is "matched by no `excluded` pattern".
 */
export function findWitness(
	required: readonly string[],
	excluded: readonly string[],
	budget: number = DEFAULT_STATE_BUDGET,
): WitnessSearch {
	const need = required.map(automaton);
	const avoid = excluded.map(automaton);
	const literals = new Set<number>();
	for (const a of [...need, ...avoid])
		for (const text of a.alternatives)
			for (let i = 0; i < text.length; i++) {
				const code = text.charCodeAt(i);
				if (code !== STAR && code !== QUESTION) literals.add(code);
			}
	const alphabet = [...literals, freshCode(literals)];
	const first: Node = { required: need.map(start), excluded: avoid.map(start), parent: null, code: -1 };
	const seen = new Set<string>([key(first)]);
	const queue: Node[] = [first];
	for (let head = 0; head < queue.length; head++) {
		const node = queue[head] as Node;
		if (isWitness(need, avoid, node)) return { kind: "found", value: spell(node) };
		if (seen.size > budget) return { kind: "unknown" };
		for (const code of alphabet) {
			const nextRequired: number[][] = [];
			let dead = false;
			for (let k = 0; k < need.length && !dead; k++) {
				const next = step(need[k] as Automaton, node.required[k] as number[], code);
				if (next.length === 0) dead = true;
				nextRequired.push(next);
			}
			if (dead) continue;
			const nextExcluded = node.excluded.map((positions, k) => {
				if (positions === null) return null;
				const next = step(avoid[k] as Automaton, positions, code);
				return next.length === 0 ? null : next;
			});
			const child: Node = { required: nextRequired, excluded: nextExcluded, parent: node, code };
			const childKey = key(child);
			if (seen.has(childKey)) continue;
			seen.add(childKey);
			queue.push(child);
		}
	}
	return { kind: "none" };
}

function isWitness(need: readonly Automaton[], avoid: readonly Automaton[], node: Node): boolean {
	for (let k = 0; k < need.length; k++) if (!accepts(need[k] as Automaton, node.required[k] as number[])) return false;
	for (let k = 0; k < avoid.length; k++) {
		const positions = node.excluded[k];
		if (positions !== null && positions !== undefined && accepts(avoid[k] as Automaton, positions)) return false;
	}
	return true;
}

function key(node: Node): string {
	const part = (positions: readonly number[] | null | undefined) => (positions == null ? "-" : positions.join(","));
	return `${node.required.map(part).join("|")}#${node.excluded.map(part).join("|")}`;
}

function spell(node: Node): string {
	const codes: number[] = [];
	for (let at: Node | null = node; at !== null && at.parent !== null; at = at.parent) codes.push(at.code);
	return String.fromCharCode(...codes.reverse());
}
