/**
 * Owns: the path slices of one bash command: the paths it would really touch outside cwd, and the path-rule candidates
 * (operands, option values, redirect targets, glob matches, `cd` folding, variables and tilde prefixes as the shell
 * state follows them, files builtins open through `$HISTFILE`/`$INPUTRC`), and the unresolved words that must ask.
 * Never: consults rules or decides an action; candidacy is a file-system question answered through the normalizer.
 */

import { PathCandidateSink } from "../../path/path-candidate-sink";
import type { PathNormalizer } from "../../path/path-normalizer";
import type { CommandUnit, Redirect } from "../reading/command-unit";
import { literalWordText, literalWordTexts, type ShellWord, unglobbedLiteralText } from "../reading/shell-word";
import type { Bases, BashShellState } from "../state/bash-shell-state";
import {
	piecesHaveActiveGlob,
	resolveWord,
	type ValuePiece,
	type VariableLookup,
	type VariableValues,
} from "../state/bash-word-values";
import { expandGlob, type GlobBudget } from "../state/glob-expansion";
import { withEmptyPositionals } from "../state/positional-words";
import { assignmentOperandValue, isPathShaped } from "./bash-token-shape";
import { ByBase } from "./by-base";
import { operandRoles } from "./operand-roles/bash-operand-roles";
import type { OperandRole } from "./operand-roles/operand-role";
import {
	isEmptyPositional,
	pwdAsVariable,
	replacePrefix,
	splitFields,
	startsAtUnknownDirectory,
} from "./path-word-shapes";
import { awkReads } from "./programs/awk-program";
import { namedReads } from "./programs/named-files";
import { programReads } from "./programs/program-read-table";
import { sedWrites } from "./programs/sed-script";
import { awkCommandLine, sedCommandLine } from "./programs/write-operand-table";
import type { UnitVisitor, UnitWalk } from "./unit-walk";
import { variableNamedFiles } from "./variable-named-files";

const DECLARATIONS = new Set(["export", "declare", "local", "readonly", "typeset"]);
/** Heredoc bodies and here-strings are data, not files. */
const DATA_REDIRECTS = new Set(["<<", "<<-", "<<<"]);
/** An argument past the roles the table gives. */
const SKIP: OperandRole = { kind: "skip" };
/** `2>&1`, `>&-`: a descriptor duplicated or closed, not a file. */
const FD_DUPLICATE = /^(?:\d+|-)$/;

type Certainty = "definite" | "if-shaped";

/**
 * The path slice's reading of each unit, under the shell state of the walk it shares with the write slice
 * (`unit-walk.ts`, which also applies each unit's `cd` and variable effects).
 */
export class PathCollector implements UnitVisitor {
	private readonly normalizer: PathNormalizer;
	private readonly state: BashShellState;
	private readonly budget: GlobBudget;
	readonly sink: PathCandidateSink;
	private readonly lookup: VariableLookup;
	/** `entryExists` answers: the view's probe is memoised, so an answer never changes. */
	private readonly entries = new ByBase<boolean>();

	/** True while visiting a unit whose `$1`, `"$@"` are Pi's empty arguments (not a function's or a payload's). */
	private positionalEmptyHere = false;

	constructor(
		private readonly walk: UnitWalk,
		private readonly positionalEmpty = false,
		private readonly pwdIsBuiltin = false,
	) {
		this.normalizer = walk.normalizer;
		this.state = walk.state;
		this.budget = walk.globBudget;
		this.lookup = walk.lookup;
		this.sink = new PathCandidateSink(walk.normalizer);
	}

	/** True after `shopt -s dotglob` and the like: a glob may match what the default options would not. */
	private get globsUnknown(): boolean {
		return this.walk.globsUnknown;
	}

	visitCompound(unit: CommandUnit, bases: Bases): void {
		if (this.sink.truncated) return;
		// SECURITY: `{ cat a; } > /etc/x` and `while …; done < /etc/passwd`: a compound's own redirects are its paths.
		this.visitRedirects(unit, bases);
	}

	visitUnit(unit: CommandUnit, bases: Bases): void {
		if (this.sink.truncated) return;
		this.positionalEmptyHere =
			this.positionalEmpty && !unit.nesting.includes("function") && !unit.nesting.includes("payload");
		const declaration = unit.nameWord === null || (unit.commandName !== null && DECLARATIONS.has(unit.commandName));
		this.visitCommandName(unit.nameWord, bases);
		for (const file of variableNamedFiles(unit)) this.visitVariableFile(unit, file.variable, file.fallback, bases);
		if (!declaration) {
			const roles = operandRoles(unit.commandName, literalWordTexts(unit.args));
			const args = unit.args;
			for (let index = 0; index < args.length; index++)
				this.visitOperand(args[index] as ShellWord, roles[index] ?? SKIP, bases);
		}
		if (unit.commandName === "sed") this.visitSedReads(unit, bases);
		if (unit.commandName !== null && AWKS.has(unit.commandName)) this.visitAwkReads(unit, bases);
		this.visitProgramReads(unit, bases);
		this.visitRedirects(unit, bases);
	}

