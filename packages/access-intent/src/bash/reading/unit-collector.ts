/**
 * Owns: one iterative walk of a tree-sitter-bash tree that drafts every unit that can run, in source order, with
 * its context and nesting, plus the misparse signals (`time {`, `! {`, nested backquotes) the caller must act on.
 * Plain simple commands, plain `&&`/`||`/`|` chains and `[ -f word ]` tests are drafted from their text
 * (`plain-command.ts`, `plain-statement.ts`, `plain-test.ts`) without visiting their children.
 * Never: recurses in JS (an explicit frame stack, bounded by the budget), analyses wrappers, or decides actions.
 * Over 400 lines on purpose: this is the one place that says which node opens which frame, and every `enter*`
 * method reads the same stack; the frames and their factories live in `collect-frames.ts`, the misparse checks in
 * `misparse-guards.ts`, the control labels in `control-labels.ts`, the nesting labels in `nesting-label.ts`.
 */
import type { Tree, TreeCursor } from "web-tree-sitter";
import {
	assignmentFrame,
	closeRedirect,
	closeWord,
	type Deliver,
	type Frame,
	type RedirectFrame,
	redirectedFrame,
	redirectFrame,
	rootFrame,
	type ScanFrame,
	scanFrame,
	type UnitFrame,
	unitFrame,
	type WordFrame,
	wordFrame,
} from "./collect-frames";
import type { Assignment, UnitContext } from "./command-unit";
import { labelDraftsSince, labelPlainControl } from "./control-labels";
import { type GrammarTypes, grammarTypesOf } from "./grammar-types";
import {
	commandMisparse,
	descriptorBeforeRedirect,
	heredocBackquotes,
	heredocHasUncoveredSubstitution,
	type PrefixRepair,
} from "./misparse-guards";
import { type CompoundLabel, innerCompoundLabel, type NestingLabel } from "./nesting-label";
import {
	COMPOUND_LABELS,
	DYNAMIC_SPAN_NODES,
	REDIRECT_NODES,
	STATEMENT_CONTAINERS,
	WORD_NODES,
} from "./node-vocabulary";
import type { ParseBudget } from "./parse-budget";
import { plainCommandWords } from "./plain-command";
import { plainStatement, type WordRange } from "./plain-statement";
import { plainTest } from "./plain-test";
import type { SourceIndex } from "./source-index";
import { type DraftKind, newDraft, type UnitDraft, type WordRef } from "./unit-draft";
import { type DynamicSpan, plainVariableName, readShellWord } from "./word-text";

interface CollectBase {
	readonly context: UnitContext | null;
	readonly nesting: readonly NestingLabel[];
	/** Run-time words of every unit (a script's arguments, ADR 0031): stamped on every draft. */
	readonly markers: readonly string[];
	/** Prefixes blanked by an earlier repair, keyed by the start of the compound they introduced. */
	readonly prefixes: ReadonlyMap<number, PrefixRepair["label"]>;
}

interface CollectOptions {
	/** Draft plain simple commands from their text without visiting their words (false: the full walk, for tests). */
	readonly plainCommands: boolean;
}

const FULL_SPEED: CollectOptions = { plainCommands: true };

/**
 * INVARIANT: `drafts` are in source order, a compound before the units inside it, and each draft's nesting extends
 * the nesting of the construct it sits in (control labels inserted at that construct's depth), so the emitter and
 * path collection may read the units as bash runs them. A `misparse` or `over-budget` outcome carries no drafts:
 * a tree the walk could not read completely yields no units at all.
 */
export type CollectOutcome =
	| { readonly kind: "drafts"; readonly drafts: readonly UnitDraft[] }
	| { readonly kind: "misparse"; readonly reason: string; readonly repairs: readonly PrefixRepair[] }
	| { readonly kind: "over-budget" };

