/**
 * Owns: the files a program's option table names (`options/programs/`, ADR 0052): the files and directories it reads
 * or is pointed at (`grep -f F`, `tar -C D`, `npm --userconfig F`) and the files it writes (`curl --trace F`).
 * Never: resolves paths; data that names a file with `@` (`curl -d @F`) is read by the program's own row.
 */
import type { OptionGrammar } from "../../options/option-grammar";
import { type ArgTexts, type OptionScan, scanOptions } from "../../options/option-scanner";
import { programTable } from "../../options/programs/program-option-table";
import type { NamedOption, ProgramOptions, ProgramTable } from "../../options/programs/program-options";
import { fromValue, type WriteSelection } from "./write-selection";

/** What a named option's value names as a file: read, written, or nothing this slice follows. */
type FileUse = "read" | "write" | null;

function fileUse(row: NamedOption): FileUse {
	switch (row.names) {
		case "reads":
		case "directory":
		case "config":
		case "script":
			return row.atFile ? null : "read";
		case "writes":
			return "write";
		case "command":
		case "program":
		case "code":
		case "module":
		case "setting":
			return null;
		default: {
			const unhandled: never = row.names;
			throw new Error(`unhandled named option ${String(unhandled)}`);
		}
	}
}

interface NamedValue {
	readonly row: NamedOption;
	readonly scan: OptionScan;
	readonly option: OptionScan["options"][number];
	/** Word indices of the scanned texts are offset by this into the command's arguments. */
	readonly offset: number;
}

/** Each table's grammar with computed words read as operands, made once per table (not per unit). */
const OPERAND_GRAMMARS = new WeakMap<ProgramOptions, OptionGrammar>();

function operandGrammar(options: ProgramOptions): OptionGrammar {
	let grammar = OPERAND_GRAMMARS.get(options);
	if (grammar === undefined) {
		// A computed word is read as an operand here: what it may hold is the runs stage's question.
		grammar = { ...options.grammar, reading: { ...options.grammar.reading, computed: "operand" } };
		OPERAND_GRAMMARS.set(options, grammar);
	}
	return grammar;
}

/** True when a literal word may be an option (`-x`, `--x`, or `+x` where a grammar reads plus options). */
function mayHoldOption(args: ArgTexts): boolean {
	for (let index = 0; index < args.length; index++) {
		const code = args[index]?.charCodeAt(0);
		if (code === 45 /* - */ || code === 43 /* + */) return true;
	}
	return false;
}

const BUNDLED = new WeakMap<ProgramTable, boolean>();

/** True when some level of `table` reads a first word without a dash as options (`tar xzf`): asked once per table. */
function readsBundledWords(table: ProgramTable): boolean {
	let known = BUNDLED.get(table);
	if (known === undefined) {
		const levels = [table.global, ...(table.subcommands?.values() ?? [])];
		known = levels.some((options) => options.grammar.reading.bundledFirstWord);
		BUNDLED.set(table, known);
	}
	return known;
}

/** Every named option given, in the program's global options and its sub-command's. */
function namedValues(commandName: string | null, args: ArgTexts): NamedValue[] {
	const table = commandName === null ? null : programTable(commandName);
	if (table === null) return [];
	// Computed words are operands here, so words without a leading `-` or `+` name no option at any level (unless a
	// level reads a first word of bundled letters, `tar xf F`).
	if (!mayHoldOption(args) && !readsBundledWords(table)) return [];
	const out: NamedValue[] = [];
	const collect = (options: ProgramOptions, texts: ArgTexts, offset: number): OptionScan => {
		const scan = scanOptions(texts, operandGrammar(options));
		for (const option of scan.options) {
			const row = option.known ? options.byName.get(option.name) : undefined;
			if (row !== undefined && option.value !== null) out.push({ row, scan, option, offset });
		}
		return scan;
	};
	const global = collect(table.global, args, 0);
	const at = global.operands[0] ?? (global.rest < args.length ? global.rest : undefined);
	const sub = at === undefined ? undefined : table.subcommands?.get(args[at] ?? "");
	if (sub !== undefined && at !== undefined) collect(sub, args.slice(at + 1), at + 1);
	return out;
}

/** The files `commandName args` reads or is pointed at through its named options (literal values only). */
export function namedReads(commandName: string | null, args: ArgTexts): string[] {
	const out: string[] = [];
	for (const { row, option, offset } of namedValues(commandName, args)) {
		if (fileUse(row) !== "read" || option.value === null) continue;
		const value = option.value.kind === "word" ? args[option.value.index + offset] : option.value.text;
		if (value !== null && value !== undefined && value !== "" && value !== "-") out.push(value);
	}
	return out;
}

/** The files `commandName args` writes through its named options (`via` names the option). */
export function namedWrites(commandName: string | null, args: ArgTexts): WriteSelection[] {
	const out: WriteSelection[] = [];
	for (const { row, option, offset } of namedValues(commandName, args)) {
		if (fileUse(row) !== "write" || option.value === null) continue;
		const value =
			option.value.kind === "word" ? { kind: "word" as const, index: option.value.index + offset } : option.value;
		if (value.kind === "text" && value.text === "") continue;
		out.push(fromValue(value, "write", `${commandName} ${row.name}`));
	}
	return out;
}

const WRITERS = new Map<string, boolean>();

/** True when some table row of `commandName` names a file it writes (asked once per name). */
export function writesNamedFiles(commandName: string): boolean {
	let known = WRITERS.get(commandName);
	if (known === undefined) {
		const table = programTable(commandName);
		const writes = (options: ProgramOptions) => options.named.some((row) => row.names === "writes");
		known = table !== null && (writes(table.global) || [...(table.subcommands?.values() ?? [])].some(writes));
		WRITERS.set(commandName, known);
	}
	return known;
}