	/** `awk '{ getline l < "f" }'`: files an awk program reads by its own syntax; a computed name is unresolved. */
	private visitAwkReads(unit: CommandUnit, bases: Bases): void {
		for (const program of awkCommandLine(literalWordTexts(unit.args)).sources) {
			if (program === null) continue;
			const reads = awkReads(program);
			for (const file of reads.files) {
				if (file !== "-" && file !== "/dev/stdin") this.visitText(file, null, "definite", bases, "none");
			}
			if (reads.computed) this.addUnresolved("a file an awk program names at run time");
		}
	}

	/** `tar -T list`, `curl -d @f`, `git show HEAD:f` (`program-read-table.ts`); names read from data are unresolved. */
	private visitProgramReads(unit: CommandUnit, bases: Bases): void {
		for (const read of programReads(unit.commandName, unit.args)) {
			if (read.kind === "file") this.visitText(read.text, null, "definite", bases);
			else this.addUnresolved(read.spelling);
		}
		// ADR 0052: the files and directories the program's option table names (`grep -f F`, `npm --userconfig F`).
		for (const file of namedReads(unit.commandName, literalWordTexts(unit.args)))
			this.visitText(file, null, "definite", bases);
	}

	/** `sed 'r FILE'`, `sed '1R FILE'`: files a literal sed script reads by its own syntax (ADR 0026). */
	private visitSedReads(unit: CommandUnit, bases: Bases): void {
		for (const script of sedCommandLine(literalWordTexts(unit.args)).scripts) {
			if (script === null) continue;
			for (const file of sedWrites(script).reads) {
				if (file === "/dev/stdin") continue;
				// sed does no tilde expansion: `R ~/.ssh/x` reads `./~/.ssh/x`, a file only when a `~` entry exists there
				// (red-team precision row B-sed-R-key).
				if (file.startsWith("~")) {
					this.forEachBase(bases, file, (base) => {
						if (this.entryAt("./~", base)) this.add(`./${file}`, base);
					});
				} else this.visitText(file, null, "definite", bases);
			}
		}
	}

	private visitRedirects(unit: CommandUnit, bases: Bases): void {
		// Indexed: a unit's lists are frozen, which for-of iterates off V8's fast path (every unit and compound).
		const redirects = unit.redirects;
		for (let i = 0; i < redirects.length; i++) {
			const redirect = redirects[i] as Redirect;
			if (DATA_REDIRECTS.has(redirect.operator)) continue;
			const target = literalWordText(redirect.target);
			if (redirect.operator.includes("&") && target !== null && FD_DUPLICATE.test(target)) continue;
			this.visitWord(redirect.target, "definite", bases);
		}
	}

	/**
	 * The file a builtin opens through a variable (`$HISTFILE`, `$INPUTRC`; a prefix assignment first) as a path;
	 * unresolved when this command never assigned it (the environment may), plus the builtin's fallback file.
	 */
	private visitVariableFile(unit: CommandUnit, variable: string, fallback: string | null, bases: Bases): void {
		const prefix = unit.assignments.findLast((assignment) => assignment.name === variable);
		if (prefix?.value != null) {
			this.visitWord(prefix.value, "definite", bases);
			return;
		}
		const values = this.state.tracked(variable);
		const start = values === null ? this.state.startValue(variable) : null;
		if (start !== null && !start.unknown) {
			// ADR 0039: the environment's value; unset (or empty), the builtin's own file.
			for (const value of start.known) this.visitText(value, null, "definite", bases);
			if (fallback !== null && start.known.includes("")) this.visitText(fallback, null, "definite", bases);
			return;
		}
		for (const value of values?.known ?? []) this.visitText(value, null, "definite", bases);
		if (values !== null && !values.unknown) return;
		this.addUnresolved(`$${variable}`);
		if (fallback !== null) this.visitText(fallback, null, "definite", bases);
	}

	/** `./run.sh` or `../tools/x` executes a file relative to the base; absolute commands are the command gate's. */
	private visitCommandName(word: ShellWord | null, bases: Bases): void {
		// Quote and backslash removal never makes a `/`: a name written without one is read no further.
		if (word === null || !word.raw.includes("/")) return;
		const text = literalWordText(word);
		if (text === null || !text.includes("/") || this.normalizer.isAbsolute(this.normalizer.expandHome(text))) return;
		this.visitText(text, null, "if-shaped", bases);
	}

