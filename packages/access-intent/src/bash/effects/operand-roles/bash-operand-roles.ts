/**
 * Owns: which words of a command are file operands: option values, the pattern or program that pattern-first
 * commands (`grep`, `rg`, `sed`, `awk`, `jq`, …) take before their files (PP-236..239, PP-243, PP-246), commands whose
 * computed operands are text, never files (`echo $HOME`, `printf %s "$(git log)"`), or always files (`history -r F`).
 * Never: resolves or probes words, or holds the option data: it assigns roles from `operand-role-table.ts`, where a
 * new command goes.
 */
import type { OperandRole } from "./operand-role";
import { type CommandSpec, SPECS, type ValueRole } from "./operand-role-table";
import { testOperandRoles } from "./test-operand-roles";

/** The two roles most words get, shared: a role is read-only, so one frozen value serves every word. */
const SKIP: OperandRole = Object.freeze({ kind: "skip" });
const OPERAND: OperandRole = Object.freeze({ kind: "operand", attached: null });
const NO_VALUES: readonly ValueRole[] = Object.freeze([]);

/**
 * Roles for the argument words of `commandName`; `texts[i]` is the literal text of word i, or `null` when it is not a
 * literal word (it is then an operand: an unknown option name cannot be recognised, so nothing is skipped for it).
 */
export function operandRoles(commandName: string | null, texts: readonly (string | null)[]): OperandRole[] {
	if (commandName === "test" || commandName === "[") return testOperandRoles(texts);
	if (commandName === "[[") return testOperandRoles(texts, false);
	const commandSpec = (commandName !== null ? SPECS.get(commandName) : undefined) ?? null;
	const roles: OperandRole[] = [];
	let optionsEnded = false;
	let patternGiven = false;
	let pending: ValueRole[] = [];
	for (const text of texts) {
		if (pending.length > 0) {
			const role = pending.shift() as ValueRole;
			roles.push(valueRole(role, null));
			continue;
		}
		if (text === null || optionsEnded || !text.startsWith("-") || text === "-") {
			if (commandSpec?.patternFirst && !patternGiven) {
				// SECURITY: only the single pattern operand is skipped; every later operand is judged as a file.
				patternGiven = true;
				roles.push(SKIP);
			} else roles.push(operandRole(commandSpec, text));
			continue;
		}
		if (text === "--") {
			optionsEnded = true;
			roles.push(SKIP);
			continue;
		}
		const option = parseOption(text, commandSpec);
		if (option.roles.length > 0 && option.roles.some((role) => role !== "other")) patternGiven = true;
		const [first, ...rest] = option.roles;
		if (option.attached !== null) {
			// An unknown `--opt=value` keeps its value as an operand: it may name a file (`--config=/etc/x`).
			const unknownValue: OperandRole =
				commandSpec?.operands === "text" ? SKIP : { kind: "operand", attached: option.attached };
			roles.push(first === undefined ? unknownValue : valueRole(first, option.attached));
			pending = rest;
		} else {
			roles.push(SKIP);
			pending = option.roles.length === 0 ? [] : [...option.roles];
		}
	}
	return roles;
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
		case "pattern":
		case "other":
			return SKIP;
		default: {
			const unhandled: never = role;
			throw new Error(`unhandled value role ${String(unhandled)}`);
		}
	}
}

/** An option word: its value roles and an attached value (`--file=x`, `-fx`, or any unknown `--opt=x`). */
function parseOption(
	text: string,
	commandSpec: CommandSpec | null,
): { roles: readonly ValueRole[]; attached: string | null } {
	const eq = text.indexOf("=");
	if (text.startsWith("--")) {
		const name = eq < 0 ? text : text.slice(0, eq);
		const roles = commandSpec?.values.get(name) ?? NO_VALUES;
		return { roles, attached: eq < 0 ? null : text.slice(eq + 1) };
	}
	// Without an option table no letter takes a value.
	if (commandSpec === null) return { roles: NO_VALUES, attached: null };
	if (commandSpec.wholeWordOptions === true)
		return { roles: commandSpec.values.get(text) ?? NO_VALUES, attached: null };
	// A short cluster: the first letter that takes a value owns the rest of the word, or the next word.
	for (let i = 1; i < text.length; i++) {
		const roles = commandSpec?.values.get(`-${text[i]}`);
		if (!roles) continue;
		const rest = text.slice(i + 1);
		return { roles, attached: rest === "" ? null : rest };
	}
	return { roles: NO_VALUES, attached: null };
}
