/**
 * Owns: deciding a bash command from its parsed units: each unit is evaluated (under its raw and its normalised
 * command-name spelling), wrappers are judged by what they run (ADR 0028), opaque, unknown-command, dynamic-name and
 * environment floors (a relocating or unknown setting, ADR 0051) raise an allow to ask, an incomplete analysis
 * (unparseable, or stopped at a work budget) asks with the reason unless its whole text is denied, and the most
 * restrictive unit wins (the first on a tie, except that a relocating-setting floor, then a dynamic-name floor, beats
 * another ask). A unit that is only a redirect (`> /dev/null` after a pipeline) runs no
 * program: its file is the write gate's, and only a rule written for its text decides it here.
 * Never: parses (it receives the one `BashProgram` parse) or reconciles yolo (the gate runner does that once).
 */
import {
	type CommandUnit,
	isShellOnly,
	literalWordText,
	MAX_PATH_WORK,
	type UnitContext,
	type WrapperSemanticsRow,
	wrapperSemantics,
} from "@pi-permissions/access-intent";
import {
	BASH_SURFACE,
	type CompiledPolicy,
	hasWildcard,
	isCatchAll,
	type PermissionState,
	type RuleMatch,
	restrictiveness,
	UNIVERSAL_SURFACE,
} from "@pi-permissions/policy";
import { BASH_SENTINELS } from "@pi-permissions/presentation";
import { runTimeBound, runTimeLanguage } from "./run-time-bound";
import { type SpelledMatch, spelledMatch } from "./spelling-match";

/** What the check needs of a parsed command. */
interface ParsedBashCommand {
	readonly command: string;
	readonly units: readonly CommandUnit[];
	readonly unparseable: { readonly reason: string } | null;
	/** True when path collection stopped at its work bound: the path gates saw only part of the command. */
	readonly pathsTruncated?: boolean;
}

/** The reason an incomplete path analysis asks. */
export const PATHS_TRUNCATED_REASON = `too many words to check the paths they name: more than ${MAX_PATH_WORK.toLocaleString("en-US")}; split it`;

export interface BashCommandCheck {
	readonly state: PermissionState;
	/** The deciding pattern, a bash sentinel, or `null` when the universal default decided. */
	readonly matchedPattern: string | null;
	/** The unit whose result won (the whole command when no unit decided). */
	readonly decidingUnit: string;
	readonly executedUnit: string | null;
	readonly commandContext: UnitContext | null;
	/** The operator's deny reason, or why an incomplete analysis asks ("too large to check: …"). */
	readonly reason: string | null;
	/** The rule match behind the result (`null` for a floor with no rule, e.g. unparseable). */
	readonly match: RuleMatch | null;
	/** True when the result is a floor (a sentinel), not a rule's own action. */
	readonly floored: boolean;
	/** The unit (when one decided), for the session-approval suggestion and the prompt. */
	readonly unit: CommandUnit | null;
	/**
	 * Every unit that asked on its own (the deciding one among them), and whether any of them asked by a floor: a
	 * forwarded ask must carry them all, or a serving rule that passes the deciding unit passes the others unseen.
	 */
	readonly asking?: {
		readonly units: readonly CommandUnit[];
		readonly floored: boolean;
		/** Each asking unit's floor sentinel, or `null` where a rule asked; in the order of `units`. */
		readonly floors: readonly (string | null)[];
	};
}

