/**
 * Owns: `BashProgram`, one parse of one command into its born-ready slices (units, external paths, path-rule
 * candidates, write targets, recursive reads, network destinations) or the unparseable marker, and the repair/re-parse and payload recursion around the collector.
 * Never: decides an action or touches the file system itself; paths go through the injected normalizer.
 */

import type { Tree } from "web-tree-sitter";
import type { AccessPath } from "../path/access-path";
import type { PathNormalizer } from "../path/path-normalizer";
import type { NetworkDestination } from "./effects/network/network-destination";
import { NetworkCollector } from "./effects/network/network-destinations";
import { PathCollector } from "./effects/path-candidates";
import { type RecursiveRead, RecursiveReadCollector } from "./effects/recursive-reads";
import { UnitWalk } from "./effects/unit-walk";
import { WriteCollector, type WriteTarget } from "./effects/write-targets";
import type { BashParser } from "./reading/bash-parser";
import type { CommandUnit, UnitContext } from "./reading/command-unit";
import { heredocTailMisread, lexicalMismatch, mayMergeBackquotes, mergedBackquotes } from "./reading/lexical-prescan";
import {
	escapedBlanksAsWordCharacters,
	literalDollarsAsWordCharacters,
	trailingBackslashAsWordCharacter,
} from "./reading/lexical-repair";
import {
	ansiCStringEnd,
	type PrefixRepair,
	reEvaluatesQuotedSubstitution,
	regexHidesSubstitution,
} from "./reading/misparse-guards";
import type { NestingLabel } from "./reading/nesting-label";
import { DEFAULT_PARSE_LIMITS, ParseBudget, type ParseLimits, type WorkCount } from "./reading/parse-budget";
import { plainCommandDrafts } from "./reading/plain-command";
import { SourceIndex } from "./reading/source-index";
import { collectDrafts } from "./reading/unit-collector";
import type { UnitDraft } from "./reading/unit-draft";
import { arithmeticFloor } from "./state/arithmetic-reevaluation";
import { CommandEnvironment } from "./state/environment-words";
import { mayAssignHiddenNames } from "./state/hidden-assignments";
import {
	environmentFunction,
	environmentValue,
	type ShellEnvironment,
	UNKNOWN_SHELL_ENVIRONMENT,
} from "./state/shell-environment";
import { rebindingFloor } from "./state/shell-rebinding-guard";
import { UnitEmitter } from "./unit-emitter";

export interface Unparseable {
	readonly kind: "unparseable";
	readonly reason: string;
}

export interface BashProgramDeps {
	readonly parser: BashParser;
	readonly normalizer: PathNormalizer;
	/** Work bounds; `DEFAULT_PARSE_LIMITS` when absent. */
	readonly limits?: ParseLimits;
	/**
	 * The directory the command starts in (a shell alias's `workdir` argument), resolved against the normalizer's
	 * cwd; the cwd when absent. It moves path resolution only: "outside" is still judged against the cwd.
	 */
	readonly workdir?: string;
	/**
	 * The environment the command's `bash -c` starts with (ADR 0039): variables the command never assigns are read
	 * from it when known. Unknown when absent: such variables stay computed.
	 */
	readonly shellEnvironment?: ShellEnvironment;
}

/** Re-parses after blanking a misread `time`/`!`/`coproc` prefix; each round removes at least one prefix. */
const MAX_REPAIR_ROUNDS = 4;

export class BashProgram {
	private constructor(
		readonly command: string,
		readonly units: readonly CommandUnit[],
		readonly externalPaths: readonly AccessPath[],
		readonly pathCandidates: readonly AccessPath[],
		readonly unparseable: Unparseable | null,
		/** The work this parse did, for bounds tests and benchmarks. */
		readonly work: WorkCount,
		/** True when path collection hit its work bounds: the path slices are incomplete (the caller should ask). */
		readonly pathsTruncated: boolean,
		/** Every path a unit writes, deletes, creates or changes the mode of (redirects and the write-operand table). */
		readonly writeTargets: readonly WriteTarget[],
		/** Every tree a program reads whole by itself (`grep -r`, `rg`, `tar c`, `cp -r`, `find -exec`). */
		readonly recursiveReads: readonly RecursiveRead[],
		/** Every host a unit connects to, or the fact that it connects where the text does not tell (ADR 0058). */
		readonly networkDestinations: readonly NetworkDestination[] = [],
	) {}