	private visitOperand(word: ShellWord, role: OperandRole, bases: Bases): void {
		switch (role.kind) {
			case "skip":
				return;
			case "path":
			case "operand": {
				const certainty: Certainty = role.kind === "path" ? "definite" : "if-shaped";
				if (role.attached !== null) this.visitText(role.attached, null, certainty, bases);
				else this.visitWord(word, certainty, bases);
				return;
			}
			default: {
				const unhandled: never = role;
				throw new Error(`unhandled operand role ${String(unhandled)}`);
			}
		}
	}

	private visitWord(written: ShellWord, certainty: Certainty, bases: Bases): void {
		if (this.positionalEmptyHere && isEmptyPositional(written)) return;
		// ADR 0039: under a known environment `"$1"/x` and `${1:-.}` are read as Pi's `bash -c` expands them.
		const positional =
			this.positionalEmptyHere && this.state.environmentKnown ? withEmptyPositionals(written) : written;
		const word = this.pwdIsBuiltin ? pwdAsVariable(positional) : positional;
		// Most words are literal without an active glob: their one value is their text (what `resolveWord` yields).
		const literal = unglobbedLiteralText(word);
		if (literal !== null) {
			this.visitText(literal, null, certainty, bases);
			return;
		}
		const resolved = resolveWord(word, this.lookup);
		const ifs = this.state.tracked("IFS");
		const expands = word.parts.some((part) => part.kind !== "literal" && !(part.kind === "variable" && part.quoted));
		for (const value of resolved.values) {
			if (value.splits && ifs === null) this.visitFields(value.text.split(/\s+/), certainty, bases);
			else this.visitText(value.text, value.pieces, certainty, bases);
			// SECURITY: `IFS=:; f=.env:x; cat $f` reads `.env`: an unquoted expansion splits at every IFS character. The
			// whole text stays a candidate too, as only the expanded characters split.
			if (ifs !== null && expands)
				for (const chars of ifs.known)
					if (chars !== "") this.visitFields(splitFields(value.text, chars), certainty, bases);
		}
		if (ifs?.unknown && expands) this.addUnresolved(resolved.unresolved ?? word.raw);
		if (resolved.unresolved !== null) {
			// SECURITY: `$DIR/.env` is not guessed, but its spelling still meets pattern rules such as `*.env`, and
			// `/etc/$X` is outside cwd whatever X holds, because its known directory is.
			// SECURITY: `$PWD/x` after a `cd` this parse could not follow is wherever that `cd` went: outside, to be safe.
			const external = startsAtUnknownDirectory(word) || this.directoryIsExternal(resolved.literalPrefix, bases);
			const literal = this.normalizer.forLiteral(resolved.unresolved, { external, reason: "unresolved-word" });
			if (external) this.sink.addPath(literal);
			else this.sink.addRuleOnly(literal);
		}
	}

	/** Words made by splitting an unquoted expansion; their glob characters are active. */
	private visitFields(fields: readonly string[], certainty: Certainty, bases: Bases): void {
		for (const field of fields) {
			if (field === "") continue;
			const pieces = [{ text: field, active: GLOB_CHAR.test(field) }];
			this.visitText(field, pieces, certainty, bases);
		}
	}

	/** A word whose value this parse cannot know: it is outside cwd and asks under a restrictive `path` rule. */
	private addUnresolved(spelling: string): void {
		this.sink.addPath(this.normalizer.forLiteral(spelling, { external: true, reason: "unresolved-word" }));
	}

	/** Whether the directory written before the first unknown part (`/etc/` of `/etc/$X`) lies outside cwd. */
	private directoryIsExternal(prefix: string, bases: Bases): boolean {
		const win32 = this.normalizer.flavor.name === "win32";
		const slash = Math.max(prefix.lastIndexOf("/"), win32 ? prefix.lastIndexOf("\\") : -1);
		if (slash < 0) return false;
		const dir = prefix.slice(0, slash + 1);
		if (bases.kind === "unknown")
			return (
				!this.normalizer.isAbsolute(this.normalizer.expandHome(dir)) || this.isExternalAt(dir, this.normalizer.cwd)
			);
		return bases.dirs.some((base) => this.isExternalAt(dir, base));
	}

	private isExternalAt(dir: string, base: string): boolean {
		return this.normalizer.forBashToken(dir, base).external;
	}

