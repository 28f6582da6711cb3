/**
 * Owns: the verdict an effect-table row test asserts for one command: what its first unit is (`opaque`, an
 * `indirection` with the units it runs, or `plain`) read from a real parse.
 * Never: evaluates policy; the engine's tests and the red-team table judge actions.
 */
import { expect } from "vitest";
import { parseProgram } from "./bash-fixture";

export type EffectVerdict =
	/** The unit runs code that cannot be read (an opaque payload, or an indirection whose command is unknown): it asks. */
	| { readonly opaque: true }
	/** The unit runs these commands (as parsed units), each judged like any command. */
	| { readonly runs: readonly string[] }
	/** The unit runs nothing of its own: judged exactly as before the tables existed. */
	| { readonly plain: true };

export const OPAQUE: EffectVerdict = { opaque: true };
export const PLAIN: EffectVerdict = { plain: true };
export const runs = (...units: string[]): EffectVerdict => ({ runs: units });

/** Parses `command` and asserts that its first unit has `verdict`. */
export function expectEffect(command: string, verdict: EffectVerdict): void {
	const program = parseProgram(command);
	// The shell-state guard (ADR 0025) may ask about the same command first (`BASH_FUNC_…`, `PS4`): it keeps the
	// units and asks, which is what an opaque verdict requires.
	if ("opaque" in verdict && program.unparseable !== null && program.units.length > 0) return;
	expect(program.unparseable, command).toBeNull();
	const [unit, ...rest] = program.units;
	if (unit === undefined) throw new Error(`no unit for ${command}`);
	if ("plain" in verdict) {
		expect(unit.wrapperKind, command).toBeNull();
		return;
	}
	if ("opaque" in verdict) {
		expect(unit.wrapperKind, command).not.toBeNull();
		expect(unit.executedUnit, command).toBeNull();
		return;
	}
	// A shell (`bash -c`) is an opaque payload whose text is parsed; every other runner is an indirection.
	expect(unit.wrapperKind, command).not.toBeNull();
	const executed = rest
		.filter((inner) => inner.nesting.includes("payload") || inner.nesting.includes("wrapper"))
		.map((inner) => inner.text);
	expect(executed, command).toEqual(expect.arrayContaining([...verdict.runs]));
}
