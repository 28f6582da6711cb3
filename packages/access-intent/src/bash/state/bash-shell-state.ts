/**
 * Owns: what a bash command has established so far for the units after it: the possible working directories
 * (`cd`/`pushd`/`popd` folding), `PWD`/`OLDPWD` and the directory stack behind `~+`, `~-` and `~N`, and the possible
 * values of variables assigned literals (with `+=`, namerefs and `declare -l/-u/-c` case attributes).
 * Never: guesses: an effect that may not happen (subshell, conditional, failing `cd`) keeps the old possibilities too,
 * and a change it cannot follow (`pushd` swapping, `declare -n r=$x`) makes the affected values unknown.
 */
import type { VariableValues } from "./bash-word-values";

/** The value a variable the command never assigns takes from its environment, or `null` when it is not known. */
export type EnvironmentLookup = (name: string) => VariableValues | null;

/** The directories a relative word may be resolved against, or `unknown` when no base can be established. */
export type Bases = { readonly kind: "known"; readonly dirs: readonly string[] } | { readonly kind: "unknown" };

/** More possible directories or values than this collapse to unknown. */
const MAX_POSSIBILITIES = 8;
/** A loop variable keeps more: `for f in src/*.ts` lists a directory (a word expands to at most 16 values anyway). */
const MAX_LOOP_VALUES = 16;

/** `name=v`, `name+=v`, or either when the text does not tell them apart. */
type AssignMode = "set" | "append" | "set-or-append";

/** `declare -l`, `-u`, `-c`: the case bash gives every later value of the variable. */
export type CaseAttribute = "lower" | "upper" | "capitalize";

const UNKNOWN_VALUE: VariableValues = Object.freeze({ known: Object.freeze([]), unknown: true });
const UNKNOWN_BASES: Bases = Object.freeze({ kind: "unknown" });
const DEFAULT_IFS: VariableValues = Object.freeze({ known: Object.freeze([" \t\n"]), unknown: false });

export class BashShellState {
	private currentBases: Bases;
	private readonly variables = new Map<string, VariableValues>();
	/** The saved directories of the stack, oldest first (`dirs` lists the current one, then these newest first). */
	private stack: Bases[] = NO_STACK;
	/** False once the stack went through a change this state does not model (`pushd +1`, a nested `pushd`). */
	private stackKnown = true;
	/** `declare -n r=f`: the variables `r` may refer to; `null` when the target is not known. */
	// The two maps most commands never set start as one shared empty map, replaced at the first `set`.
	private namerefs: Map<string, readonly string[] | null> = NO_NAMEREFS;
	private cases: Map<string, CaseAttribute> = NO_CASES;
	private readonly home: string;
	/** The directories (and `PWD`/`OLDPWD`) before the first `cd` of the current `&&` chain, `null` outside one. */
	private chainStart: { bases: Bases; pwd: VariableValues | null; oldpwd: VariableValues | null } | null = null;

	/**
	 * What an unassigned variable holds in the environment the command starts with (ADR 0039), `null` when unknown;
	 * consulted only while `environmentInScope`.
	 */
	private readonly environment: EnvironmentLookup | null;
	/** False inside a payload (`sh -c '…'`, `ssh host '…'`): a wrapper may have given it another environment. */
	environmentInScope = true;

	constructor(cwd: string, home: string, environment: EnvironmentLookup | null = null) {
		this.currentBases = { kind: "known", dirs: [cwd] };
		this.home = home;
		this.environment = environment;
	}

	get bases(): Bases {
		return this.currentBases;
	}

	/** What `$name` may expand to: tracked assignments first, then `HOME` and `PWD`; anything else is unknown. */
	lookup(name: string): VariableValues {
		const refs = this.namerefs.get(name);
		// SECURITY: `declare -n r=f; cat $r` reads f; a reference this state cannot follow may be anything.
		if (refs === null) return UNKNOWN_VALUE;
		if (refs !== undefined) return refs.map((target) => this.lookupPlain(target)).reduce(unionValues, EMPTY_VALUES);
		return this.lookupPlain(name);
	}