	private visitText(
		text: string,
		pieces: readonly ValuePiece[] | null,
		certainty: Certainty,
		bases: Bases,
		tildes: "all" | "home" | "none" = "all",
	): void {
		if (text === "") return;
		const tilde = tildes === "none" || text.charCodeAt(0) !== 126 /* ~ */ ? null : /^~([^/]*)/.exec(text);
		const prefix = tilde === null ? null : (tilde[1] as string);
		const values = prefix === null || (prefix !== "" && tildes === "home") ? null : this.tildeValues(prefix);
		if (values !== null) {
			// SECURITY: `HOME=/etc; cat ~/shadow` reads /etc/shadow; `cat ~+/link`, `~-/x`, `~1/x` read from `$PWD`,
			// `$OLDPWD` and the directory stack as this parse followed them.
			const cut = (tilde as RegExpExecArray)[0].length;
			const next = prefix === "" ? "none" : "home";
			for (const value of values.known)
				this.visitText(value + text.slice(cut), replacePrefix(pieces, cut, value), certainty, bases, next);
			if (values.unknown)
				this.sink.addPath(
					this.normalizer.forLiteral(text, {
						external: true,
						reason: prefix === "" ? "unmapped-home" : "unresolved-word",
					}),
				);
			return;
		}
		const value = certainty === "if-shaped" ? assignmentOperandValue(text) : null;
		if (value !== null) {
			// `dd if=/x of=/y`, `--config=/etc/x`: the value is the operand; the whole word counts only if it exists.
			this.visitText(value, null, certainty, bases);
			this.forEachBase(bases, text, (base) => {
				if (this.entryAt(text, base)) this.add(text, base);
			});
			return;
		}
		// URLs and scoped package names are not path-shaped; like any bare word they count only if they exist.
		if (certainty === "if-shaped" && text.startsWith("-")) return;
		if (pieces !== null && piecesHaveActiveGlob(pieces)) {
			this.visitGlob(text, pieces, bases);
			return;
		}
		const shaped = certainty === "definite" || isPathShaped(text, this.normalizer.flavor);
		this.forEachBase(bases, text, (base) => {
			if (shaped || this.entryAt(text, base)) this.add(text, base);
		});
	}

	/**
	 * `~` (only when `HOME` was assigned here: the normalizer expands it otherwise) or `~+`, `~-`, `~N`, `~user` as the
	 * state knows them; `null` when the word keeps its spelling.
	 */
	private tildeValues(prefix: string): VariableValues | null {
		if (prefix === "") return this.state.tracked("HOME");
		return this.state.tilde(prefix);
	}

	/** Every match is a candidate; the pattern text stays one too, and is external when the matches may be incomplete. */
	private visitGlob(text: string, pieces: readonly ValuePiece[], bases: Bases): void {
		this.forEachBase(bases, text, (base) => {
			const expansion = expandGlob(pieces, base, this.normalizer, this.budget);
			for (const match of expansion.matches) this.add(match, base);
			const path = this.normalizer.forBashToken(text, base);
			// SECURITY: matches that may be incomplete (budget, `[[=e=]]`, `shopt -s dotglob`) leave the word unresolved.
			if (!expansion.complete || this.globsUnknown) this.addUnresolved(text);
			if (expansion.matches.length === 0 || !expansion.complete) this.sink.addPath(path);
			else this.sink.addRuleOnly(path);
		});
	}

	/** Runs `action` per known base; with no known base a relative text becomes a literal (path-shaped: external). */
	private forEachBase(bases: Bases, text: string, action: (base: string) => void): void {
		if (bases.kind === "known" || this.normalizer.isAbsolute(this.normalizer.expandHome(text))) {
			for (const base of bases.kind === "known" ? bases.dirs : [this.normalizer.cwd]) {
				if (!this.sink.spend()) return;
				action(base);
			}
			return;
		}
		if (!this.sink.spend()) return;
		// SECURITY: after `cd "$(…)"` a relative word may name anything anywhere (`cat shadow`), so it counts as outside.
		this.sink.addPath(this.normalizer.forLiteral(text, { external: true, reason: "unresolved-word" }));
	}

	private entryAt(text: string, base: string): boolean {
		// Scripts repeat words (`5`, `src/`, `build/`): the view's probe is memoised, so one answer per base and text holds.
		const known = this.entries.get(base, text);
		if (known !== undefined) return known;
		const exists = this.normalizer.entryExists(this.normalizer.resolveLexical(text, base));
		this.entries.set(base, text, exists);
		return exists;
	}

	private add(text: string, base: string): void {
		this.sink.addPath(this.walk.token(text, base));
	}
}

const GLOB_CHAR = /[*?[]/;

/** awk implementations whose programs are read for `getline <` files. */
const AWKS: ReadonlySet<string> = new Set(["awk", "gawk", "mawk", "nawk", "busybox awk"]);
