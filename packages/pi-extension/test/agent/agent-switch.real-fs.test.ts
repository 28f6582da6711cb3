import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import { ConfigLoader, createNodeConfigFileSystem } from "@pi-permissions/engine";
import { describe, expect, it } from "vitest";
import { PermissionSession, type PermissionSessionDeps, type SessionFacts } from "../../src/permission-session";
import { parserLoader, realEdges } from "../support/extension-state-fixture";
import { type Workspace, workspace } from "../support/pi-session-harness";

function deps(space: Workspace): PermissionSessionDeps {
	return {
		host: { flavor: "posix", home: space.home, env: {}, pid: process.pid, launchCwd: space.cwd },
		agentDir: space.agentDir,
		loader: new ConfigLoader({ fileSystem: createNodeConfigFileSystem(), flavor: "posix" }),
		sink: { emit: () => undefined },
		edges: realEdges(),
	};
}

function facts(space: Workspace, agentName: string | null): SessionFacts {
	const ui = {} as ExtensionUIContext;
	return {
		sessionId: "s-agent",
		cwd: space.cwd,
		sessionDir: null,
		hasUI: false,
		isProjectTrusted: () => true,
		ui,
		agentName,
	};
}

function lockedAgentSpace(): Workspace {
	const space = workspace({}, { permission: { "*": "allow" } });
	mkdirSync(join(space.agentDir, "agents"), { recursive: true });
	writeFileSync(join(space.agentDir, "agents", "locked.md"), "---\npermission:\n  edit: deny\n---\n");
	return space;
}

describe("PermissionSession.useAgent", () => {
	it("switches to the agent's frontmatter policy and back to the main policy", async () => {
		const space = lockedAgentSpace();
		const session = await PermissionSession.open(deps(space), facts(space, null), parserLoader());
		expect([session.policies.agentName, session.policies.toolPermission("edit")]).toEqual([null, "allow"]);
		await session.policies.useAgent("locked");
		expect([session.policies.agentName, session.policies.toolPermission("edit")]).toEqual(["locked", "deny"]);
		await session.policies.useAgent(null);
		expect([session.policies.agentName, session.policies.toolPermission("edit")]).toEqual([null, "allow"]);
		await session.close();
	});
});

describe("PermissionSession.open", () => {
	it("opens under the agent the session entries name", async () => {
		const space = lockedAgentSpace();
		const session = await PermissionSession.open(deps(space), facts(space, "locked"), parserLoader());
		expect([session.policies.agentName, session.policies.toolPermission("edit")]).toEqual(["locked", "deny"]);
		await session.close();
	});
});
