/**
 * Owns: deciding a bash command from its parsed units: each unit is evaluated (under its raw and its normalised
 * command-name spelling), wrapper and dynamic-name floors raise an allow to ask, an incomplete analysis (unparseable,
 * or stopped at a work budget) asks with the reason unless its whole text is denied, and the most restrictive unit
 * wins (the first on a tie, except that a dynamic-name floor beats another ask).
 * Never: parses (it receives the one `BashProgram` parse) or reconciles yolo (the gate runner does that once).
 */
import { type CommandUnit, literalWordText, MAX_PATH_WORK, type UnitContext } from "@pi-permissions/access-intent";
import { type CompiledPolicy, type PermissionState, type RuleMatch, restrictiveness } from "@pi-permissions/policy";
import { BASH_SENTINELS } from "@pi-permissions/presentation";

export const BASH_SURFACE = "bash";

/** What the check needs of a parsed command. */
export interface ParsedBashCommand {
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
}

export function checkBashCommand(parsed: ParsedBashCommand, policy: CompiledPolicy): BashCommandCheck {
	const { command, units } = parsed;
	const unparseable = incompleteAnalysis(parsed);
	const whole = (): RuleMatch => policy.evaluate(BASH_SURFACE, command);
	if (units.length === 0 && unparseable === null) {
		// Nothing runs (empty or comment-only): the whole string is resolved like any value (PP-069, PP-070).
		return fromMatch(whole(), command, null);
	}
	let best: BashCommandCheck | null = null;
	for (const unit of units) {
		const check = checkUnit(unit, policy);
		if (!best || outranks(check, best)) best = check;
		if (best.state === "deny") break;
	}
	if (unparseable !== null && best?.state !== "deny") {
		const wholeMatch = whole();
		// SECURITY: an unparseable command never passes silently; only an explicit deny covering it is stronger (PP-082/083).
		if (wholeMatch.state === "deny") return fromMatch(wholeMatch, command, null);
		if (!best || restrictiveness(best.state) < restrictiveness("ask")) {
			return floor(BASH_SENTINELS.unparseable, command, null, null, unparseable.reason);
		}
	}
	return best ?? floor(BASH_SENTINELS.unparseable, command, null, null, unparseable?.reason ?? null);
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

function checkUnit(unit: CommandUnit, policy: CompiledPolicy): BashCommandCheck {
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
	if (match.state !== "allow") return fromMatch(match, unit.text, unit);
	if (unit.wrapperKind !== null) {
		const sentinel =
			unit.wrapperKind === "opaque-payload" ? BASH_SENTINELS.opaqueWrapper : BASH_SENTINELS.indirectionWrapper;
		return floor(sentinel, unit.text, unit, match);
	}
	// SECURITY: a command name that is not a literal word cannot be known until run time (`$CMD`, `rm${IFS}x`).
	if (unit.nameWord !== null && unit.commandName === null) {
		return floor(BASH_SENTINELS.dynamicCommandName, unit.text, unit, match);
	}
	return fromMatch(match, unit.text, unit);
}

/** More restrictive wins, the first on a tie; among asks, a dynamic-name floor beats any other ask. */
function outranks(check: BashCommandCheck, best: BashCommandCheck): boolean {
	const delta = restrictiveness(check.state) - restrictiveness(best.state);
	if (delta !== 0) return delta > 0;
	const dynamic = BASH_SENTINELS.dynamicCommandName;
	// SECURITY: `exec rm${IFS}x`: the wrapper's own floor (listed first) must not hide from yolo the unknown program it
	// runs (ADR 0023).
	return check.state === "ask" && check.matchedPattern === dynamic && best.matchedPattern !== dynamic;
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

/** The unit text with its command name replaced by the normalised name, or `null` when they are the same. */
function normalizedText(unit: CommandUnit): string | null {
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
