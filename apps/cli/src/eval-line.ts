/**
 * Owns: reading one `eval` input line into a call `{ id, tool, input, agent? }`, or the error line's id and message.
 * Never: decides; a line that is not a well-formed call never reaches the engine.
 */
import type { Result } from "@pi-permissions/policy";
import { err, ok } from "@pi-permissions/policy";

interface EvalCall {
	readonly id: string;
	readonly tool: string;
	readonly input: Readonly<Record<string, unknown>>;
	/** `null`: the `--agent` option, else the main session. */
	readonly agent: string | null;
}

interface EvalLineError {
	/** The line's id when it had a string one, else `null`. */
	readonly id: string | null;
	readonly error: string;
}

/**
 * Any name a tool could have: no whitespace or control characters, bounded. The CLI has no tool registry (extension
 * tools are real tools), so any such name is decided by policy; anything else cannot name a tool.
 */
const TOOL_NAME = /^[^\s\p{Cc}]{1,200}$/u;

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function readEvalLine(line: string): Result<EvalCall, EvalLineError> {
	let parsed: unknown;
	try {
		parsed = JSON.parse(line);
	} catch (error) {
		return err({ id: null, error: `not JSON: ${error instanceof Error ? error.message : String(error)}` });
	}
	if (!isObject(parsed)) return err({ id: null, error: "a call must be a JSON object" });
	const id = typeof parsed.id === "string" ? parsed.id : null;
	const fail = (error: string) => err({ id, error });
	if (!Object.hasOwn(parsed, "id")) return fail("missing `id` (a string)");
	if (id === null) return fail("`id` must be a string");
	if (!Object.hasOwn(parsed, "tool")) return fail("missing `tool` (a tool name)");
	const tool = parsed.tool;
	if (typeof tool !== "string") return fail("`tool` must be a string");
	if (!TOOL_NAME.test(tool)) return fail(`unknown tool: ${JSON.stringify(tool.slice(0, 60))} cannot name a tool`);
	if (!Object.hasOwn(parsed, "input")) return fail("missing `input` (a JSON object)");
	const input = parsed.input;
	if (!isObject(input)) return fail("`input` must be a JSON object");
	const agent = parsed.agent;
	if (agent !== undefined && agent !== null && typeof agent !== "string") return fail("`agent` must be a string");
	return ok({ id, tool, input, agent: typeof agent === "string" ? agent : null });
}

/**
 * The top-level `id` of a line known only by its first characters (a line too long to read whole), or `null` when
 * the prefix does not show a complete string `id` before it ends. Keys before `id` are skipped, nested values are
 * never mistaken for the call's own `id`.
 */
export function idOfLinePrefix(prefix: string): string | null {
	const scan = { text: prefix, at: 0 };
	skipBlank(scan);
	if (prefix[scan.at] !== "{") return null;
	scan.at++;
	for (;;) {
		skipBlank(scan);
		const key = stringToken(scan);
		if (key === null) return null;
		skipBlank(scan);
		if (prefix[scan.at] !== ":") return null;
		scan.at++;
		skipBlank(scan);
		if (key === "id") return stringToken(scan);
		if (!skipValue(scan)) return null;
		skipBlank(scan);
		if (prefix[scan.at] !== ",") return null;
		scan.at++;
	}
}

interface Scan {
	readonly text: string;
	at: number;
}

function skipBlank(scan: Scan): void {
	while (scan.at < scan.text.length && " \t\r\n".includes(scan.text[scan.at] as string)) scan.at++;
}

/** A complete JSON string at the cursor, decoded, the cursor after it; `null` when none or cut off. */
function stringToken(scan: Scan): string | null {
	const { text } = scan;
	if (text[scan.at] !== '"') return null;
	for (let i = scan.at + 1; i < text.length; i++) {
		const char = text[i];
		if (char === "\\") {
			i++;
			continue;
		}
		if (char !== '"') continue;
		try {
			const value: unknown = JSON.parse(text.slice(scan.at, i + 1));
			scan.at = i + 1;
			return typeof value === "string" ? value : null;
		} catch {
			return null;
		}
	}
	return null;
}

/** Moves past one JSON value (string, object, array, number, literal); false when the text ends inside it. */
function skipValue(scan: Scan): boolean {
	const { text } = scan;
	if (text[scan.at] === '"') return stringToken(scan) !== null;
	let depth = 0;
	while (scan.at < text.length) {
		const char = text[scan.at] as string;
		if (char === '"') {
			if (stringToken(scan) === null) return false;
			continue;
		}
		if (char === "{" || char === "[") depth++;
		else if (char === "}" || char === "]") {
			if (depth === 0) return true;
			depth--;
			if (depth === 0) {
				scan.at++;
				return true;
			}
		} else if (depth === 0 && (char === "," || " \t\r\n".includes(char))) return true;
		scan.at++;
	}
	return false;
}
