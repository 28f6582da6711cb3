/**
 * Owns: the recursive-read slice of one bash command: every tree a program reads whole by itself (`grep -r KEY .`,
 * `rg KEY`, `tar czf x.tgz dir`, `cp -r a b`, `find … -exec cat {} +`, a `find` listing fed to `xargs`), resolved in
 * the directory the unit runs in, with whether hidden entries are read (`recursive-reader-table.ts`).
 * Never: walks a tree or consults rules (the engine's recursive-read gate does); a tree it cannot name (a computed
 * word, an unknown directory) is listed with no root, so the gate can ask.
 */
import type { AccessPath } from "../../path/access-path";
import { type ArgTexts, type OptionScan, type ScannedOption, scanOptions } from "../options/option-scanner";
import type { CommandUnit } from "../reading/command-unit";
import { literalWordTexts } from "../reading/shell-word";
import type { Bases } from "../state/bash-shell-state";
import { type NameGlob, nameClauses } from "./recursive-read-names";
import { handlesNamesOnly, type RecursiveReaderRow, recursiveReaderRow } from "./recursive-reader-table";
import type { UnitVisitor, UnitWalk } from "./unit-walk";

/** One tree a command reads whole. */
export interface RecursiveRead {
	/** The program and how it was named: `grep -r`, `rg`, `tar`, `find -exec`, `find | xargs`. */
	readonly via: string;
	/** The tree (a directory, or a file read as one), or `null` when where it lies cannot be established. */
	readonly root: AccessPath | null;
	/** The root as written (`.` when the program reads the working directory by default). */
	readonly spelling: string;
	/** True when entries whose name starts with `.` below the root are read too. */
	readonly hidden: boolean;
	/**
	 * The file names it reads, when it filters them (`find … -name '*.ts' -exec`, `grep -r --include='*.ts'`): each
	 * clause lists globs a name must match one of, and a name must meet every clause. Empty: every file.
	 */
	readonly names: readonly (readonly NameGlob[])[];
}

/** A listing (`find`, `fd`) that reads what it lists only when the command also feeds it to `xargs`. */
interface Listing {
	readonly reads: RecursiveRead[];
}

const TAR_VALUE_LETTERS = "fCTXbHKLNgV";
const TAR_CREATE = ["-c", "-r", "-u", "--create", "--append", "--update"];

export class RecursiveReadCollector implements UnitVisitor {
	private readonly reads: RecursiveRead[] = [];
	private readonly listings: Listing[] = [];
	private feedsXargs = false;

	constructor(
		private readonly walk: UnitWalk,
		private readonly command: string,
	) {}

	/** The trees read: the direct ones, and the listings when some unit of the command is `xargs`. */
	result(): readonly RecursiveRead[] {
		const listed = this.feedsXargs ? this.listings.flatMap((listing) => listing.reads) : [];
		return Object.freeze([...this.reads, ...listed]);
	}

	visitCompound(): void {}

