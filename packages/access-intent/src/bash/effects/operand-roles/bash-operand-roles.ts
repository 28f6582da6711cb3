/**
 * Owns: which words of a command are file operands: option values, the pattern or program that pattern-first
 * commands (`grep`, `rg`, `sed`, `awk`, `jq`, …) take before their files (PP-236..239, PP-243, PP-246), commands whose
 * computed operands are text, never files (`echo $HOME`, `printf %s "$(git log)"`), or always files (`history -r F`).
 * Never: resolves or probes words, or holds the option data: it assigns roles from `operand-role-table.ts`, where a
 * new command goes.
 */
import { optionGrammar } from "../../options/option-grammar";
import { type ScannedOption, scanOptions } from "../../options/option-scanner";
import type { OperandRole } from "./operand-role";
import { type CommandSpec, OPERAND_ROLE_READING, SPECS, type ValueRole } from "./operand-role-table";
import { testOperandRoles } from "./test-operand-roles";

/** The two roles most words get, shared: a role is read-only, so one frozen value serves every word. */
const SKIP: OperandRole = Object.freeze({ kind: "skip" });
const OPERAND: OperandRole = Object.freeze({ kind: "operand", attached: null });
const NO_VALUES: readonly ValueRole[] = Object.freeze([]);

/** Commands without a spec: no option takes a value, an unknown `--opt=value` keeps its value. */
const NO_SPEC = optionGrammar(OPERAND_ROLE_READING);

/**
 * Roles for the argument words of `commandName`; `texts[i]` is the literal text of word i, or `null` when it is not a
 * literal word (it is then an operand: an unknown option name cannot be recognised, so nothing is skipped for it).
 */
export function operandRoles(commandName: string | null, texts: readonly (string | null)[]): OperandRole[] {
	if (commandName === "test" || commandName === "[") return testOperandRoles(texts);
	if (commandName === "[[") return testOperandRoles(texts, false);
	const commandSpec = (commandName !== null ? SPECS.get(commandName) : undefined) ?? null;
	const roles: OperandRole[] = [];
	if (!mayHoldOption(texts)) {
		// No word can be an option: the scan would read every word as an operand.
		for (let index = 0; index < texts.length; index++)
			roles.push(
				index === 0 && firstIsNotAFile(commandSpec, texts[0] ?? null)
					? SKIP
					: operandRole(commandSpec, texts[index] ?? null),
			);
		return roles;
	}
	const scan = scanOptions(texts, commandSpec?.grammar ?? NO_SPEC);
	for (let index = 0; index < texts.length; index++) roles.push(SKIP);
	// The first option word whose value is a pattern or a file: a pattern-first command's pattern is given before
	// any operand that follows it.
	let patternOption = texts.length;
	const options = scan.options;
	for (let at = 0; at < options.length; at++) {
		const option = options[at] as ScannedOption;
		const values = (option.known ? commandSpec?.values.get(option.name) : undefined) ?? NO_VALUES;
		const value = option.value;
		const head = values[0];
		if (option.index < patternOption && namesPatternOrFile(values)) patternOption = option.index;
		if (value?.kind === "text") {
			// An unknown `--opt=value` keeps its value as an operand: it may name a file (`--config=/etc/x`).
			const unknownValue: OperandRole =
				commandSpec?.operands === "text" ? SKIP : { kind: "operand", attached: value.text };
			roles[option.index] = head === undefined ? unknownValue : valueRole(head, value.text);
		} else if (value?.kind === "word" && head !== undefined) roles[value.index] = valueRole(head, null);
		for (let more = 0; more < option.moreValues.length; more++) {
			const role = values[more + 1];
			if (role !== undefined) roles[option.moreValues[more] as number] = valueRole(role, null);
		}
	}
	const operands = scan.operands;
	for (let at = 0; at < operands.length; at++) {
		const index = operands[at] as number;
		// SECURITY: only the single pattern operand is skipped; every later operand is judged as a file.
		if (at === 0 && commandSpec?.patternFirst === true && patternOption > index) roles[index] = SKIP;
		else if (at === 0 && commandSpec?.subcommandFirst === true && isSubcommandName(texts[index] ?? null))
			roles[index] = SKIP;
		else roles[index] = operandRole(commandSpec, texts[index] ?? null);
	}
	return roles;
}

/** The first word when no option precedes it: a pattern-first command's pattern or a literal sub-command. */
function firstIsNotAFile(commandSpec: CommandSpec | null, text: string | null): boolean {
	if (commandSpec === null) return false;
	return commandSpec.patternFirst || (commandSpec.subcommandFirst === true && isSubcommandName(text));
}

/**
 * A word shaped as a sub-command's name. SECURITY: a glob (`git *`) expands to the files it matches, the first of
 * which becomes the sub-command and the rest its operands, so only a plain name is left unprobed.
 */
const SUBCOMMAND_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

function isSubcommandName(text: string | null): boolean {
	return text !== null && SUBCOMMAND_NAME.test(text);
}

/** True when some word may be an option: a literal of two or more characters that starts with a dash. */
function mayHoldOption(texts: readonly (string | null)[]): boolean {
	for (let index = 0; index < texts.length; index++) {
		const text = texts[index];
		if (text !== null && text !== undefined && text.length > 1 && text.charCodeAt(0) === 45) return true;
	}
	return false;
}

/** True when an option's values include a pattern or a file (a pattern-first command's pattern is then given). */
function namesPatternOrFile(values: readonly ValueRole[]): boolean {
	for (let index = 0; index < values.length; index++) if (values[index] !== "other") return true;
	return false;
}

const PATH: OperandRole = Object.freeze({ kind: "path", attached: null });

function operandRole(commandSpec: CommandSpec | null, text: string | null): OperandRole {
	const kind = commandSpec?.operands ?? "operand";
	switch (kind) {
		case "operand":
			return OPERAND;
		case "path":
			return PATH;
		case "text":
			// A computed word printed by `echo` is text whatever it expands to; `echo //` still names a path (PP-231).
			return text === null ? SKIP : OPERAND;
		default: {
			const unhandled: never = kind;
			throw new Error(`unhandled operand kind ${String(unhandled)}`);
		}
	}
}

function valueRole(role: ValueRole, attached: string | null): OperandRole {
	switch (role) {
		case "path":
			return { kind: "path", attached };
		case "operand":
			return attached === null ? OPERAND : { kind: "operand", attached };
		case "pattern":
		case "other":
			return SKIP;
		default: {
			const unhandled: never = role;
			throw new Error(`unhandled value role ${String(unhandled)}`);
		}
	}
}