	/** Never throws on any string: a command it cannot read completely is returned with `unparseable` set. */
	static parse(command: string, deps: BashProgramDeps): BashProgram {
		const readable = readableEnvironment(command, deps);
		const parsed = readable.parsed;
		if (parsed.unparseable !== null && parsed.units.length === 0)
			return new BashProgram(command, [], [], [], parsed.unparseable, parsed.work, false, [], []);
		// A shell-state floor (ADR 0025) keeps the units and paths it read, so their denies still decide.
		const { normalizer, workdir } = deps;
		const shellEnvironment = readable.environment;
		const environment = CommandEnvironment.topLevel(command, shellEnvironment);
		const unparseable = parsed.unparseable ?? environmentFunctionFloor(parsed.units, deps.shellEnvironment);
		// A variable the command never assigns (and nothing may assign unseen) holds its start-up value (ADR 0039).
		const fromEnvironment =
			shellEnvironment.kind === "unknown"
				? null
				: (name: string) => (environment.neverAssigned(name) ? environmentValue(shellEnvironment, name) : null);
		// One walk reads both path slices and the write slice under one shell state and one probe cache (ADR 0030).
		const walk = new UnitWalk(
			normalizer.withProbeCache(),
			workdir === undefined ? normalizer.cwd : normalizer.resolveLexical(workdir),
			fromEnvironment,
		);
		const pathCollector = new PathCollector(walk, environment.positionalParametersEmpty, environment.pwdIsBuiltin);
		const writeCollector = new WriteCollector(walk, environment.positionalParametersEmpty);
		const recursiveCollector = new RecursiveReadCollector(walk, command);
		const networkCollector = new NetworkCollector(walk);
		walk.run(parsed.units, [pathCollector, writeCollector, recursiveCollector, networkCollector]);
		const paths = pathCollector.sink.result();
		return new BashProgram(
			command,
			parsed.units,
			paths.externalPaths,
			paths.ruleCandidates,
			unparseable,
			parsed.work,
			paths.truncated,
			writeCollector.result(),
			recursiveCollector.result(),
			networkCollector.result(),
		);
	}
}

/**
 * The units read under the environment the command starts with, and that environment as the reading may use it:
 * unknown when some unit may assign a name the text does not spell (`eval`, `read "$n"`, `$CMD x`), which is only
 * known once the units are (ADR 0039). SECURITY: the units are then read again under the unknown environment, so no
 * wrapper was judged by a start-up value such a unit may have replaced. A rare second parse.
 */
function readableEnvironment(
	command: string,
	deps: BashProgramDeps,
): { readonly parsed: ParsedUnits; readonly environment: ShellEnvironment } {
	const known = deps.shellEnvironment;
	if (known === undefined || known.kind === "unknown")
		return { parsed: parseBashUnits(command, deps.parser, deps.limits), environment: UNKNOWN_SHELL_ENVIRONMENT };
	const parsed = parseBashUnits(command, deps.parser, deps.limits, known);
	if (!mayAssignHiddenNames(parsed.units)) return { parsed, environment: known };
	return { parsed: parseBashUnits(command, deps.parser, deps.limits), environment: UNKNOWN_SHELL_ENVIRONMENT };
}

/**
 * SECURITY: `BASH_FUNC_ls%%` in the environment makes `ls` a function whose body this parse never sees: a command
 * running it is not known from its text (ADR 0039).
 */
function environmentFunctionFloor(
	units: readonly CommandUnit[],
	environment: ShellEnvironment | undefined,
): Unparseable | null {
	if (environment === undefined) return null;
	const name = environmentFunction(
		environment,
		units.map((unit) => unit.commandName),
	);
	if (name === null) return null;
	return {
		kind: "unparseable",
		reason: `\`${name}\` is a function the environment defines (BASH_FUNC_${name}%%), whose body is not checked`,
	};
}

interface ParsedUnits {
	readonly units: readonly CommandUnit[];
	readonly unparseable: Unparseable | null;
	readonly work: WorkCount;
}

/** The unit slice alone (no path work): for callers that only gate command names. Never throws. */
export function parseBashUnits(
	command: string,
	parser: BashParser,
	limits: ParseLimits = DEFAULT_PARSE_LIMITS,
	shellEnvironment?: ShellEnvironment,
): ParsedUnits {
	const budget = new ParseBudget(limits);
	// Every text parsed again inside the command (a payload such as `bash -c $'…'`, decoded; a backquoted
	// substitution, unescaped): the arithmetic floor reads them as it reads the command.
	const innerTexts: string[] = [];
	const result = unitsOf(command, parser, budget, TOP_LEVEL, 0, innerTexts, shellEnvironment);
	if ("unparseable" in result)
		return { units: [], unparseable: { kind: "unparseable", reason: result.unparseable }, work: budget.work };
	const units = Object.freeze([...result]);
	// SECURITY: shell state that rebinds a name or evaluates text again cannot be followed from the units (ADR 0025).
	const floor = rebindingFloor(command, units) ?? arithmeticFloor(command, units, innerTexts);
	return { units, unparseable: floor === null ? null : { kind: "unparseable", reason: floor }, work: budget.work };
}

