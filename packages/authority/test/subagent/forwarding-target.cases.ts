/** Corpus rows `forwarding.target` (facts copied from the reference cases), plus our own rows. */
import type { ForwardingTarget } from "../../src/subagent/forwarding-target";

export interface TargetCase {
	readonly id: string;
	readonly hasUI: boolean;
	readonly sessionId: string | null;
	readonly registryParent: string | null;
	readonly env: Readonly<Record<string, string>>;
	readonly target: ForwardingTarget | null;
}

export const TARGET_CASES: readonly TargetCase[] = [
	{
		id: "PP-308",
		hasUI: false,
		sessionId: "child-1",
		registryParent: null,
		env: { PI_SUBAGENT_PARENT_SESSION: "parent-1" },
		target: { sessionId: "parent-1", source: "env" },
	},
	{
		id: "PP-309",
		hasUI: true,
		sessionId: "s1",
		registryParent: null,
		env: {},
		target: { sessionId: "s1", source: "self" },
	},
	{ id: "PP-310", hasUI: false, sessionId: "root", registryParent: null, env: {}, target: null },
	{
		id: "PP-311",
		hasUI: false,
		sessionId: "child-1",
		registryParent: null,
		env: { PI_AGENT_ROUTER_PARENT_SESSION_ID: "p-router", PI_SUBAGENT_PARENT_SESSION: "p-conv" },
		target: { sessionId: "p-router", source: "env" },
	},
	{
		id: "registry-first",
		hasUI: false,
		sessionId: "child-1",
		registryParent: "p-reg",
		env: { PI_SUBAGENT_PARENT_SESSION: "p-env" },
		target: { sessionId: "p-reg", source: "registry" },
	},
	{
		id: "unknown-env",
		hasUI: false,
		sessionId: "child-1",
		registryParent: null,
		env: { PI_AGENT_ROUTER_PARENT_SESSION_ID: "UNKNOWN", PI_SUBAGENT_PARENT_SESSION: "p-conv" },
		target: { sessionId: "p-conv", source: "env" },
	},
	{
		id: "blank-env",
		hasUI: false,
		sessionId: "child-1",
		registryParent: null,
		env: { PI_SUBAGENT_PARENT_SESSION: "   " },
		target: null,
	},
	{
		id: "self-env",
		hasUI: false,
		sessionId: "child-1",
		registryParent: null,
		env: { PI_SUBAGENT_PARENT_SESSION: "child-1" },
		target: null,
	},
];