	visitUnit(unit: CommandUnit, bases: Bases): void {
		const name = unit.commandName;
		if (name === null) return;
		// `find … | xargs rm`: a program that handles names only reads no listed file.
		if (name === "xargs" && !handlesNamesOnly(executedProgram(unit))) this.feedsXargs = true;
		const row = recursiveReaderRow(name);
		if (row === undefined) return;
		const texts = literalWordTexts(unit.args);
		const words = row.trigger.kind === "lists" ? untilAction(texts, row.trigger.names) : texts;
		const scanned =
			name === "tar" || name === "bsdtar" || name === "gtar" ? scanTar(words, row) : scanOptions(words, row.grammar);
		if (row.namesOnly !== undefined && hasAny(scanned, row.namesOnly) && row.trigger.kind !== "lists") return;
		const trigger = triggered(row, scanned, texts);
		if (trigger === "no") return;
		const roots = rootIndexes(row, scanned, words);
		const hidden = readsHidden(row, scanned);
		const names = nameClauses(name, scanned, texts);
		const out: RecursiveRead[] = [];
		const via = viaOf(name, row, trigger);
		if (roots.length === 0) {
			if (row.noRoot === "none") return;
			if (row.noRoot === "cwd-unless-stdin" && readsStdin(unit, this.command)) return;
			this.addRoot(out, ".", { via, hidden, names }, bases);
		}
		for (const { index, base } of roots) {
			const text = texts[index];
			const spelling = unit.args[index]?.raw ?? "?";
			// SECURITY: `grep -r KEY "$DIR"`, `grep -r KEY src*`, `tar -C "$D" -c .`: a tree the text does not name is
			// listed unnamed; the gate asks.
			if (text === null || text === undefined || /[*?[]/.test(text) || (base !== null && typeof base !== "string"))
				out.push({ via, root: null, spelling, hidden, names });
			else if (!isRemote(text))
				this.addRoot(out, base === null ? text : joinUnder(base, text), { via, hidden, names }, bases);
		}
		if (trigger === "lists") this.listings.push({ reads: out });
		else this.reads.push(...out);
	}

	private addRoot(
		out: RecursiveRead[],
		text: string,
		read: Pick<RecursiveRead, "via" | "hidden" | "names">,
		bases: Bases,
	): void {
		const absolute = this.walk.normalizer.isAbsolute(this.walk.normalizer.expandHome(text));
		if (bases.kind === "unknown" && !absolute) {
			out.push({ ...read, root: null, spelling: text });
			return;
		}
		for (const base of bases.kind === "known" ? bases.dirs : [this.walk.normalizer.cwd])
			out.push({ ...read, root: this.walk.token(text, base), spelling: text });
	}
}

/** The program a wrapper unit runs (`xargs grep -l x` -> `grep`), or `""` when it cannot be established. */
function executedProgram(unit: CommandUnit): string {
	const first = unit.executedUnit?.trim().split(/\s+/)[0] ?? "";
	return first.slice(first.lastIndexOf("/") + 1);
}

/** `find . -name x -exec cat {} +`, `fd -x wc -l`: the words before the first action (its own words are a command). */
function untilAction(texts: ArgTexts, actions: readonly string[]): ArgTexts {
	const at = texts.findIndex((text) => text !== null && actions.includes(text));
	return at === -1 ? texts : texts.slice(0, at);
}

/** Whether and how the row's program reads a tree here: `read`, `lists` (reads only what xargs is fed), or `no`. */
function triggered(row: RecursiveReaderRow, scanned: OptionScan, texts: ArgTexts): "read" | "lists" | "no" {
	const trigger = row.trigger;
	switch (trigger.kind) {
		case "always":
			return "read";
		case "option": {
			if (hasAny(scanned, trigger.names)) return "read";
			const values = trigger.values ?? {};
			for (const option of scanned.options) {
				const wanted = values[option.name];
				if (wanted === undefined || option.value === null) continue;
				const value = option.value.kind === "text" ? option.value.text : texts[option.value.index];
				if (value === wanted) return "read";
			}
			return "no";
		}
		case "tar-create":
			return hasAny(scanned, TAR_CREATE) ? "read" : "no";
		case "lists": {
			// SECURITY: a program run on each entry (`-exec cat {}`) reads it, unless every one run handles names only
			// (`-exec rm {} +`, `-exec ls -l {} \;`); a bare listing reads names only, unless `xargs` is fed it.
			// `find . -exec echo {} \; | xargs cat` still hands the names on: it stays a listing.
			for (let index = 0; index < texts.length; index++) {
				const text = texts[index];
				if (text === null || text === undefined || !trigger.names.includes(text)) continue;
				const program = texts[index + 1];
				if (program === null || program === undefined || !handlesNamesOnly(program)) return "read";
			}
			return "lists";
		}
		default: {
			const unhandled: never = trigger;
			throw new Error(`unhandled recursive trigger ${String(unhandled)}`);
		}
	}
}

interface RootIndex {
	readonly index: number;
	/**
	 * `tar -C DIR`: the directory the operand lies in, as written; `null` for the unit's own directory; `unknown` when
	 * the directory is not a literal word.
	 */
	readonly base: string | null | { readonly unknown: true };
}

function rootIndexes(row: RecursiveReaderRow, scanned: OptionScan, texts: ArgTexts): RootIndex[] {
	const operands = scanned.operands;
	const plain = (indexes: readonly number[]) => indexes.map((index) => ({ index, base: null }));
	const roots = row.roots;
	switch (roots.kind) {
		case "after-pattern":
			return plain(hasAny(scanned, roots.patternOptions) ? operands : operands.slice(1));
		case "all":
			return plain(operands);
		case "sources":
			return plain(hasAny(scanned, roots.targetOptions) ? operands : operands.slice(0, -1));
		case "after-archive": {
			if (roots.command === undefined) return plain(operands.slice(1));
			return texts[operands[0] ?? -1] === roots.command ? plain(operands.slice(2)) : [];
		}
		case "tar": {
			const directories = scanned.options.filter((option) => option.name === "-C" || option.name === "--directory");
			return operands.map((index) => {
				const last = directories.filter((option) => option.index < index).at(-1);
				const value = last?.value ?? null;
				const base = value === null ? null : value.kind === "text" ? value.text : (texts[value.index] ?? null);
				return { index, base: last === undefined ? null : (base ?? { unknown: true as const }) };
			});
		}
		case "start-points": {
			// `find`: the operands before the expression; `fd`: the operands after its pattern.
			if (row.names.includes("find")) {
				const end = operands.findIndex((index) => isExpressionWord(texts[index] ?? null));
				return plain(end === -1 ? operands : operands.slice(0, end));
			}
			return plain(operands.slice(1));
		}
		default: {
			const unhandled: never = roots;
			throw new Error(`unhandled recursive roots ${String(unhandled)}`);
		}
	}
}

function isExpressionWord(text: string | null): boolean {
	return text !== null && (text.startsWith("-") || text === "(" || text === "!" || text === ")" || text === ",");
}

function readsHidden(row: RecursiveReaderRow, scanned: OptionScan): boolean {
	const hidden = row.hidden;
	if (hidden.kind === "read") return true;
	if (hasAny(scanned, hidden.unless)) return true;
	const twice = hidden.twice ?? [];
	return scanned.options.filter((option) => twice.includes(option.name)).length >= 2;
}

function viaOf(name: string, row: RecursiveReaderRow, trigger: "read" | "lists"): string {
	if (trigger === "lists") return `${name} | xargs`;
	if (row.trigger.kind === "lists") return `${name} -exec`;
	return row.trigger.kind === "option" ? `${name} -r` : name;
}

/**
 * `git log | rg fix`, `rg KEY < f`: with no tree named, ripgrep, ag and ack read their input when it is a pipe or a
 * file. True only when every place the unit's text stands in the command follows a `|` (not `||`), or the unit reads
 * a redirect: a spelling that also stands elsewhere may be a unit that reads the tree.
 */
function readsStdin(unit: CommandUnit, command: string): boolean {
	if (unit.redirects.some((redirect) => redirect.operator.startsWith("<"))) return true;
	if (!unit.nesting.includes("pipeline") || unit.text === "") return false;
	let found = false;
	for (let at = command.indexOf(unit.text); at !== -1; at = command.indexOf(unit.text, at + 1)) {
		const before = command.slice(0, at).trimEnd();
		if (!before.endsWith("|") || before.endsWith("||")) return false;
		found = true;
	}
	return found;
}

/** `host:dir`, `user@host:dir`, `rsync://…`: a tree on another machine. */
function isRemote(text: string): boolean {
	return /^[^/]*:/.test(text) && !/^[A-Za-z]:[\\/]/.test(text);
}

function joinUnder(base: string, text: string): string {
	return text.startsWith("/") ? text : `${base.replace(/\/+$/, "")}/${text}`;
}

function hasAny(scanned: OptionScan, names: readonly string[]): boolean {
	return scanned.options.some((option) => names.includes(option.name));
}

/**
 * `tar czf out.tgz dir`: a first word without a dash is a bundle of option letters whose values follow in order;
 * the rest is read as usual.
 */
function scanTar(texts: ArgTexts, row: RecursiveReaderRow): OptionScan {
	const first = texts[0];
	if (first === null || first === undefined || first.startsWith("-") || !/^[A-Za-z]+$/.test(first)) {
		return scanOptions(texts, row.grammar);
	}
	const options: ScannedOption[] = [];
	let next = 1;
	for (const letter of first) {
		const value =
			TAR_VALUE_LETTERS.includes(letter) && next < texts.length ? { kind: "word" as const, index: next++ } : null;
		options.push({ name: `-${letter}`, written: `-${letter}`, value, moreValues: [], index: 0, known: false });
	}
	const rest = scanOptions(texts.slice(next), row.grammar);
	const shift = (index: number): number => index + next;
	return {
		operands: rest.operands.map(shift),
		options: [
			...options,
			...rest.options.map((option) => ({
				...option,
				index: shift(option.index),
				moreValues: option.moreValues.map(shift),
				value:
					option.value === null || option.value.kind === "text"
						? option.value
						: { kind: "word" as const, index: shift(option.value.index) },
			})),
		],
		rest: shift(rest.rest),
		endOfOptions: rest.endOfOptions === null ? null : shift(rest.endOfOptions),
		uncertain: rest.uncertain === null ? null : { ...rest.uncertain, index: shift(rest.uncertain.index) },
	};
}
