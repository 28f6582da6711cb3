/**
 * Owns: what a network program's row is given (the unit's literal words, its directory, the file reader, the variables
 * set for it) and returns (the destinations found, what the unit says it sends), with the helpers every row shares:
 * an option's values, a host reading turned into a finding.
 * Never: knows a program; the rows in `network-program-table.ts` do.
 */
import type { ArgTexts, OptionScan, ScannedOption } from "../../options/option-scanner";
import type { DestinationSource, HostReading } from "./network-destination";

export interface NetworkReadContext {
	/** The command name (`curl`, `pip3`). */
	readonly program: string;
	/** The literal text of each argument word; `null` for a word the command computes. */
	readonly texts: ArgTexts;
	/** The directory the unit runs in, `null` when the command moves it in a way the text does not tell. */
	readonly directory: string | null;
	readonly home: string;
	/** The text of a small configuration file, `null` when it cannot be read (through the probe: ADR 0058). */
	readText(absolutePath: string): string | null;
	/** The value the command gives `name` for this unit: `undefined` when it sets none, `null` when computed. */
	environment(name: string): string | null | undefined;
}

export type Finding =
	| {
			readonly kind: "host";
			readonly host: string;
			readonly port: number | null;
			readonly source: DestinationSource;
			readonly via: string | null;
	  }
	| { readonly kind: "unresolved"; readonly reason: string };

export interface UnitReading {
	readonly found: readonly Finding[];
	readonly sends: readonly string[];
}

export const NOTHING: UnitReading = { found: [], sends: [] };

/** A host reading as a finding: `local` (a `file:` URL) is none. */
export function finding(
	reading: HostReading,
	source: DestinationSource = "command",
	via: string | null = null,
): Finding | null {
	switch (reading.kind) {
		case "host":
			return { kind: "host", host: reading.host, port: reading.port, source, via };
		case "local":
			return null;
		case "unreadable":
			return { kind: "unresolved", reason: reading.reason };
		default: {
			const unhandled: never = reading;
			throw new Error(`unhandled host reading ${String(unhandled)}`);
		}
	}
}

export function unresolved(reason: string): Finding {
	return { kind: "unresolved", reason };
}

/** The findings that are not `null`. */
export function present(findings: readonly (Finding | null)[]): Finding[] {
	return findings.filter((entry): entry is Finding => entry !== null);
}

/** An option's value as text: `null` when computed, `undefined` when it has none. */
export function optionText(option: ScannedOption, texts: ArgTexts): string | null | undefined {
	const value = option.value;
	if (value === null) return undefined;
	return value.kind === "text" ? value.text : (texts[value.index] ?? null);
}

/** The options of `scan` named by any of `names` (canonical names or spellings as written). */
export function optionsNamed(scan: OptionScan, names: readonly string[]): readonly ScannedOption[] {
	return scan.options.filter((entry) => names.includes(entry.name) || names.includes(entry.written));
}

/** Why the options of a unit could not be read, as a finding; `null` when every word was read. */
export function uncertainOptions(scan: OptionScan, program: string): Finding | null {
	return scan.uncertain === null ? null : unresolved(`the options of \`${program}\` could not all be read`);
}

/** What a data value sends, given the file it names (`null` for data given inline). */
export function sentFile(file: string | null): string {
	if (file === null) return "data given inline";
	return file === "-" ? "its standard input" : `the file ${file}`;
}
