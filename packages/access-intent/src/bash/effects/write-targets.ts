/**
 * Owns: the write slice of one bash command: every path a unit writes, deletes, creates or changes the metadata of,
 * from its redirects and from the write-operand table, resolved as bash would (cwd folding, literal-assigned
 * variables, globs) with the same normalizer as the path candidates; a write whose file cannot be named is listed as
 * an unresolved literal so the gates can ask.
 * Never: consults rules or decides; safe devices (`/dev/null`, `/dev/std*`, `/dev/fd/*`) and process substitutions
 * are not writes of a file.
 */

import type { AccessPath } from "../../path/access-path";
import type { PathNormalizer } from "../../path/path-normalizer";
import { isSafeDevice } from "../../path/safe-devices";
import type { OptionValue } from "../options/option-scanner";
import type { CommandUnit, Redirect } from "../reading/command-unit";
import { literalWordText, literalWordTexts, type ShellWord, unglobbedLiteralText } from "../reading/shell-word";
import type { Bases } from "../state/bash-shell-state";
import { hasActiveGlob, resolveWord } from "../state/bash-word-values";
import { POSITIONAL } from "../state/environment-words";
import { createGlobBudget, expandGlob, type GlobBudget } from "../state/glob-expansion";
import {
	hasWriteOperands,
	type WriteEffect,
	type WriteSelection,
	writeSelections,
} from "./programs/write-operand-table";
import type { UnitVisitor, UnitWalk } from "./unit-walk";

/** One path a command may write. */
export interface WriteTarget {
	readonly path: AccessPath;
	readonly effect: WriteEffect;
	/** How: `>`, `>>`, `tee`, `sed -i`, `find -delete`, … (for prompts). */
	readonly via: string;
	/** True when everything below the path may be written too (`rm -r`, `find -delete`, `cp -r`, `mv`). */
	readonly tree: boolean;
}

/** Resolved targets examined per command before the rest is reported as one unchecked write. */
const MAX_WRITE_TARGETS = 512;
/** The spelling listed when the write slice was cut short. */
const UNCHECKED_WRITES = "<writes not checked: command too large>";

const DECLARATIONS: ReadonlySet<string> = new Set(["export", "declare", "local", "readonly", "typeset"]);
const FD_DUPLICATE = /^(?:\d+|-)$/;
const FD_DEVICE = /^\/dev\/fd\/\d+$/;

/** True for a redirect that opens its target for writing (`>`, `>>`, `>|`, `&>`, `2>`, `<>`, `>&file`). */
function isWritingRedirect(redirect: Redirect): boolean {
	const op = redirect.operator;
	if (op === "<<" || op === "<<-" || op === "<<<" || !op.includes(">")) return false;
	const target = literalWordText(redirect.target);
	// `2>&1`, `>&-`: a descriptor duplicated or closed, not a file.
	return !(op.includes("&") && target !== null && FD_DUPLICATE.test(target) && !op.startsWith("&"));
}

/**
 * The write slice's reading of each unit. Its directories and variables are the walk's (`unit-walk.ts`), the same
 * state the path slice reads words with, so `f=.pi/x; f+=y`, `read f` and `for f in …` mean here what they mean there.
 */
export class WriteCollector implements UnitVisitor {
	private readonly targets: WriteTarget[] = [];
	private readonly normalizer: PathNormalizer;
	/** Made when first needed: most commands write nothing and expand no written glob. */
	private glob: GlobBudget | null = null;
	/** Spelling to the bits of the (effect, tree, ln) combinations already listed for it. */
	private seen: Map<string, number> | null = null;
	private truncated = false;
	/** True while visiting a unit whose `$1`, `"$@"` are Pi's empty arguments (not a function's or a payload's). */
	private positionalEmptyHere = false;

	constructor(
		private readonly walk: UnitWalk,
		private readonly positionalEmpty = false,
	) {
		this.normalizer = walk.normalizer;
	}

	result(): readonly WriteTarget[] {
		return Object.freeze(this.targets);
	}

	visitCompound(unit: CommandUnit, bases: Bases): void {
		this.visitRedirects(unit, bases);
	}

	visitUnit(unit: CommandUnit, bases: Bases): void {
		this.positionalEmptyHere =
			this.positionalEmpty && !unit.nesting.includes("function") && !unit.nesting.includes("payload");
		this.visitRedirects(unit, bases);
		const declaration = unit.nameWord === null || (unit.commandName !== null && DECLARATIONS.has(unit.commandName));
		if (declaration || unit.commandName === null || !hasWriteOperands(unit.commandName)) return;
		for (const selection of writeSelections(unit.commandName, literalWordTexts(unit.args)))
			this.addSelection(unit, selection, bases);
	}

