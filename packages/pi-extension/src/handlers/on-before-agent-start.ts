/**
 * Owns: the `before_agent_start` handler: end the grants given "for this turn", switch the session to the signalled active agent's policy, hand the session
 * Pi's loaded skills (for the skill-read gate), keep active only the tools not denied outright (restoring the ones it
 * hid once a reload lifts their deny), hand it the configured MCP server names, hide denied skills from the prompt, narrow a forced prompt byte-stably, warm
 * the bash parser and prepare the session's runner (one discarded decision) for the first call.
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
import { toolExposure } from "../tool-exposure";

export function onBeforeAgentStart(pi: ExtensionAPI, state: ExtensionState) {
	// The tools this extension removed from each session's active set, so a lifted deny can bring them back.
	const hiddenTools = new WeakMap<PermissionSession, readonly string[]>();
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
		// A new prompt is a new turn: grants given "for this turn" end before anything of this turn is decided.
		session.grants.beginTurn();
		try {
			// The config check: a file changed since (a grant another session persisted, a hand edit) applies now.
			await session.policies.refreshIfChanged();
		} catch {
			// The policy in force stays; tool_call decides with it.
		}
		try {
			// ADR 0061: a persisted grant that ended since is recorded as expired (it already decides nothing).
			await session.grants.persisted();
		} catch {
			// A file that cannot be read now is read again at the next turn.
		}
		try {
			await state.useSignalledAgent(session, ctx, event.systemPrompt);
		} catch {
			// tool_call loads the agent again and blocks while it cannot; the narrowing below uses the policy in force.
		}
		// Read at every agent start, so a server added with `pi mcp add` and `/reload` (or registered by an extension)
		// splits its tool names from the next call on.
		session.gate.refreshMcpServers(() => pi.getMcpServers().map((server) => server.name));
		const result = narrow(pi, session, event, hiddenTools);
		try {
			await session.gate.warm();
			// The first call then finds its runner built and the decision path run once.
			await session.gate.prepare(pi.getAllTools().map((tool) => tool.name));
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
	hiddenTools: WeakMap<PermissionSession, readonly string[]>,
): BeforeAgentStartEventResult | undefined {
	try {
		const options = event.systemPromptOptions;
		session.gate.useActiveSkills(options.skills.map((skill) => ({ name: skill.name, directory: skill.baseDir })));
		const toolDenied = deniedBy((toolName) => session.policies.toolPermission(toolName));
		const skillDenied = deniedBy((skillName) => session.policies.skillPermission(skillName));
		// Pi rebuilds its own prompt sections from the active tools and the (mutable) skill list.
		const active = pi.getActiveTools();
		const registered = new Set(pi.getAllTools().map((tool) => tool.name));
		const { exposed, hidden } = toolExposure(active, hiddenTools.get(session) ?? [], registered, (toolName) =>
			session.policies.toolPermission(toolName),
		);
		hiddenTools.set(session, hidden);
		if (!sameList(exposed, active)) pi.setActiveTools([...exposed]);
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

function sameList(a: readonly string[], b: readonly string[]): boolean {
	return a.length === b.length && a.every((item, index) => item === b[index]);
}
