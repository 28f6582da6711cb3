/**
 * Owns: the questions users ask of an `OptionScan`: was an option given, what values it was given, and a value's
 * literal text.
 * Never: reads words again; a name is matched as the grammar spells it (canonical), never as a spelling variant.
 */
import type { ArgTexts, OptionScan, OptionValue } from "./option-scanner";

/** True when any of `names` (canonical: `-r`, `--recursive`) was given. */
export function hasOption(scan: OptionScan, ...names: readonly string[]): boolean {
	for (const option of scan.options) if (names.includes(option.name)) return true;
	return false;
}

/** The values given to any of `names`, in order. */
export function optionValues(scan: OptionScan, ...names: readonly string[]): OptionValue[] {
	const values: OptionValue[] = [];
	for (const option of scan.options)
		if (option.value !== null && names.includes(option.name)) values.push(option.value);
	return values;
}

/** The literal text of a value: the attached text, or the word's text (`null` when that word is computed). */
export function valueText(value: OptionValue, texts: ArgTexts): string | null {
	return value.kind === "text" ? value.text : (texts[value.index] ?? null);
}
