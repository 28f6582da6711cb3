/**
 * Owns: the example tool call a lint finding shows (a call that reaches a value on a surface) and the
 * `pi-permissions explain` command line that runs it.
 * Never: decides the call; the reader runs the line to see the decision.
 */
import { CROSS_CUTTING_PATH_SURFACES, PATH_SURFACES } from "@pi-permissions/policy";

/** A tool call as `pi-permissions check` takes it: for shell tools `command` is the text argument. */
export interface ExampleCall {
	readonly tool: string;
	readonly input: Readonly<Record<string, unknown>>;
}

/** A call that reaches `value` on `surface`. */
export function exampleCall(surface: string, value: string, shell: ReadonlySet<string>): ExampleCall {
	if (shell.has(surface)) return { tool: surface, input: { command: value } };
	if (CROSS_CUTTING_PATH_SURFACES.has(surface)) return { tool: "read", input: { path: value } };
	if (PATH_SURFACES.has(surface)) return { tool: surface, input: { path: value } };
	if (surface === "webfetch") return { tool: "webfetch", input: { url: value } };
	if (surface === "*") return { tool: "any_tool", input: {} };
	return { tool: surface, input: {} };
}

/** The `pi-permissions explain …` command line of an example, quoted for a POSIX shell. */
export function exampleCommandLine(example: ExampleCall, shell: ReadonlySet<string>): string {
	const argument =
		shell.has(example.tool) && typeof example.input.command === "string"
			? example.input.command
			: JSON.stringify(example.input);
	return `pi-permissions explain ${example.tool} ${shellQuote(argument)}`;
}

function shellQuote(text: string): string {
	return `'${text.replaceAll("'", "'\\''")}'`;
}