export function checkBashCommand(parsed: ParsedBashCommand, policy: CompiledPolicy): BashCommandCheck {
	const { command, units } = parsed;
	const unparseable = incompleteAnalysis(parsed);
	if (units.length === 0 && unparseable === null) {
		// Nothing runs (empty or comment-only): the whole string is resolved like any value (PP-069, PP-070).
		return fromMatch(policy.evaluate(BASH_SURFACE, command), command, null);
	}
	let best: BashCommandCheck | null = null;
	const askingUnits: CommandUnit[] = [];
	const floors: (string | null)[] = [];
	let flooredAsk = false;
	let redirectOnly = false;
	let shellOnly = false;
	for (const unit of units) {
		const redirect = isRedirectOnly(unit);
		redirectOnly ||= redirect;
		const check = redirect ? redirectOnlyCheck(unit, policy) : checkUnit(unit, policy);
		shellOnly ||= check === null && isShellOnly(unit);
		if (check === null) continue;
		if (check.state === "ask") {
			askingUnits.push(unit);
			floors.push(check.floored ? check.matchedPattern : null);
			flooredAsk ||= check.floored;
		}
		if (!best || outranks(check, best)) best = check;
		if (best.state === "deny") break;
	}
	if (best !== null && best.state === "ask" && unparseable === null) {
		return { ...best, asking: { units: askingUnits, floored: flooredAsk, floors } };
	}
	if (unparseable !== null && best?.state !== "deny") {
		const wholeMatch = policy.evaluate(BASH_SURFACE, command);
		// SECURITY: an unparseable command never passes silently; only an explicit deny covering it is stronger (PP-082/083).
		if (wholeMatch.state === "deny") return fromMatch(wholeMatch, command, null);
		if (!best || restrictiveness(best.state) < restrictiveness("ask")) {
			return floor(BASH_SENTINELS.unparseable, command, null, null, unparseable.reason);
		}
	}
	if (best === null && unparseable === null) return nothingJudged(command, shellOnly && !redirectOnly, policy);
	return best ?? floor(BASH_SENTINELS.unparseable, command, null, null, unparseable?.reason ?? null);
}

/**
 * No unit decided: each is judged by others (a compound's body, a transparent wrapper's command), holds only literal
 * assignments, or is a builtin the shell model decides (`cd src`, `true`, `command -v node`). The whole text is judged
 * by the bash rules, as before; when some unit was a shell-only builtin and none only a redirect (`> f`), nothing
 * outside the shell runs and the catch-all does not decide it: the shell model allows.
 */
function nothingJudged(command: string, byShellModel: boolean, policy: CompiledPolicy): BashCommandCheck {
	const whole = policy.evaluate(BASH_SURFACE, command);
	if (!byShellModel || !isCatchAllMatch(whole)) return fromMatch(whole, command, null);
	return fromMatch(shellModelAllow(command), command, null);
}

/** The shell model's allow: no rule, built in. */
function shellModelAllow(command: string): RuleMatch {
	return { state: "allow", rule: null, matchedPattern: null, origin: "builtin", reason: null, matchedValue: command };
}

/**
 * Why the analysis of this command is incomplete, or `null`: the parse's own reason, or a path collection that stopped
 * at its bound (padding a command with words must not hide a path from the path gates, nor pass under yolo).
 */
function incompleteAnalysis(parsed: ParsedBashCommand): { readonly reason: string } | null {
	if (parsed.unparseable !== null) return parsed.unparseable;
	// SECURITY: `cat a a a … (6,000 words) .env` stops path collection before `.env`; the command is not fully checked.
	return parsed.pathsTruncated === true ? { reason: PATHS_TRUNCATED_REASON } : null;
}

/** `ls | sort > f`, `a && b 2>&1`: the grammar gives a pipeline's or list's redirect a unit of its own. */
function isRedirectOnly(unit: CommandUnit): boolean {
	return (
		unit.nameWord === null &&
		!unit.compound &&
		unit.assignments.length === 0 &&
		unit.args.length === 0 &&
		unit.redirects.length > 0
	);
}

/**
 * A redirect-only unit runs nothing, so the bash surface's catch-all has nothing to judge (its file meets the `write`
 * rule); a rule written for its text (`bash: { "> /etc/*": "deny" }`) still decides it. `null`: nothing to judge.
 */
function redirectOnlyCheck(unit: CommandUnit, policy: CompiledPolicy): BashCommandCheck | null {
	const match = policy.evaluate(BASH_SURFACE, unit.text);
	const specific = isExplicitRule(match) && match.matchedPattern !== null && !isCatchAll(match.matchedPattern);
	return specific ? fromMatch(match, unit.text, unit) : null;
}