	private visitRedirects(unit: CommandUnit, bases: Bases): void {
		const redirects = unit.redirects;
		for (let i = 0; i < redirects.length; i++) {
			const redirect = redirects[i] as Redirect;
			if (isWritingRedirect(redirect)) this.addWord(redirect.target, "write", redirect.operator, false, bases);
		}
	}

	private addSelection(unit: CommandUnit, selection: WriteSelection, bases: Bases): void {
		const { effect, via, tree } = selection;
		switch (selection.kind) {
			case "word": {
				const target = unit.args[selection.index];
				if (target === undefined) return;
				const into = selection.into !== undefined && this.isDirectoryTarget(target, bases);
				// `mv x .` or `cp -r a dir/`: what lands is `dir/name`, not the whole of `dir`; `ln -s x dir/` makes the
				// link `dir/x` and leaves `dir` as it is (so `dir` is no link the same command makes).
				if (!(into && via === "ln")) this.addWord(target, effect, via, tree && !into, bases);
				if (into && selection.into !== undefined) this.addInto(unit, target, selection.into, via, tree, bases);
				return;
			}
			case "text": {
				const text = this.relativeText(unit, selection.text, selection.relativeTo);
				if (text === null) this.addUnknown(`${selection.text} (in a computed directory)`, effect, via);
				else this.addText(text, effect, via, tree, bases);
				return;
			}
			case "unknown":
				this.addUnknown(selection.spelling, effect, via);
				return;
			default: {
				const unhandled: never = selection;
				throw new Error(`unhandled write selection ${String(unhandled)}`);
			}
		}
	}

	/** `cp a b dir/`: the sources land in the directory under their own names. */
	private addInto(
		unit: CommandUnit,
		target: ShellWord,
		sources: readonly number[],
		via: string,
		tree: boolean,
		bases: Bases,
	): void {
		const dir = unglobbedLiteralText(target);
		if (dir === null) return;
		for (const index of sources) {
			const source = unit.args[index];
			const text = source === undefined ? null : unglobbedLiteralText(source);
			const name = text === null ? null : lastSegment(text);
			// SECURITY: `cp "$f" .git/hooks` lands a file whose name is computed in a directory: the name is unknown.
			if (name === null) this.addUnknown(`${dir}/${source?.raw ?? "?"}`, "write", via);
			else this.addText(`${dir.replace(/\/+$/, "")}/${name}`, "write", via, tree, bases);
		}
	}

	/** Whether a copy's destination is an existing directory (or spelled with a trailing `/`) the sources land in. */
	private isDirectoryTarget(target: ShellWord, bases: Bases): boolean {
		const dir = unglobbedLiteralText(target);
		if (dir === null) return false;
		if (dir.endsWith("/")) return true;
		return (
			bases.kind === "known" &&
			bases.dirs.some((base) => this.normalizer.isDirectory(this.normalizer.resolveLexical(dir, base)))
		);
	}

	/** The option value text placed under its directory option (`git -C d … --output=f` -> `d/f`). */
	private relativeText(unit: CommandUnit, text: string, relativeTo: OptionValue | undefined): string | null {
		if (relativeTo === undefined) return text;
		const expanded = this.normalizer.expandHome(text);
		if (this.normalizer.isAbsolute(expanded)) return text;
		const dir = relativeTo.kind === "text" ? relativeTo.text : wordText(unit.args[relativeTo.index]);
		if (dir === null) return null;
		return `${dir.replace(/\/+$/, "")}/${text}`;
	}

	private addWord(spelled: ShellWord, effect: WriteEffect, via: string, tree: boolean, bases: Bases): void {
		// `tee >(cmd)`: the operand is a pipe to a unit that is judged itself, not a file.
		if (isProcessSubstitution(spelled)) return;
		// `> "$1".log`, `mkdir "$@"`: Pi's positional parameters are empty, so they add nothing to the name.
		const word = this.positionalEmptyHere ? withoutPositionals(spelled) : spelled;
		if (word.parts.length === 0) return;
		const literal = unglobbedLiteralText(word);
		if (literal !== null) {
			this.addText(literal, effect, via, tree, bases);
			return;
		}
		const resolved = resolveWord(word, this.walk.lookup);
		for (const value of resolved.values) {
			const texts = value.splits ? value.text.split(/\s+/).filter((piece) => piece !== "") : [value.text];
			for (const text of texts) {
				if (!value.splits && hasActiveGlob(value)) this.addGlob(value.pieces, text, effect, via, tree, bases);
				else this.addText(text, effect, via, tree, bases);
			}
		}
		// SECURITY: `echo x > "$f"` writes wherever `$f` points: a write the gates cannot name asks.
		if (resolved.unresolved !== null) this.addUnknown(resolved.unresolved, effect, via);
	}

