/**
 * Owns: the `input` handler: a `/skill:<name>` input is decided on the `skill` surface through the session's runner
 * (deny refuses it with a notice, ask shows the dialog, allow lets Pi expand it); any other input passes.
 * Never: lets a skill invocation it could not decide through (a throw refuses it).
 */
import type { ExtensionAPI, ExtensionContext, InputEvent, InputEventResult } from "@earendil-works/pi-coding-agent";
import type { ExtensionState } from "../extension-state";
import { skillCommand } from "../prompt/skill-command";

const CONTINUE: InputEventResult = { action: "continue" };
const HANDLED: InputEventResult = { action: "handled" };

export function onInput(pi: ExtensionAPI, state: ExtensionState) {
	return async (event: InputEvent, ctx: ExtensionContext): Promise<InputEventResult> => {
		const invocation = skillCommand(event.text);
		if (invocation === null) return CONTINUE;
		try {
			const session = await state.sessionFor(ctx);
			await session.gate.warm();
			const verdict = await session.gate.runSkillInput(
				invocation,
				pi.getAllTools().map((tool) => tool.name),
			);
			if (verdict.kind === "allow") return CONTINUE;
			notify(ctx, verdict.reason);
			return HANDLED;
		} catch {
			// SECURITY: fail closed: a skill invocation the permission system could not decide is not expanded.
			notify(ctx, `pi-permissions could not decide /skill:${invocation.skillName}; it was not run.`);
			return HANDLED;
		}
	};
}

function notify(ctx: ExtensionContext, message: string): void {
	if (ctx.hasUI) ctx.ui.notify(message, "warning");
}