export function collectDrafts(
	tree: Tree,
	index: SourceIndex,
	budget: ParseBudget,
	base: CollectBase,
	options: CollectOptions = FULL_SPEED,
): CollectOutcome {
	const collector = new UnitCollector(index, budget, base, grammarTypesOf(tree.language), options);
	const cursor = tree.walk();
	try {
		collector.walk(cursor);
	} finally {
		cursor.delete();
	}
	return collector.outcome();
}

class UnitCollector {
	private readonly drafts: UnitDraft[] = [];
	private readonly repairs: PrefixRepair[] = [];
	private misparse: string | null = null;
	private overBudget = false;
	/** Characters of `list`/`pipeline` text whose plain reading failed (`plainStatement`). */
	private plainMisses = 0;
	private readonly source: string;

	constructor(
		private readonly index: SourceIndex,
		private readonly budget: ParseBudget,
		private readonly base: CollectBase,
		private readonly fields: GrammarTypes,
		private readonly options: CollectOptions,
	) {
		this.source = index.source;
	}

	outcome(): CollectOutcome {
		if (this.overBudget) return { kind: "over-budget" };
		if (this.misparse !== null) return { kind: "misparse", reason: this.misparse, repairs: this.repairs };
		return { kind: "drafts", drafts: this.drafts };
	}

	walk(cursor: TreeCursor): void {
		const frames: Frame[] = [rootFrame(this.base.context, this.base.nesting)];
		if (!cursor.gotoFirstChild()) return;
		for (;;) {
			if (!this.budget.spendNode() || this.overBudget) {
				this.overBudget = true;
				return;
			}
			const child = this.enter(cursor, frames[frames.length - 1] as Frame);
			if (child !== null) {
				frames.push(child);
				if (cursor.gotoFirstChild()) continue;
				this.exit(frames.pop() as Frame, frames[frames.length - 1] as Frame);
			}
			while (!cursor.gotoNextSibling()) {
				if (!cursor.gotoParent()) return;
				const done = frames.pop() as Frame;
				if (frames.length === 0) return;
				this.exit(done, frames[frames.length - 1] as Frame);
			}
		}
	}

