/**
 * Owns: the `before_agent_start` handler: hand the session Pi's loaded skills (for the skill-read gate), keep active
 * only the tools not denied outright, hide denied skills from the prompt, narrow a forced prompt byte-stably, and warm
 * the bash parser.
 * Never: activates a tool Pi left inactive, forces a prompt when nothing was removed, or fails the agent start; a
 * failure here leaves `tool_call` to block.
 */
import type {
	BeforeAgentStartEvent,
	BeforeAgentStartEventResult,
	ExtensionAPI,
	ExtensionContext,
} from "@earendil-works/pi-coding-agent";
import type { PermissionState } from "@pi-permissions/policy";
import type { ExtensionState } from "../extension-state";
import type { PermissionSession } from "../permission-session";
import { withoutDeniedSkills, withoutDeniedTools } from "../prompt/narrow-system-prompt";
import { exposedTools } from "../tool-exposure";

export function onBeforeAgentStart(pi: ExtensionAPI, state: ExtensionState) {
	return async (
		event: BeforeAgentStartEvent,
		ctx: ExtensionContext,
	): Promise<BeforeAgentStartEventResult | undefined> => {
		let session: PermissionSession;
		try {
			session = await state.sessionFor(ctx);
		} catch {
			// The tool_call boundary blocks every call of a session that could not open.
			return undefined;
		}
		const result = narrow(pi, session, event);
		try {
			await state.warm(session);
		} catch {
			// A cold session makes tool_call block; the narrowing above stands.
		}
		return result;
	};
}

/** Restricts the tools and skills Pi offers, and narrows a forced prompt. Never throws. */
function narrow(
	pi: ExtensionAPI,
	session: PermissionSession,
	event: BeforeAgentStartEvent,
): BeforeAgentStartEventResult | undefined {
	try {
		const options = event.systemPromptOptions;
		session.useActiveSkills(options.skills.map((skill) => ({ name: skill.name, directory: skill.baseDir })));
		const toolDenied = deniedBy((toolName) => session.toolPermission(toolName));
		const skillDenied = deniedBy((skillName) => session.skillPermission(skillName));
		// Pi rebuilds its own prompt sections from the active tools and the (mutable) skill list.
		const active = pi.getActiveTools();
		const exposed = exposedTools(active, (toolName) => session.toolPermission(toolName));
		if (exposed.length !== active.length) pi.setActiveTools(exposed);
		const visible = options.skills.filter((skill) => !skillDenied(skill.name));
		if (visible.length !== options.skills.length) options.skills.splice(0, options.skills.length, ...visible);
		// A forced prompt is opaque to Pi: narrow its text, and return it only when a byte changed.
		if (options.forceSystemPrompt === undefined) return undefined;
		const prompt = event.systemPrompt;
		const narrowed = withoutDeniedSkills(withoutDeniedTools(prompt, toolDenied), skillDenied);
		return narrowed === prompt ? undefined : { systemPrompt: narrowed };
	} catch {
		// Whatever was not narrowed is still refused by the tool_call and input gates.
		return undefined;
	}
}

/** `true` for a name denied outright; a name whose state cannot be read counts as denied (fail closed). */
function deniedBy(permission: (name: string) => PermissionState): (name: string) => boolean {
	return (name) => {
		try {
			return permission(name) === "deny";
		} catch {
			return true;
		}
	};
}
