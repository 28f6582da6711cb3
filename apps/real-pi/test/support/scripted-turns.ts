/**
 * Owns: the scripted conversation format shared by the tests and the scripted-provider extension: one entry per model
 * turn (a tool call, a text reply, or a text reply reporting the tool results the model just received).
 * Never: imports Pi; the extension side reads the JSON file, the test side writes it.
 */
import { writeFileSync } from "node:fs";

/** The environment variable naming the JSON file of `ScriptedTurn`s the scripted provider plays. */
export const SCRIPT_ENV = "REAL_PI_SCRIPT";

/** The provider and model names the scripted provider registers (`--provider`, `--model`). */
export const SCRIPTED_PROVIDER = "faux";
export const SCRIPTED_MODEL = "faux-1";

/** The prefix of a `report` turn's text; the rest of the line is the JSON of `ReportedToolResult[]`. */
export const REPORT_PREFIX = "TOOL-RESULTS ";

/** A JSON value (the scripts are JSON files). */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

export type ScriptedTurn =
	/** The model calls one tool. */
	| { readonly kind: "tool"; readonly tool: string; readonly arguments: { readonly [key: string]: JsonValue } }
	/** The model replies with text and stops. */
	| { readonly kind: "text"; readonly text: string }
	/** The model replies with `REPORT_PREFIX` + the tool results it received since its last turn, and stops. */
	| { readonly kind: "report" };

/** What the model saw of one tool result, as a `report` turn prints it. */
export interface ReportedToolResult {
	readonly toolName: string;
	readonly isError: boolean;
	readonly text: string;
}

export function bashTurn(command: string): ScriptedTurn {
	return { kind: "tool", tool: "bash", arguments: { command } };
}

export function writeScript(file: string, turns: readonly ScriptedTurn[]): void {
	writeFileSync(file, JSON.stringify(turns));
}

/** The reported tool results in a text (a print-mode stdout, a final message), or `null` when it has no report line. */
export function parseReport(text: string): ReportedToolResult[] | null {
	const line = text.split("\n").find((row) => row.startsWith(REPORT_PREFIX));
	return line === undefined ? null : (JSON.parse(line.slice(REPORT_PREFIX.length)) as ReportedToolResult[]);
}