	private addGlob(
		pieces: Parameters<typeof expandGlob>[0],
		text: string,
		effect: WriteEffect,
		via: string,
		tree: boolean,
		bases: Bases,
	): void {
		if (bases.kind === "unknown") {
			this.addUnknown(text, effect, via);
			return;
		}
		for (const base of bases.dirs) {
			this.glob ??= createGlobBudget();
			const expansion = expandGlob(pieces, base, this.normalizer, this.glob);
			for (const match of expansion.matches) this.addResolved(this.walk.token(match, base), effect, via, tree);
			// With no match bash passes the pattern itself; with a cut-short listing more files may match.
			if (expansion.matches.length === 0) this.addResolved(this.walk.token(text, base), effect, via, tree);
			if (!expansion.complete) this.addUnknown(text, effect, via);
		}
	}

	private addText(text: string, effect: WriteEffect, via: string, tree: boolean, bases: Bases): void {
		if (text === "") return;
		if (text === "~" || text.startsWith("~/")) {
			const home = this.walk.state.tracked("HOME");
			if (home !== null) {
				// SECURITY: `HOME=.pi; echo x > ~/settings.json` writes under the command's own HOME.
				for (const value of home.known) this.addText(value + text.slice(1), effect, via, tree, bases);
				if (home.unknown) this.addUnknown(text, effect, via);
				return;
			}
		}
		const absolute = this.normalizer.isAbsolute(this.normalizer.expandHome(text));
		if (bases.kind === "unknown" && !absolute) {
			// SECURITY: after `cd "$(…)"` a relative name may be anywhere.
			this.addUnknown(text, effect, via);
			return;
		}
		for (const base of bases.kind === "known" ? bases.dirs : [this.normalizer.cwd]) {
			this.addResolved(this.walk.token(text, base), effect, via, tree);
		}
	}

	private addUnknown(spelling: string, effect: WriteEffect, via: string): void {
		this.addResolved(
			this.normalizer.forLiteral(spelling, { external: false, reason: "unresolved-word" }),
			effect,
			via,
			false,
		);
	}

	private addResolved(path: AccessPath, effect: WriteEffect, via: string, tree: boolean): void {
		if (isSafeTarget(path)) return;
		// A link `ln` makes stays apart from a write of the same path, which the gate sees as a write through it.
		// The dedupe key is the spelling and one bit per (effect, tree, ln): no key string is joined per write.
		const key = path.kind === "resolved" ? path.lexical : `?${path.typed}`;
		const bit = 1 << (EFFECT_ORDER[effect] * 4 + (tree ? 2 : 0) + (via === "ln" ? 1 : 0));
		this.seen ??= new Map();
		const seenBits = this.seen.get(key) ?? 0;
		if ((seenBits & bit) !== 0) return;
		if (this.targets.length >= MAX_WRITE_TARGETS) {
			if (this.truncated) return;
			this.truncated = true;
			// SECURITY: padding a command with writes must not push one past the gates unseen.
			const marker = this.normalizer.forLiteral(UNCHECKED_WRITES, { external: false, reason: "unresolved-word" });
			this.targets.push(Object.freeze({ path: marker, effect: "write", via, tree: true }));
			return;
		}
		this.seen.set(key, seenBits | bit);
		this.targets.push(Object.freeze({ path, effect, via, tree }));
	}
}

/** Each effect's place in a dedupe bit set (four bits per effect: tree, ln). */
const EFFECT_ORDER: Readonly<Record<WriteEffect, number>> = { write: 0, delete: 1, create: 2, metadata: 3 };

/** `/dev/null`, `/dev/std*`, `/dev/fd/N` (and the other safe devices) hold no file. */
function isSafeTarget(path: AccessPath): boolean {
	if (path.kind === "literal") return path.reason === "device";
	// `isSafeDevice` tells most paths apart by their first characters; the descriptor pattern runs only under `/dev/fd/`.
	return isSafeDevice(path.lexical) || (path.lexical.startsWith("/dev/fd/") && FD_DEVICE.test(path.lexical));
}

/** `> >(tee x)`: the target is a process substitution, itself a unit whose own writes are listed. */
function isProcessSubstitution(word: ShellWord): boolean {
	const only = word.parts.length === 1 ? word.parts[0] : undefined;
	return only?.kind === "dynamic" && (only.raw.startsWith(">(") || only.raw.startsWith("<("));
}

/** `$1`, `${2}`, `$@`, `$*` parts dropped (each is empty); `$#` is `0`, not empty, and is kept as it is. */
function withoutPositionals(word: ShellWord): ShellWord {
	const parts = word.parts.filter(
		(part) => !(part.kind === "dynamic" && POSITIONAL.test(part.raw) && !part.raw.includes("#")),
	);
	return parts.length === word.parts.length ? word : { ...word, parts };
}

function wordText(word: ShellWord | undefined): string | null {
	return word === undefined ? null : unglobbedLiteralText(word);
}

function lastSegment(text: string): string | null {
	const name = text
		.split("/")
		.filter((segment) => segment !== "")
		.at(-1);
	return name === undefined || name === ".." ? null : name;
}