interface Scope {
	readonly context: UnitContext | null;
	readonly nesting: readonly NestingLabel[];
	/** Run-time words of every unit (a script's arguments); none at the top level. */
	readonly markers?: readonly string[];
	/** The enclosing command may have turned `allexport` on: its assignments are exported (ADR 0051). */
	readonly exportsAll?: boolean;
}

const TOP_LEVEL: Scope = { context: null, nesting: [] };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type UnitsResult = readonly CommandUnit[] | { readonly unparseable: string };

function unitsOf(
	command: string,
	parser: BashParser,
	budget: ParseBudget,
	scope: Scope,
	payloadDepth: number,
	innerTexts: string[],
	shellEnvironment?: ShellEnvironment,
): UnitsResult {
	// SECURITY: bash drops NUL bytes while reading, so `r\0m` would run `rm` although the tree shows `r\0m`.
	if (command.includes("\0")) return { unparseable: "the command contains a NUL character" };
	if (LONE_SURROGATE.test(command)) return { unparseable: "the command contains an unpaired UTF-16 surrogate" };
	// SECURITY: characters bash and the grammar read differently (`ls \r#; rm x`), before either reading (ADR 0020).
	// The grammar reads `\ ` as a blank where bash reads a quoted blank: it parses an offset-keeping rewrite (ADR 0038).
	const blanksRead = literalDollarsAsWordCharacters(escapedBlanksAsWordCharacters(command));
	const trailing = trailingBackslashAsWordCharacter(blanksRead);
	const readable = trailing ?? blanksRead;
	const lexical = lexicalMismatch(readable);
	if (lexical !== null) return { unparseable: lexical };
	// SECURITY: with aliases expanded, a word defined by `alias` on one line runs its value on the next (ADR 0019).
	if (command.includes("expand_aliases")) return { unparseable: "the command turns on alias expansion" };
	// SECURITY: `${x@P}` expands the value as a prompt, running any `$(…)` in it, and `x` may come from the environment.
	if (command.includes("@P}")) return { unparseable: "prompt expansion (${…@P}) runs the value as code" };
	// SECURITY: a non-interactive bash sources `$BASH_ENV` first (`BASH_ENV=./s bash x.sh` runs `s`); `ENV` for `sh -i`.
	if (command.includes("ENV=") && /(?:^|[^\w])(?:BASH_ENV|ENV)=/.test(command))
		return { unparseable: "the command sets a shell start-up file" };
	if (!budget.spendInput(command.length)) return overBudget(budget);
	const markers = scope.markers ?? [];
	const plain = markers.length === 0 ? plainCommandDrafts(command, scope.context, scope.nesting) : null;
	if (plain !== null) return emit(command, plain, parser, budget, payloadDepth, innerTexts, scope, shellEnvironment);
	let source = readable;
	const prefixes = new Map<number, PrefixRepair["label"]>();
	for (let round = 0; ; round++) {
		const tree = parser.parse(source, () => budget.spendParseTick());
		if (tree === null) return overBudget(budget);
		let outcome: ReturnType<typeof collectDrafts>;
		try {
			if (tree.rootNode.hasError) return { unparseable: "tree-sitter-bash reports a syntax error" };
			const misread = opaqueTextMisread(tree, command);
			if (misread !== null) return { unparseable: misread };
			// INVARIANT: blanking keeps offsets, so texts and words are read from the command as written.
			outcome = collectDrafts(tree, new SourceIndex(command), budget, { ...scope, markers, prefixes });
		} finally {
			tree.delete();
		}
		switch (outcome.kind) {
			case "over-budget":
				return overBudget(budget);
			case "misparse":
				if (outcome.repairs.length === 0 || round + 1 >= MAX_REPAIR_ROUNDS) return { unparseable: outcome.reason };
				source = blank(source, outcome.repairs, prefixes);
				continue;
			case "drafts": {
				const units = emit(command, outcome.drafts, parser, budget, payloadDepth, innerTexts, scope, shellEnvironment);
				if (trailing === null || "unparseable" in units || !units.some((unit) => unit.wrapperKind !== null))
					return units;
				return {
					unparseable:
						"the command ends in a backslash, which Pi's stdin transport to bash drops, after a wrapper's words",
				};
			}
			default: {
				const unhandled: never = outcome;
				throw new Error(`unhandled outcome ${String(unhandled)}`);
			}
		}
	}
}