	private enter(cursor: TreeCursor, parent: Frame): Frame | null {
		const typeId = cursor.nodeTypeId;
		if (!this.fields.named[typeId]) {
			// Tokens matter only as redirect operators and declaration keywords; skip their offsets otherwise.
			if (parent.kind === "redirect" || parent.kind === "declaration")
				this.token(parent, cursor.startIndex, cursor.endIndex);
			else if (parent.kind === "scan") this.controlToken(cursor, parent, this.fields.types[typeId] ?? "");
			return null;
		}
		const type = this.fields.types[typeId] ?? "ERROR";
		const start = cursor.startIndex;
		const end = cursor.endIndex;
		switch (parent.kind) {
			case "word":
				return this.enterWordPiece(parent, type, start, end);
			case "command": {
				// Children are told apart by type, not field: a field lookup costs a wasm call per node.
				const unit = parent.unit;
				if (type === "command_name") return this.slot(parent, type, start, end, (ref) => this.setName(unit, ref));
				if (type === "variable_assignment") return this.assignment(parent, start, unit.assignments);
				if (WORD_NODES.has(type)) {
					// SECURITY: bash reads `0<<<` as a redirect of fd 0; the grammar can leave `0` as an argument (`bash 0<<< 'rm x'`).
					if (descriptorBeforeRedirect(this.source, start, end))
						this.misparse ??= "a file-descriptor number read as an argument";
					return this.slot(parent, type, start, end, (ref) => unit.args.push(ref));
				}
				break;
			}
			case "declaration": {
				const unit = parent.unit;
				if (type === "variable_assignment") {
					unit.keptRanges.push({ start, end });
					return this.assignment(parent, start, unit.assignments);
				}
				if (type === "variable_name") {
					unit.keptRanges.push({ start, end });
					unit.assignments.push({ name: this.source.slice(start, end), value: null });
					return null;
				}
				if (WORD_NODES.has(type)) return this.slot(parent, type, start, end, (ref) => unit.args.push(ref));
				break;
			}
			case "test": {
				const unit = parent.unit;
				if (WORD_NODES.has(type)) return this.slot(parent, type, start, end, (ref) => unit.args.push(ref));
				if (!REDIRECT_NODES.has(type)) return { ...parent, nodeType: type, start };
				break;
			}
			case "assignment": {
				// The first named child is the name, the second the value.
				if (!parent.named) {
					parent.named = true;
					parent.name = this.source.slice(start, end).replace(/\[.*$/s, "");
					return type === "subscript" && this.index.hasSubstitution(start, end) ? this.scan(parent, type, start) : null;
				}
				if (type === "array") {
					const raw = this.source.slice(start, end);
					parent.value = { raw, parts: [{ kind: "dynamic", raw }] };
					return this.index.hasSubstitution(start, end) ? this.scan(parent, type, start) : null;
				}
				const frame = parent;
				return this.slot(parent, type, start, end, (ref) => {
					frame.value = ref.word;
				});
			}
			case "redirect":
				return this.enterRedirectChild(cursor, parent, type, start, end);
			case "redirected":
				if (!REDIRECT_NODES.has(type)) {
					const before = this.drafts.length;
					const frame = this.enterGeneral(parent, type, start, end);
					// A pipeline or list drafts its units after this point in the walk, so it owns no redirect.
					const grouped = type === "pipeline" || type === "list";
					parent.owner = !grouped && this.drafts.length > before ? (this.drafts[before] as UnitDraft) : null;
					return frame;
				}
				break;
			case "scan":
				break;
			default: {
				const unhandled: never = parent;
				throw new Error(`unhandled frame ${String(unhandled)}`);
			}
		}
		return this.enterGeneral(parent, type, start, end);
	}

	private enterGeneral(parent: Frame, type: string, start: number, end: number): Frame | null {
		const label = COMPOUND_LABELS.get(type);
		if (label !== undefined) return this.compound(parent, type, label, start, end);
		switch (type) {
			case "command":
				if (this.options.plainCommands && this.plainCommand(parent, start, end)) return null;
				return this.unitFrame(parent, "command", "simple", type, start, end);
			case "declaration_command":
			case "unset_command":
				return this.unitFrame(parent, "declaration", "declaration", type, start, end);
			case "variable_assignments":
				return this.unitFrame(parent, "declaration", "assignment", type, start, end);
			case "test_command": {
				const plain = this.options.plainCommands ? plainTest(this.source, start, end) : null;
				const frame = this.unitFrame(parent, "test", "test", type, start, end);
				const opener = this.source.startsWith("[[", start) ? "[[" : "[";
				frame.unit.name = {
					word: { raw: opener, parts: [{ kind: "literal", text: opener, globActive: false }] },
					start,
					end: start + opener.length,
				};
				if (plain === null) return frame;
				for (const range of plain.words) frame.unit.args.push(this.plainRef(range.start, range.end));
				return null;
			}
			case "variable_assignment": {
				const unit = this.draft(parent, "assignment", start, end);
				unit.keptRanges.push({ start, end });
				return this.assignment(parent, start, unit.assignments);
			}
			case "command_substitution":
			case "process_substitution":
				return this.substitution(parent, type, start, end);
			case "pipeline": {
				if (this.plainStatement(parent, start, end)) return null;
				const nesting = this.nest(parent.nesting, "pipeline");
				return nesting === null ? null : scanFrame(parent, type, start, parent.context, nesting);
			}
			case "list": {
				if (this.plainStatement(parent, start, end)) return null;
				return scanFrame(parent, type, start, parent.context, parent.nesting, null, parent.nesting.length);
			}
			case "redirected_statement":
				return redirectedFrame(parent, type, start);
			case "comment":
				return null;
			default:
				break;
		}
		if (REDIRECT_NODES.has(type)) return this.redirect(parent, type, start, end);
		if (STATEMENT_CONTAINERS.has(type) || this.index.hasSubstitution(start, end)) return this.scan(parent, type, start);
		return null;
	}

	private enterWordPiece(parent: WordFrame, type: string, start: number, end: number): Frame | null {
		if (type === "command_substitution" || type === "process_substitution") {
			parent.spans.push({ start, end });
			return this.substitution(parent, type, start, end);
		}
		if (DYNAMIC_SPAN_NODES.has(type)) {
			if (type === "expansion" && plainVariableName(this.source.slice(start, end)) !== null) return null;
			parent.spans.push({ start, end });
			return this.index.hasSubstitution(start, end) ? this.scan(parent, type, start) : null;
		}
		if (
			(type === "string" || type === "concatenation" || type === "translated_string") &&
			this.index.hasDollar(start, end)
		) {
			return { ...parent, nodeType: type, start, deliver: null };
		}
		return null;
	}

	private enterRedirectChild(
		cursor: TreeCursor,
		parent: RedirectFrame,
		type: string,
		start: number,
		end: number,
	): Frame | null {
		if (type === "file_descriptor") {
			parent.operator = this.source.slice(start, end) + parent.operator;
			return null;
		}
		if (type === "heredoc_start") {
			const raw = this.source.slice(start, end);
			parent.quoted = /['"\\]/.test(raw);
			parent.target = { word: readShellWord(this.source, start, end, []), start, end };
			return null;
		}
		if (type === "heredoc_body") {
			// Quoted heredocs (`<<'EOF'`, `<<"EOF"`, `<<\EOF`) are data: nothing inside runs (PP-013).
			if (parent.quoted) return null;
			this.backquotesInHeredoc(parent, start, end);
			if (!this.index.hasSubstitution(start, end)) return null;
			this.checkHeredocCoverage(cursor, start, end);
			return this.scan(parent, type, start);
		}
		if (type === "heredoc_end" || type === "heredoc_content") return null;
		const destination = WORD_NODES.has(type);
		if (!destination) return this.enterGeneral(parent, type, start, end);
		if (parent.target === null) {
			return this.slot(parent, type, start, end, (ref) => {
				parent.target = ref;
			});
		}
		// `echo > f a` runs `echo a > f`: words after the target are arguments of the command.
		const owner = parent.owner;
		if (owner === null || owner.kind !== "simple") {
			this.misparse ??= "words follow a redirect that belongs to no simple command";
			return null;
		}
		return this.slot(parent, type, start, end, (ref) => owner.args.push(ref));
	}

	/** Backquoted program text in an interpolating heredoc body becomes nested-source drafts (`misparse-guards.ts`). */
	private backquotesInHeredoc(parent: Frame, start: number, end: number): void {
		const found = heredocBackquotes(this.source, start, end);
		for (const span of found.spans) this.draft(parent, "nested-source", span.start, span.end).nestedText = span.text;
		if (found.unmatched) this.misparse ??= "an unmatched backquote in a heredoc body";
	}

	/** Every `$(` of an interpolating body must sit in a span the tree reports (`misparse-guards.ts`). */
	private checkHeredocCoverage(cursor: TreeCursor, start: number, end: number): void {
		const covered: { start: number; end: number }[] = [];
		for (const child of cursor.currentNode.namedChildren) {
			if (child !== null && DYNAMIC_SPAN_NODES.has(child.type))
				covered.push({ start: child.startIndex, end: child.endIndex });
		}
		if (heredocHasUncoveredSubstitution(this.source, start, end, covered))
			this.misparse ??= "a substitution in a heredoc body that the grammar did not read";
	}

	/**
	 * SECURITY: a `cd` whose effect may not reach the next unit must not replace the directory (ADR 0005): list
	 * members before or right after `||` become `conditional`, right after `&&` `and_then` (it ran if the rest of
	 * the `&&` chain runs), and a statement sent to the background `background`.
	 */
	private controlToken(cursor: TreeCursor, parent: ScanFrame, type: string): void {
		if (type === "&") {
			if (!cursor.gotoPreviousSibling()) return;
			const from = cursor.startIndex;
			cursor.gotoNextSibling();
			labelDraftsSince(this.drafts, from, parent.nesting.length, "background");
			return;
		}
		if ((type !== "&&" && type !== "||") || parent.listDepth === undefined) return;
		if (type === "||") labelDraftsSince(this.drafts, parent.start, parent.listDepth, "conditional");
		if (parent.nesting.length > parent.listDepth) return;
		const nesting = this.nest(parent.nesting, type === "||" ? "conditional" : "and_then");
		if (nesting !== null) parent.nesting = nesting;
	}

	private token(parent: Frame, start: number, end: number): void {
		if (parent.kind === "redirect" && parent.target === null) parent.operator += this.source.slice(start, end);
		else if (parent.kind === "declaration" && parent.unit.name === null && parent.unit.kind === "declaration") {
			const text = this.source.slice(start, end);
			parent.unit.name = { word: { raw: text, parts: [{ kind: "literal", text, globActive: false }] }, start, end };
		}
	}

	/** A word in a slot: read it from text when plain, otherwise walk it to find its dynamic spans and nested units. */
	private slot(parent: Frame, type: string, start: number, end: number, deliver: Deliver): Frame | null {
		if (
			type === "command_substitution" ||
			type === "process_substitution" ||
			(DYNAMIC_SPAN_NODES.has(type) && type !== "expansion")
		) {
			const raw = this.source.slice(start, end);
			deliver({ word: { raw, parts: [{ kind: "dynamic", raw }] }, start, end, spans: [{ start, end }] });
			if (type === "command_substitution" || type === "process_substitution")
				return this.substitution(parent, type, start, end);
			return this.index.hasSubstitution(start, end) ? this.scan(parent, type, start) : null;
		}
		if (!this.index.hasDollar(start, end)) {
			deliver({ word: readShellWord(this.source, start, end, []), start, end, spans: [] });
			return null;
		}
		const spans: DynamicSpan[] = [];
		if (type === "expansion" && plainVariableName(this.source.slice(start, end)) === null) spans.push({ start, end });
		const frame = wordFrame(parent, type, start, end, spans, deliver);
		if (spans.length === 0) return frame;
		closeWord(frame, this.source);
		return this.index.hasSubstitution(start, end) ? this.scan(parent, type, start) : null;
	}

	private exit(frame: Frame, parent: Frame): void {
		switch (frame.kind) {
			case "word":
				closeWord(frame, this.source);
				return;
			case "assignment":
				frame.into.push({ name: frame.name, value: frame.value });
				return;
			case "redirect":
				closeRedirect(frame);
				return;
			case "command":
				this.checkCommand(frame.unit, parent);
				return;
			case "declaration":
			case "test":
			case "scan":
			case "redirected":
				return;
			default: {
				const unhandled: never = frame;
				throw new Error(`unhandled frame ${String(unhandled)}`);
			}
		}
	}

	private setName(unit: UnitDraft, ref: WordRef): void {
		unit.name = ref;
	}

	/** Drafts a plain simple command from its text, as its `command` frame would from its children. */
	private plainCommand(parent: Frame, start: number, end: number): boolean {
		const words = plainCommandWords(this.source, start, end);
		if (words === null) return false;
		const unit = this.draft(parent, "simple", start, end);
		for (const range of words) {
			const ref = {
				word: readShellWord(this.source, range.start, range.end, []),
				start: range.start,
				end: range.end,
				spans: [],
			};
			if (unit.name === null) unit.name = ref;
			else unit.args.push(ref);
		}
		this.checkCommand(unit, parent);
		return true;
	}

	/**
	 * Drafts a plain `list` or `pipeline` from its text, as its frames would from its children. Only the outermost
	 * one of a statement is tried, and failed scans are capped, so the text scanning stays linear in the source.
	 */
	private plainStatement(parent: Frame, start: number, end: number): boolean {
		if (!this.options.plainCommands || parent.nodeType === "list" || parent.nodeType === "pipeline") return false;
		// INVARIANT: `a | b > f | c > g …` nests pipelines that share a start; failed scans stop at twice the source.
		if (this.plainMisses > 2 * this.source.length) return false;
		const statement = plainStatement(this.source, start, end);
		if (statement === null) {
			this.plainMisses += end - start;
			return false;
		}
		const first = this.drafts.length;
		for (const words of statement.commands) {
			const head = words[0] as WordRange;
			const unit = this.draft(parent, "simple", head.start, (words[words.length - 1] as WordRange).end);
			for (const range of words) {
				const ref = this.plainRef(range.start, range.end);
				if (unit.name === null) unit.name = ref;
				else unit.args.push(ref);
			}
		}
		const drafted = this.drafts.slice(first);
		labelPlainControl(drafted, statement.separators, parent.nesting.length);
		for (const unit of drafted) {
			if (!this.budget.enterNesting(unit.nesting.length)) this.overBudget = true;
		}
		return true;
	}

	/** A plain word (`plainWordEnd`): no dynamic span, so it reads from its text alone. */
	private plainRef(start: number, end: number): WordRef {
		return { word: readShellWord(this.source, start, end, []), start, end, spans: [] };
	}

	private checkCommand(unit: UnitDraft, parent: Frame): void {
		const misparse = commandMisparse(this.source, unit, parent, this.repairs);
		if (misparse !== null) this.misparse ??= misparse;
	}

	private draft(parent: Frame, kind: DraftKind, start: number, end: number): UnitDraft {
		const unit = newDraft(kind, start, end, parent.context, parent.nesting, this.base.markers);
		this.drafts.push(unit);
		return unit;
	}

	private unitFrame(
		parent: Frame,
		frameKind: UnitFrame["kind"],
		kind: DraftKind,
		type: string,
		start: number,
		end: number,
	) {
		return unitFrame(parent, frameKind, type, start, this.draft(parent, kind, start, end));
	}

	private compound(parent: Frame, type: string, label: CompoundLabel, start: number, end: number): Frame | null {
		const prefix = this.base.prefixes.get(start);
		const outer = prefix === undefined ? parent.nesting : this.nest(parent.nesting, prefix);
		const outerContext = prefix === "coproc" ? "subshell" : parent.context;
		if (outer === null) return null;
		const unit = newDraft("compound", start, end, outerContext, outer, this.base.markers);
		this.drafts.push(unit);
		const inner = this.nest(outer, innerCompoundLabel(label, this.source, start));
		if (inner === null) return null;
		const context = type === "subshell" ? "subshell" : outerContext;
		return scanFrame(parent, type, start, context, inner, unit);
	}

	private substitution(
		parent: Frame,
		type: "command_substitution" | "process_substitution",
		start: number,
		end: number,
	): Frame | null {
		// SECURITY: inside backquotes `\`` and `\$` unescape into live syntax the tree does not show (evasion EV-bq-*).
		if (this.source[start] === "`" && /\\[`$\\]/.test(this.source.slice(start + 1, end - 1))) {
			this.misparse ??= "escaped quoting inside backquotes";
			return null;
		}
		const nesting = this.nest(parent.nesting, type);
		if (nesting === null) return null;
		return scanFrame(parent, type, start, type, nesting);
	}

	private redirect(parent: Frame, type: string, start: number, end: number): Frame {
		return redirectFrame(parent, type, start, end, parent.owner ?? this.draft(parent, "redirect-only", start, end));
	}

	private assignment(parent: Frame, start: number, into: Assignment[]): Frame {
		return assignmentFrame(parent, start, into);
	}

	private scan(parent: Frame, type: string, start: number): Frame {
		return scanFrame(parent, type, start);
	}

	private nest(nesting: readonly NestingLabel[], label: NestingLabel): readonly NestingLabel[] | null {
		if (!this.budget.enterNesting(nesting.length + 1)) {
			this.overBudget = true;
			return null;
		}
		return Object.freeze([...nesting, label]);
	}
}
