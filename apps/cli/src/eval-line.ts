/**
 * Owns: reading one `eval` input line into a call `{ id, tool, input, agent? }`, or the error line's id and message.
 * Never: decides; a line that is not a well-formed call never reaches the engine.
 */
import type { Result } from "@pi-permissions/policy";
import { err, ok } from "@pi-permissions/policy";

export interface EvalCall {
	readonly id: string;
	readonly tool: string;
	readonly input: Readonly<Record<string, unknown>>;
	/** `null`: the `--agent` option, else the main session. */
	readonly agent: string | null;
}

export interface EvalLineError {
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
