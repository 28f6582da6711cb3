/**
 * Owns: the one walk over a command's units that its path and write slices share: the shell state each unit's words
 * are read with (working directories and `&&`-chain `cd`s, variables and shell options as the units set them), one
 * probe-cached normalizer view, and the memo of resolved tokens, handing each unit with the directories it ran at to
 * each collector before the unit's own effects apply.
 * Never: decides what is a path or a write (the collectors do) or consults rules.
 */

import type { AccessPath } from "../../path/access-path";
import type { PathNormalizer } from "../../path/path-normalizer";
import type { CommandUnit } from "../reading/command-unit";
import { type Bases, BashShellState, type EnvironmentLookup } from "../state/bash-shell-state";
import type { VariableLookup, VariableValues } from "../state/bash-word-values";
import { applyDirectoryChange } from "../state/directory-change";
import { createGlobBudget, expandGlob, type GlobBudget } from "../state/glob-expansion";
import { type EffectContext, recordStateEffects } from "../state/shell-state-effects";
import { ByBase } from "./by-base";

/** One slice's reading of each unit, called in unit order with the directories in force when the unit ran. */
export interface UnitVisitor {
	/** A simple command's words and redirects, before its own effects on the shell state apply. */
	visitUnit(unit: CommandUnit, bases: Bases): void;
	/** A compound's own redirects (`{ cat a; } > f`, `while …; done < f`); its inner units come on their own. */
	visitCompound(unit: CommandUnit, bases: Bases): void;
}

export class UnitWalk implements EffectContext {
	readonly state: BashShellState;
	/** `state.lookup` as a function, made once per walk (word resolution takes a function). */
	readonly lookup: VariableLookup;
	/** The path slice's glob listings (loop words and operands); the write slice bounds its own. */
	readonly globBudget: GlobBudget = createGlobBudget();
	/** True after `shopt -s dotglob` and the like: a glob may match what the default options would not. */
	globsUnknown = false;
	/** Whether the unit whose effects are being recorded certainly persists them (read by `recordStateEffects`). */
	certain = false;
	/** `forBashToken` answers by base, then text: the view's probe is memoised, so an answer never changes. */
	private readonly tokens = new ByBase<AccessPath>();

	/** `normalizer` should be a `withProbeCache()` view of the command's normalizer. */
	constructor(
		readonly normalizer: PathNormalizer,
		start: string,
		environment: EnvironmentLookup | null = null,
	) {
		const state = new BashShellState(start, normalizer.home, environment);
		this.state = state;
		this.lookup = (name) => state.lookup(name);
	}

	/** Walks `units` in order, handing each to every visitor, then applying its effects. */
	run(units: readonly CommandUnit[], visitors: readonly UnitVisitor[]): void {
		// Indexed: the units are a frozen array, which for-of iterates off V8's fast path.
		for (let i = 0; i < units.length; i++) this.visit(units[i] as CommandUnit, visitors);
	}

	/** `normalizer.forBashToken(text, base)`, asked once per base and text. */
	token(text: string, base: string): AccessPath {
		// `get`/`set`, not `answer`: no closure per call on the walk's hottest path.
		const known = this.tokens.get(base, text);
		if (known !== undefined) return known;
		const path = this.normalizer.forBashToken(text, base);
		this.tokens.set(base, text, path);
		return path;
	}

	globsChanged(): void {
		this.globsUnknown = true;
	}

	/** `for f in src/*.ts`: each word, a glob as the names it matches at every known base (the pattern if none). */
	loopValues(words: readonly string[]): VariableValues | null {
		const bases = this.state.bases;
		if (bases.kind === "unknown") return null;
		const known: string[] = [];
		for (const word of words) {
			if (!GLOB_CHAR.test(word)) {
				known.push(word);
				continue;
			}
			if (this.globsUnknown) return null;
			for (const base of bases.dirs) {
				const expansion = expandGlob([{ text: word, active: true }], base, this.normalizer, this.globBudget);
				if (!expansion.complete) return null;
				known.push(...(expansion.matches.length === 0 ? [word] : expansion.matches));
			}
		}
		return { known: [...new Set(known)], unknown: false };
	}

	private visit(unit: CommandUnit, visitors: readonly UnitVisitor[]): void {
		const state = this.state;
		// SECURITY: `false && cd /tmp; cat ../x`: a `cd` right after `&&` holds only up to the end of its `&&` chain.
		const chained = unit.context === null && unit.nesting.length === 1 && unit.nesting[0] === "and_then";
		if (!chained) state.endChain();
		// INVARIANT: an effect is certain only for a plain top-level unit; anything nested may not run or may not persist.
		const certain = unit.context === null && unit.nesting.length === 0;
		const bases = state.bases;
		// A payload runs under its wrapper's environment (`sudo`, `env -i`, `ssh host`), not the command's (ADR 0039).
		state.environmentInScope = !unit.nesting.includes("payload");
		if (unit.compound) {
			for (const visitor of visitors) visitor.visitCompound(unit, bases);
			this.recordEffects(unit, certain);
			return;
		}
		const name = unit.commandName;
		// A sourced file may set any variable; the working directory is still assumed kept (see the report residuals).
		if (name === "source" || name === ".") state.forgetVariables();
		for (const visitor of visitors) visitor.visitUnit(unit, bases);
		// Variables change after the unit's own words were expanded (`f=x; f=y cat $f` reads x).
		this.recordEffects(unit, certain);
		if (name !== "cd" && name !== "pushd" && name !== "popd" && name !== "dirs") return;
		const chainedCd = chained && name === "cd";
		if (chainedCd) state.enterChain();
		applyDirectoryChange(unit, {
			certain: certain || chainedCd,
			bases,
			state,
			normalizer: this.normalizer,
			lookup: this.lookup,
		});
	}

	private recordEffects(unit: CommandUnit, certain: boolean): void {
		this.certain = certain;
		recordStateEffects(unit, this);
	}
}

const GLOB_CHAR = /[*?[]/;