function isExplicitRule(match: RuleMatch): boolean {
	return match.rule !== null && match.rule.surface === BASH_SURFACE;
}

/**
 * A unit's result, or `null` for a transparent wrapper whose own text no rule names (its executed unit decides). A
 * setting the unit gives its program that is not known to be harmless (ADR 0051) floors an allow: a relocating one
 * before any other floor (yolo must see it), an unknown one only where nothing else floors.
 */
function checkUnit(unit: CommandUnit, policy: CompiledPolicy): BashCommandCheck | null {
	const match = unitMatch(unit, policy);
	const check = checkProgram(unit, match, policy);
	const setting = unit.unknownSetting;
	if (setting === undefined) return check;
	// A rule's own ask or deny stands; an allow, or a unit with nothing else to judge (`export X=1`, `HOME=h;`), asks.
	// SECURITY: a relocating setting replaces a floor yolo would approve (`XDG_CONFIG_HOME=x python3 -c …`).
	if (check !== null && check.state !== "allow" && !(setting.kind === "relocating" && check.floored)) return check;
	// SECURITY: `HOME=$PWD/h git status` under `git status *: allow` reads a planted config (N3-git-home-gitconfig);
	// `DATABASE_URL=… npm test`: a variable no table knows reaches the program (ADR 0051).
	const sentinel =
		setting.kind === "relocating" ? BASH_SENTINELS.relocatingEnvironment : BASH_SENTINELS.unknownEnvironment;
	return floor(sentinel, unit.text, unit, match, setting.reason);
}

/** A unit's result by its program and text, its settings aside. */
function checkProgram(unit: CommandUnit, match: RuleMatch, policy: CompiledPolicy): BashCommandCheck | null {
	// `cd src`, `true`, `set -o pipefail`, `export CI=1`, `command -v node` change nothing outside the shell: the shell
	// model decides them, never the catch-all; a rule written for the builtin still decides it (ADR 0053).
	if (isShellOnly(unit) && isCatchAllMatch(match)) return null;
	if (unit.wrapperKind === "indirection") return checkIndirection(unit, match, policy);
	// `for f in *.ts; do wc -l "$f"; done`: every command inside is a unit of its own, so the statement's whole text
	// counts only when a rule other than the catch-all names it (as for a transparent wrapper).
	if (unit.compound && isCatchAllMatch(match)) return null;
	// `N=3; echo $N`: an assignment of literal text to an ordinary variable runs nothing; a rule written for it still
	// decides it. SECURITY: names that change what later commands run or read (`PATH=.:$PATH; ls`) stay judged.
	if (isPlainAssignment(unit) && isCatchAllMatch(match)) return null;
	if (match.state !== "allow") return fromMatch(match, unit.text, unit);
	// `sh -c 'ls; git status'`: a literal script read whole is judged like a judged indirection, its own text here and
	// each unit of the script on its own (ADR 0031); any other payload stays opaque.
	// A rule written for exactly this code (`"python3 -c \"print(42)\"": "allow"`, a "for this session" answer to it)
	// is the one thing that names what an opaque payload runs; any other allow leaves it to a person.
	if (unit.wrapperKind === "opaque-payload" && unit.scriptRead !== true && !namedExactly(unit, policy))
		return floor(BASH_SENTINELS.opaqueWrapper, unit.text, unit, match);
	// SECURITY: a command name that is not a literal word cannot be known until run time (`$CMD`, `rm${IFS}x`).
	if (hasDynamicName(unit)) {
		return floor(BASH_SENTINELS.dynamicCommandName, unit.text, unit, match);
	}
	// SECURITY: `find . -exec git {} \;`, `xargs git`: the words a wrapper fills in may meet a stricter rule
	// (`git push *: deny`); the allow stands only when no rule any filled-in command could meet is stricter.
	if (unit.runTimeWords !== null && !isRunTimeSafe(unit, policy)) {
		return floor(BASH_SENTINELS.indirectionWrapper, unit.text, unit, match);
	}
	return fromMatch(match, unit.text, unit);
}

