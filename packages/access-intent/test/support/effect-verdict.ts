/**
 * Owns: the verdict an effect-table row test asserts for one command: what its first unit is (`opaque`, an
 * `indirection` with the units it runs, or `plain`), or the setting that makes it unknown (`relocating`, `unknown`),
 * read from a real parse.
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
	| { readonly plain: true }
	/** A setting moves where the program reads configuration, state or code (ADR 0051): the analysis is incomplete. */
	| { readonly relocating: string }
	/** A setting no table knows to be inert reaches the program (ADR 0051): its effects are unknown. */
	| { readonly unknown: string };

export const OPAQUE: EffectVerdict = { opaque: true };
export const PLAIN: EffectVerdict = { plain: true };
export const runs = (...units: string[]): EffectVerdict => ({ runs: units });
/** The unit is given `name`, which relocates what its program reads. */
export const relocating = (name: string): EffectVerdict => ({ relocating: name });
/** The unit is given `name`, which no table knows to be harmless. */
export const unknownSetting = (name: string): EffectVerdict => ({ unknown: name });

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
		expect(unit.unknownSetting, command).toBeUndefined();
		return;
	}
	if ("relocating" in verdict || "unknown" in verdict) {
		const [kind, name] = "relocating" in verdict ? ["relocating", verdict.relocating] : ["unknown", verdict.unknown];
		const setting = program.units.find((candidate) => candidate.unknownSetting !== undefined)?.unknownSetting;
		expect(setting, command).toMatchObject({ kind, name });
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
