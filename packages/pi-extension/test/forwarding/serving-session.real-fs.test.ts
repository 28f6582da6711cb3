import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import type { AuthorityEventName } from "@pi-permissions/authority";
import { ConfigLoader, createNodeConfigFileSystem } from "@pi-permissions/engine";
import { describe, expect, it } from "vitest";
import { PermissionSession, type PermissionSessionDeps, type SessionFacts } from "../../src/permission-session";
import { parserLoader, realEdges } from "../support/extension-state-fixture";
import { type Workspace, workspace } from "../support/pi-session-harness";

function deps(space: Workspace, events: AuthorityEventName[]): PermissionSessionDeps {
	return {
		host: { flavor: "posix", home: space.home, env: {}, pid: process.pid, launchCwd: space.cwd },
		agentDir: space.agentDir,
		loader: new ConfigLoader({ fileSystem: createNodeConfigFileSystem(), flavor: "posix" }),
		sink: { emit: () => undefined },
		authorityLog: { event: (name) => events.push(name) },
		edges: realEdges(),
	};
}

function facts(space: Workspace, sessionId: string, hasUI: boolean): SessionFacts {
	return {
		sessionId,
		cwd: space.cwd,
		sessionDir: null,
		hasUI,
		mode: "rpc",
		isProjectTrusted: () => true,
		ui: {} as ExtensionUIContext,
	};
}

describe("PermissionSession serving", () => {
	it("serves forwarded asks from start to close in a root session with UI, logging to the given authority log", async () => {
		const space = workspace({});
		const events: AuthorityEventName[] = [];
		const session = await PermissionSession.open(deps(space, events), facts(space, "root-1", true), parserLoader());
		expect(session.subagents.serves).toBe(true);
		await session.subagents.startServing();
		await session.close();
		expect(events).toEqual(["forwarded_permission.serving_started", "forwarded_permission.serving_stopped"]);
	});

	it("never serves in a session without UI", async () => {
		const space = workspace({});
		const events: AuthorityEventName[] = [];
		const session = await PermissionSession.open(
			deps(space, events),
			facts(space, "headless-1", false),
			parserLoader(),
		);
		expect(session.subagents.serves).toBe(false);
		await session.subagents.startServing();
		await session.close();
		expect(events).toEqual([]);
	});
});
