/**
 * Owns: turning the `<input>` argument of `check` and `explain` into a tool input: the command text for `bash` and
 * configured shell aliases, a JSON object for every other tool.
 * Never: validates a tool's own input shape; the engine decides (and fails closed on) whatever it is given.
 */
import type { ComposedPolicy, Result } from "@pi-permissions/policy";
import { err, ok } from "@pi-permissions/policy";

/** The tool input for `tool`, or a one-line reason the argument is unusable. */
export function toolInputOf(tool: string, text: string, policy: ComposedPolicy): Result<unknown, string> {
	if (tool === "bash") return ok({ command: text });
	const alias = policy.shellTools.get(tool);
	if (alias !== undefined) return ok({ [alias.commandArgument]: text });
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch (error) {
		const detail = error instanceof Error ? error.message : String(error);
		return err(`the input of \`${tool}\` is not JSON (${detail}); pass a JSON object such as '{"path":"a.txt"}'`);
	}
	if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
		return err(`the input of \`${tool}\` must be a JSON object, such as '{"path":"a.txt"}'`);
	}
	return ok(parsed);
}