/**
 * Every spelling a rule must allow for a unit to pass (`unitMatch`): as written, with its name normalised, and as the
 * words bash runs; or `null` when its text is not fixed before it runs (`$`, a backtick, words a wrapper fills in) or
 * does not hold all it runs (leading assignments).
 */
export function exactSpellings(unit: CommandUnit): readonly string[] | null {
	// SECURITY: `bash -c "$X"`, `sh -c 'echo {}'` under `find -exec`: the same text runs different code each time.
	if (unit.runTimeWords !== null || /[$`]/.test(unit.text)) return null;
	// SECURITY: a unit's text leaves out its leading assignments, so a rule naming `git status` does not name what
	// `GIT_TRACE=… git status` or `GIT_CONFIG_COUNT=1 … git status` runs: the environment, not the text, made it opaque.
	if (unit.assignments.length > 0) return null;
	const spellings = [unit.text, normalizedText(unit), wordsText(unit)].filter(
		(text): text is string => text !== null && text !== "",
	);
	return [...new Set(spellings)];
}

/** True when every spelling of the unit is allowed by a rule with no wildcard (so written for exactly that text). */
function namedExactly(unit: CommandUnit, policy: CompiledPolicy): boolean {
	const spellings = exactSpellings(unit);
	if (spellings === null || spellings.length === 0) return false;
	return spellings.every((text) => {
		const match = policy.evaluate(BASH_SURFACE, text);
		return match.state === "allow" && match.rule?.surface === BASH_SURFACE && !hasWildcard(match.rule.pattern);
	});
}

/** Variables whose value changes which program runs, what a path means or what the shell evaluates. */
const BEHAVIOUR_VARIABLE =
	/^(?:PATH|HOME|CDPATH|PWD|OLDPWD|IFS|ENV|SHELL|SHELLOPTS|GLOBIGNORE|HISTFILE|INPUTRC|TMPDIR|PS\d|PROMPT_COMMAND|(?:BASH|LD|DYLD|GIT|NODE|NPM|PYTHON|PERL|RUBY|LESS|TAR|GCONV|LOCPATH)\w*)$/;

/** A unit that only assigns literal text to ordinary variables (no command, no expansion, no array, no `+=`). */
function isPlainAssignment(unit: CommandUnit): boolean {
	if (unit.nameWord !== null || unit.compound || unit.args.length > 0 || unit.redirects.length > 0) return false;
	if (unit.assignments.length === 0) return false;
	return unit.assignments.every(
		(assignment) =>
			/^[A-Za-z_][A-Za-z0-9_]*$/.test(assignment.name) &&
			!BEHAVIOUR_VARIABLE.test(assignment.name) &&
			(assignment.value === null || literalWordText(assignment.value) !== null),
	);
}

/**
 * The strictest of a unit's written spellings (as written, with its name normalised, as the words bash runs), then
 * weighed with its spellings by meaning (`spelled-match.ts`, ADR 0053).
 */
function unitMatch(unit: CommandUnit, policy: CompiledPolicy): RuleMatch {
	return unitSpelledMatch(unit, policy).match;
}

/** `unitMatch`, with the spelling the deciding rule matched. */
export function unitSpelledMatch(unit: CommandUnit, policy: CompiledPolicy): SpelledMatch {
	const raw = policy.evaluate(BASH_SURFACE, unit.text);
	const normalized = normalizedText(unit);
	// SECURITY: `\rm`, `'rm'`, `r""m`, `/bin/rm` are matched as `rm` too, and the stricter spelling wins, so a deny
	// written for the plain name catches them and an allow written for the plain name does not pass them silently.
	const spelled = normalized === null ? raw : policy.evaluate(BASH_SURFACE, normalized);
	// SECURITY: bash splits words on tabs and escaped newlines, drops quotes, and reads `rm<<<x a` as `rm a` with a
	// here-string: `rm\ta`, `git 'push' o`, `git  push` are also matched as the words bash runs, single-spaced.
	const words = wordsText(unit);
	const worded = words === null || words === unit.text ? raw : policy.evaluate(BASH_SURFACE, words);
	let match = restrictiveness(spelled.state) > restrictiveness(raw.state) ? spelled : raw;
	if (restrictiveness(worded.state) > restrictiveness(match.state)) match = worded;
	const texts = [unit.text];
	if (normalized !== null) texts.push(normalized);
	if (words !== null && words !== unit.text) texts.push(words);
	// SECURITY: `rm -Rf x`, `git push origin +main` meet the deny written `rm -rf *`, `git push --force *` (ADR 0053).
	return spelledMatch(unit, match, texts, policy);
}

/**
 * An indirection (ADR 0028): its own text and every inner wrapper's text are judged (a transparent one only by a
 * rule that names it), its executed units are judged as units of their own, and the ask floor stays only where
 * the executed command is unknown or the wrapper has no verified semantics.
 */
function checkIndirection(unit: CommandUnit, match: RuleMatch, policy: CompiledPolicy): BashCommandCheck | null {
	const row = wrapperSemantics(unit.commandName ?? "");
	if (row?.lookupOnly?.includes(literalArg(unit, 0) ?? "")) {
		// `command -v git` only prints where `git` is; it runs nothing, so it is a plain command.
		return fromMatch(match, unit.text, unit);
	}
	if (row?.bareOptions !== undefined && unit.args.every((arg) => row.bareOptions?.test(literalWordText(arg) ?? "\0"))) {
		// `env | grep X`, `find . | xargs -0`: with no command the wrapper only prints (env) or runs `echo` (xargs).
		return fromMatch(match, unit.text, unit);
	}
	let strictest: RuleMatch | null = ownText(row, match);
	let floored = row === null || row.semantics === "input-fed";
	for (const inner of unit.innerWrappers) {
		const innerRow = wrapperSemantics(inner.commandName);
		if (innerRow === null || innerRow.semantics === "input-fed") floored = true;
		const judged = ownText(innerRow, innerMatch(inner.text, inner.commandName, policy));
		if (judged !== null && (strictest === null || restrictiveness(judged.state) > restrictiveness(strictest.state)))
			strictest = judged;
	}
	if (strictest !== null && strictest.state !== "allow") return fromMatch(strictest, unit.text, unit);
	// SECURITY: what runs cannot be established (`find . -exec {} \;`, bare `xargs`, an unmodelled option); `exec 3< f`
	// with no command keeps the floor too, as its redirects stay open in the shell (B-exec-fd).
	if (unit.executedUnit === null) {
		// Bare `time`, `command`, `nohup`: a transparent wrapper with no words and no redirects runs nothing.
		if (row?.semantics === "transparent" && unit.args.length === 0 && unit.redirects.length === 0)
			return fromMatch(match, unit.text, unit);
		return floor(BASH_SENTINELS.indirectionWrapper, unit.text, unit, match);
	}
	// SECURITY: a wrapper with no verified semantics, or one that completes its command from input, keeps the floor.
	if (floored) return floor(BASH_SENTINELS.indirectionWrapper, unit.text, unit, match);
	// SECURITY: `find . -exec env A={} git \; -exec …`: a judged wrapper's own words may be filled in at run time.
	if (strictest !== null && unit.runTimeWords !== null && !isRunTimeSafe(unit, policy))
		return floor(BASH_SENTINELS.indirectionWrapper, unit.text, unit, match);
	return strictest === null ? null : fromMatch(strictest, unit.text, unit);
}

function isRunTimeSafe(unit: CommandUnit, policy: CompiledPolicy): boolean {
	return runTimeBound(policy, BASH_SURFACE, runTimeLanguage(unit)) === "allow";
}

/** A transparent wrapper's own text counts only when a rule other than the catch-all or the default names it. */
function ownText(row: WrapperSemanticsRow | null, match: RuleMatch): RuleMatch | null {
	return row?.semantics === "transparent" && isCatchAllMatch(match) ? null : match;
}

function isCatchAllMatch(match: RuleMatch): boolean {
	const rule = match.rule;
	return rule === null || rule.origin === "builtin" || rule.surface === UNIVERSAL_SURFACE || isCatchAll(rule.pattern);
}

/** An inner wrapper's text, also with its name normalised (`sudo \nice ls` meets `nice *`); the stricter wins. */
function innerMatch(text: string, commandName: string, policy: CompiledPolicy): RuleMatch {
	const raw = policy.evaluate(BASH_SURFACE, text);
	const space = text.search(/\s/);
	const head = space === -1 ? text : text.slice(0, space);
	if (head === commandName) return raw;
	const spelled = policy.evaluate(BASH_SURFACE, commandName + (space === -1 ? "" : text.slice(space)));
	return restrictiveness(spelled.state) > restrictiveness(raw.state) ? spelled : raw;
}

function literalArg(unit: CommandUnit, index: number): string | null {
	const word = unit.args[index];
	return word === undefined ? null : literalWordText(word);
}

/**
 * More restrictive wins, the first on a tie; among asks, the floors yolo refuses beat the others: a relocating setting
 * first (it hides every surface), then a dynamic command name (it hides `bash`).
 */
function outranks(check: BashCommandCheck, best: BashCommandCheck): boolean {
	const delta = restrictiveness(check.state) - restrictiveness(best.state);
	if (delta !== 0) return delta > 0;
	// SECURITY: `exec rm${IFS}x`, `ls; HOME=h git status`: an earlier ask yolo approves must not hide from yolo the floor
	// it refuses (ADR 0023, ADR 0051).
	return check.state === "ask" && askRank(check) > askRank(best);
}

function askRank(check: BashCommandCheck): number {
	if (check.matchedPattern === BASH_SENTINELS.relocatingEnvironment) return 2;
	return check.matchedPattern === BASH_SENTINELS.dynamicCommandName ? 1 : 0;
}

/**
 * The unit as the words bash runs: the normalised name and each argument (dequoted when literal, as written
 * otherwise), one space apart, redirects left out; `null` for a unit without a command name.
 */
function wordsText(unit: CommandUnit): string | null {
	if (unit.nameWord === null) return null;
	const name = unit.commandName ?? unit.nameWord.raw;
	if (unit.args.length === 0) return name;
	return `${name} ${unit.args.map((word) => literalWordText(word) ?? word.raw).join(" ")}`;
}

/** True when the unit's command name is not a literal word, so what runs is only known at run time. */
export function hasDynamicName(unit: CommandUnit): boolean {
	return unit.nameWord !== null && unit.commandName === null;
}

/** The unit text with its command name replaced by the normalised name, or `null` when they are the same. */
export function normalizedText(unit: CommandUnit): string | null {
	const name = unit.nameWord?.raw;
	if (!name || unit.commandName === null || name === unit.commandName) return null;
	if (!unit.text.startsWith(name)) return null;
	return unit.commandName + unit.text.slice(name.length);
}

function fromMatch(match: RuleMatch, text: string, unit: CommandUnit | null): BashCommandCheck {
	return {
		state: match.state,
		matchedPattern: match.matchedPattern,
		decidingUnit: text,
		executedUnit: unit?.executedUnit ?? null,
		commandContext: unit?.context ?? null,
		reason: match.reason,
		match,
		floored: false,
		unit,
	};
}

function floor(
	sentinel: string,
	text: string,
	unit: CommandUnit | null,
	match: RuleMatch | null,
	reason: string | null = null,
): BashCommandCheck {
	return {
		state: "ask",
		matchedPattern: sentinel,
		decidingUnit: text,
		executedUnit: unit?.executedUnit ?? null,
		commandContext: unit?.context ?? null,
		reason,
		match,
		floored: true,
		unit,
	};
}