	private lookupPlain(name: string): VariableValues {
		const tracked = this.variables.get(name);
		if (tracked) return tracked;
		if (name === "HOME" && this.home !== "") return { known: [this.home], unknown: false };
		if (name === "PWD") return basesValues(this.currentBases);
		// bash sets IFS at start-up whatever the environment holds.
		if (name === "IFS") return DEFAULT_IFS;
		if (this.environment !== null && this.environmentInScope) return this.environment(name) ?? UNKNOWN_VALUE;
		return UNKNOWN_VALUE;
	}

	/** True while words are read under a known start-up environment (ADR 0039). */
	get environmentKnown(): boolean {
		return this.environment !== null && this.environmentInScope;
	}

	/**
	 * What `name` holds in the environment the command started with, when the command never assigned it and the
	 * environment is known here (ADR 0039); `null` otherwise.
	 */
	startValue(name: string): VariableValues | null {
		if (this.environment === null || !this.environmentInScope || this.variables.has(name)) return null;
		return this.environment(name);
	}

	/** The values assigned to `name` in this command, or `null` when the command never assigned it. */
	tracked(name: string): VariableValues | null {
		return this.variables.get(name) ?? null;
	}

	/**
	 * What the tilde prefix `~<prefix>` expands to: `~` home, `~+` `$PWD`, `~-` `$OLDPWD`, `~N`/`~+N`/`~-N` a stack
	 * entry, `~user` unknown. `null` when bash leaves the word as it is (a stack index past the end, not a prefix).
	 */
	tilde(prefix: string): VariableValues | null {
		if (prefix === "") return this.lookup("HOME");
		if (prefix === "+") return this.lookup("PWD");
		if (prefix === "-") return this.lookup("OLDPWD");
		const index = /^([+-]?)(\d+)$/.exec(prefix);
		if (index !== null) return this.stackEntry(index[1] === "-", Number(index[2]));
		// SECURITY: `~root/.ssh/id_rsa` is another user's home, which this state does not know.
		return /^[A-Za-z0-9._][A-Za-z0-9._-]*$/.test(prefix) ? UNKNOWN_VALUE : null;
	}

	/**
	 * `dirs +N` (from the left, 0 is `$PWD`). `~-N` (from the right) is not resolved: it asks, because its reading is
	 * contested (the corpus row B-dirstack-minus expects the project where bash 5.2 gives `~/.ssh`; see ADR 0024).
	 */
	private stackEntry(fromRight: boolean, n: number): VariableValues | null {
		if (!this.stackKnown || fromRight) return UNKNOWN_VALUE;
		const length = this.stack.length + 1;
		if (n >= length) return null;
		const left = fromRight ? length - 1 - n : n;
		if (left === 0) return this.lookup("PWD");
		return basesValues(this.stack[this.stack.length - left] as Bases);
	}

	/** Records `name=value` (or `name+=value`); an uncertain assignment keeps every earlier possibility. */
	assign(name: string, values: VariableValues, certain: boolean, mode: AssignMode = "set"): void {
		const refs = this.namerefs.get(name);
		if (refs === null) {
			// SECURITY: `declare -n r=$x; r=.env` may set any variable.
			this.forgetVariables();
			return;
		}
		if (refs !== undefined) {
			// One level only: bash refuses a circular reference, and a reference to a reference is not followed here.
			for (const target of refs) this.assignPlain(target, values, certain && refs.length === 1, mode, target === name);
			return;
		}
		this.assignPlain(name, values, certain, mode, false);
	}