function emit(
	source: string,
	drafts: readonly UnitDraft[],
	parser: BashParser,
	budget: ParseBudget,
	payloadDepth: number,
	innerTexts: string[],
	outerScope: Scope,
	shellEnvironment?: ShellEnvironment,
): UnitsResult {
	const emitter: UnitEmitter = new UnitEmitter(
		source,
		budget,
		(text, outer, kind, markers) => {
			if (!budget.enterPayload(payloadDepth + 1)) return overBudget(budget);
			// A payload runs in a new shell: its `cd` and variables never leak out, as in a subshell. SECURITY: an `eval`
			// runs in the same shell, so `set -a; eval 'X=1; npm test'` exports `X`: `allexport` is passed on to every payload.
			const exportsAll = emitter.exportsAll;
			const scope: Scope =
				kind === "payload"
					? { context: "subshell", nesting: [...outer.nesting, "payload"], markers, exportsAll }
					: {
							context: "command_substitution",
							nesting: [...outer.nesting, "command_substitution"],
							markers,
							exportsAll,
						};
			innerTexts.push(text);
			const units = unitsOf(text, parser, budget, scope, payloadDepth + 1, innerTexts);
			return "unparseable" in units ? { unparseable: units.unparseable } : units;
		},
		payloadDepth === 0 ? CommandEnvironment.topLevel(source, shellEnvironment) : CommandEnvironment.NONE,
		outerScope.exportsAll === true,
	);
	const outcome = emitter.emitAll(drafts);
	return outcome.kind === "units" ? outcome.units : { unparseable: outcome.reason };
}

/**
 * Text the grammar reads as one opaque token although bash reads code in it: an ANSI-C string it ran past its end,
 * a `regex` operand holding a substitution, a quoted substitution in a command that evaluates strings again. Each
 * kind is looked up only when a text test says the source could hold it: `descendantsOfType` costs about a fifth of
 * a parse on a large tree, even when it finds nothing.
 */
function opaqueTextMisread(tree: Tree, source: string): string | null {
	// SECURITY: `` `ls``rm x` `` is two substitutions to bash and one to the grammar (ADR 0020).
	if (mayMergeBackquotes(source)) {
		const nodes = tree.rootNode.descendantsOfType("command_substitution");
		const merged = mergedBackquotes(nodes.flatMap((node) => (node === null ? [] : [node.text])));
		if (merged !== null) return merged;
	}
	if (source.includes("<<") && /[$<>]\(/.test(source)) {
		for (const node of tree.rootNode.descendantsOfType("heredoc_redirect")) {
			let outer = node?.parent ?? null;
			while (outer !== null && outer.type !== "command_substitution" && outer.type !== "process_substitution")
				outer = outer.parent;
			if (node === null || outer === null) continue;
			const misread = heredocTailMisread(source.slice(node.endIndex, outer.endIndex));
			if (misread !== null) return misread;
		}
	}
	if (source.includes("$'")) {
		for (const node of tree.rootNode.descendantsOfType("ansi_c_string")) {
			if (node === null) continue;
			if (ansiCStringEnd(source, node.startIndex, node.endIndex) !== node.endIndex - 1)
				return "an ANSI-C string ($'…') that the grammar reads past its end";
		}
	}
	if (reEvaluatesQuotedSubstitution(source, () => quotedTexts(tree, source)))
		return "a substitution kept as data in a command that evaluates strings again";
	// A `regex` node only comes from `${x#…}`, `${x%…}`, `${x^…}`, `${x,…}` (`##`, `%%`, `^^`, `,,`) and `=~`.
	if (regexHidesSubstitution(source) && /\$\{[^}]*?[#%^,]|=~/.test(source)) {
		for (const node of tree.rootNode.descendantsOfType("regex")) {
			if (node !== null && regexHidesSubstitution(source.slice(node.startIndex, node.endIndex)))
				return "a substitution inside a pattern operand the grammar reads as text";
		}
	}
	return null;
}

/** The quoted texts a re-evaluating command may hold a substitution in (asked only when it re-evaluates). */
function quotedTexts(tree: Tree, source: string): readonly string[] {
	// A single-quoted run holding an opener, or any ANSI-C string (its `\'` may hide the run from this test).
	if (!/'[^']*(?:\$\(|`)/.test(source) && !source.includes("$'")) return [];
	return tree.rootNode
		.descendantsOfType(["raw_string", "ansi_c_string"])
		.flatMap((node) => (node === null ? [] : [source.slice(node.startIndex, node.endIndex)]));
}

function overBudget(budget: ParseBudget): { readonly unparseable: string } {
	return { unparseable: budget.exceededReason ?? "the work budget ran out" };
}

/** Replaces each prefix with spaces (offsets stay valid) and records which compound it introduced. */
function blank(source: string, repairs: readonly PrefixRepair[], prefixes: Map<number, PrefixRepair["label"]>): string {
	let text = source;
	for (const repair of repairs) {
		text = text.slice(0, repair.start) + " ".repeat(repair.end - repair.start) + text.slice(repair.end);
		let compoundStart = repair.end;
		while (text[compoundStart] === " " || text[compoundStart] === "\t") compoundStart++;
		prefixes.set(compoundStart, repair.label);
	}
	return text;
}