	/** `self` is true for a nameref's own plain reading (a `declare -n` that may not have happened). */
	private assignPlain(name: string, values: VariableValues, certain: boolean, mode: AssignMode, self: boolean): void {
		if (!self && this.namerefs.has(name)) {
			this.forgetVariables();
			return;
		}
		if (name === "DIRSTACK") this.stackKnown = false;
		const before = this.lookupPlain(name);
		let next = values;
		if (mode !== "set") {
			const appended = concatValues(before, values);
			next = mode === "append" ? appended : unionValues(appended, values);
		}
		const attribute = this.cases.get(name);
		if (attribute !== undefined) {
			// Outside ASCII bash's case mapping is not JavaScript's (`ß`): such a value is not modelled.
			const cased = next.known.filter((v) => !/[^\p{ASCII}]/u.test(v)).map((v) => applyCase(v, attribute));
			next = { known: cased, unknown: next.unknown || cased.length < next.known.length };
		}
		if (certain) {
			this.variables.set(name, capValues(next));
			return;
		}
		this.variables.set(name, capValues(unionValues(before, next)));
	}

	/** `for f in w…` with at least one word: f takes one of the values (up to `MAX_LOOP_VALUES` are kept). */
	assignLoop(name: string, values: VariableValues, certain: boolean): void {
		if (this.namerefs.has(name)) {
			this.forgetVariables();
			return;
		}
		const next = certain ? values : unionValues(this.lookupPlain(name), values);
		this.variables.set(name, capValues(next, MAX_LOOP_VALUES));
	}

	/** The variable may since hold anything (`read f`, `printf -v f`, a `for f` loop). */
	assignUnknown(name: string): void {
		this.assign(name, UNKNOWN_VALUE, true);
	}

	/** `declare -n name=target`; `targets` is `null` when the target name is not a literal. */
	declareNameref(name: string, targets: readonly string[] | null, certain: boolean): void {
		const before = this.namerefs.get(name);
		if (this.namerefs === NO_NAMEREFS) this.namerefs = new Map();
		if (!certain && before !== undefined) {
			this.namerefs.set(name, before === null || targets === null ? null : [...new Set([...before, ...targets])]);
			return;
		}
		// An uncertain first reference may not exist: the plain variable stays a possible reading.
		this.namerefs.set(name, certain || targets === null ? targets : [...new Set([name, ...targets])]);
	}

	/** `declare -l/-u/-c name`: later values take that case; an uncertain attribute makes the variable unknown. */
	setCase(name: string, attribute: CaseAttribute | null, certain: boolean): void {
		if (!certain) {
			this.assignUnknown(name);
			return;
		}
		if (attribute === null) {
			if (this.cases !== NO_CASES) this.cases.delete(name);
			return;
		}
		if (this.cases === NO_CASES) this.cases = new Map();
		this.cases.set(name, attribute);
	}

	/** Every tracked variable may since have been set to anything (after `source`, `declare "$x"`). */
	forgetVariables(): void {
		for (const [name, values] of this.variables) this.variables.set(name, { known: values.known, unknown: true });
	}

	/** Moves to `next`; an uncertain change keeps the current directories possible as well. */
	changeDirectory(next: Bases, certain: boolean): void {
		// A `cd` sets OLDPWD to the directory it left and PWD to the one it reached.
		const left = this.lookup("PWD");
		const oldpwd = this.variables.get("OLDPWD");
		const pwd = this.variables.get("PWD");
		this.currentBases = certain ? capBases(next) : capBases(unionBases(this.currentBases, next));
		if (certain) {
			this.variables.set("OLDPWD", capValues(left));
			this.variables.delete("PWD");
			return;
		}
		this.variables.set("OLDPWD", capValues(unionValues(oldpwd ?? UNKNOWN_VALUE, left)));
		if (pwd !== undefined) this.variables.set("PWD", capValues(unionValues(pwd, basesValues(next))));
	}

	/**
	 * Starts (or continues) an `&&` chain whose `cd` holds for the units after it in the chain: they run only if it
	 * succeeded. `endChain` then keeps the directories from before the chain possible, as the chain may have stopped.
	 */
	enterChain(): void {
		this.chainStart ??= {
			bases: this.currentBases,
			pwd: this.variables.get("PWD") ?? null,
			oldpwd: this.variables.get("OLDPWD") ?? null,
		};
	}

	endChain(): void {
		const start = this.chainStart;
		if (start === null) return;
		this.currentBases = capBases(unionBases(start.bases, this.currentBases));
		const oldpwd = this.variables.get("OLDPWD") ?? UNKNOWN_VALUE;
		this.variables.set("OLDPWD", capValues(unionValues(start.oldpwd ?? UNKNOWN_VALUE, oldpwd)));
		const pwd = this.variables.get("PWD");
		if (start.pwd !== null || pwd !== undefined)
			this.variables.set("PWD", capValues(unionValues(start.pwd ?? basesValues(start.bases), this.lookupPlain("PWD"))));
		this.chainStart = null;
	}

	pushDirectory(next: Bases, certain: boolean): void {
		if (this.stack === NO_STACK) this.stack = [];
		this.stack.push(this.currentBases);
		if (!certain) this.stackKnown = false;
		this.changeDirectory(next, certain);
	}

	popDirectory(certain: boolean): void {
		const previous = (this.stack === NO_STACK ? undefined : this.stack.pop()) ?? UNKNOWN_BASES;
		if (!certain) this.stackKnown = false;
		this.changeDirectory(previous, certain);
	}

	/** `shopt -s cdable_vars` (or a `shopt` this state cannot read): `cd name` may go to the directory in `$name`. */
	cdableVars = false;

	/** The stack went through a change this state does not model (`pushd +1`, `popd -n`, `dirs -c`, bare `pushd`). */
	forgetStack(): void {
		this.stackKnown = false;
	}
}

/** Shared and never written: `declareNameref` and `setCase` replace them before the first write. */
const NO_NAMEREFS: Map<string, readonly string[] | null> = new Map();
const NO_CASES: Map<string, CaseAttribute> = new Map();
const NO_STACK: Bases[] = [];

const EMPTY_VALUES: VariableValues = Object.freeze({ known: Object.freeze([]), unknown: false });

function basesValues(bases: Bases): VariableValues {
	return bases.kind === "known" ? { known: bases.dirs, unknown: false } : UNKNOWN_VALUE;
}

function union(a: readonly string[], b: readonly string[]): string[] {
	return [...a, ...b.filter((value) => !a.includes(value))];
}

function unionValues(a: VariableValues, b: VariableValues): VariableValues {
	return { known: union(a.known, b.known), unknown: a.unknown || b.unknown };
}

function concatValues(a: VariableValues, b: VariableValues): VariableValues {
	const known: string[] = [];
	for (const left of a.known) for (const right of b.known) known.push(left + right);
	return { known: [...new Set(known)], unknown: a.unknown || b.unknown };
}

function applyCase(value: string, attribute: CaseAttribute): string {
	switch (attribute) {
		case "lower":
			return value.toLowerCase();
		case "upper":
			return value.toUpperCase();
		case "capitalize":
			return value.charAt(0).toUpperCase() + value.slice(1).toLowerCase();
		default: {
			const unhandled: never = attribute;
			throw new Error(`unhandled case attribute ${String(unhandled)}`);
		}
	}
}

function unionBases(a: Bases, b: Bases): Bases {
	if (a.kind === "unknown" || b.kind === "unknown") return UNKNOWN_BASES;
	return { kind: "known", dirs: union(a.dirs, b.dirs) };
}

function capBases(bases: Bases): Bases {
	if (bases.kind === "known" && (bases.dirs.length === 0 || bases.dirs.length > MAX_POSSIBILITIES)) {
		return UNKNOWN_BASES;
	}
	return bases;
}

function capValues(values: VariableValues, cap = MAX_POSSIBILITIES): VariableValues {
	if (values.known.length <= cap) return values;
	return { known: values.known.slice(0, cap), unknown: true };
}
