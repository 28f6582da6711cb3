import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { ConfigLoader, createNodeConfigFileSystem } from "@pi-permissions/engine";
import { describe, expect, it } from "vitest";
import { ExtensionState } from "../../src/extension-state";
import { onSessionShutdown } from "../../src/handlers/on-session-shutdown";
import { onSessionStart } from "../../src/handlers/on-session-start";
import { getPermissionsService } from "../../src/service/service-registry";
import { realEdges } from "../support/extension-state-fixture";
import { type Workspace, workspace } from "../support/pi-session-harness";

/** One extension instance (as Pi creates per session) whose registries live on the shared `host`. */
function instance(space: Workspace, host: object): ExtensionState {
	return new ExtensionState({
		host: { flavor: "posix", home: space.home, env: {}, pid: process.pid, launchCwd: space.cwd },
		agentDir: space.agentDir,
		loader: new ConfigLoader({ fileSystem: createNodeConfigFileSystem(), flavor: "posix" }),
		sink: { emit: () => undefined },
		edges: realEdges(host),
	});
}

function context(cwd: string, sessionId: string): ExtensionContext {
	const ctx = {
		cwd,
		hasUI: false,
		ui: {},
		isProjectTrusted: () => true,
		sessionManager: { getSessionId: () => sessionId, getSessionFile: () => undefined, getSessionDir: () => cwd },
	};
	// Only the facts the session reads are present; the rest of Pi's context is not used by the handlers.
	return ctx as unknown as ExtensionContext;
}

const events = { emit: () => undefined, on: () => () => undefined };

async function start(state: ExtensionState, cwd: string, sessionId: string): Promise<void> {
	await onSessionStart(state, events)({ type: "session_start", reason: "startup" }, context(cwd, sessionId));
}

describe("two permission sessions in one process", () => {
	it("publish separate services, each answering from its own policy", async () => {
		const host = {};
		const parentSpace = workspace({}, { permission: { "*": "allow", read: "deny" } });
		const childSpace = workspace({}, { permission: { "*": "allow", read: "allow" } });
		const parent = instance(parentSpace, host);
		const child = instance(childSpace, host);
		await start(parent, parentSpace.cwd, "parent");
		await start(child, childSpace.cwd, "child");

		const parentService = getPermissionsService("parent", host);
		const childService = getPermissionsService("child", host);
		expect(parentService?.sessionId).toBe("parent");
		expect(childService?.sessionId).toBe("child");
		expect(parentService?.getToolPermission("read")).toBe("deny");
		expect(childService?.getToolPermission("read")).toBe("allow");
		expect(getPermissionsService(undefined, host)).toBe(parentService);

		// A registration in the child is invisible to the parent.
		childService?.registerToolInputFormatter("stash", () => "child preview");
		expect(() => parentService?.registerToolInputFormatter("stash", () => "parent preview")).not.toThrow();
		await onSessionShutdown(parent)();
		await onSessionShutdown(child)();
	});

	it("a child's shutdown leaves the parent's service published, and the parent's own shutdown removes it", async () => {
		const host = {};
		const space = workspace({}, { permission: { "*": "allow" } });
		const parent = instance(space, host);
		const child = instance(space, host);
		await start(parent, space.cwd, "parent");
		await start(child, space.cwd, "child");
		await onSessionShutdown(child)();
		expect(getPermissionsService("child", host)).toBeUndefined();
		expect(getPermissionsService("parent", host)?.sessionId).toBe("parent");
		await onSessionShutdown(parent)();
		await onSessionShutdown(parent)();
		expect(getPermissionsService("parent", host)).toBeUndefined();
	});

	it("a reload republishes under the same id, and the old session's late shutdown does not remove the new service", async () => {
		const host = {};
		const space = workspace({}, { permission: { "*": "allow" } });
		const state = instance(space, host);
		await start(state, space.cwd, "s-1");
		const before = getPermissionsService("s-1", host);
		const old = await state.sessionFor(context(space.cwd, "s-1"));
		await start(state, space.cwd, "s-1");
		const after = getPermissionsService("s-1", host);
		expect(after).toBeDefined();
		expect(after).not.toBe(before);
		await old.close();
		expect(getPermissionsService("s-1", host)).toBe(after);
		await onSessionShutdown(state)();
	});

	it("answers policy queries at gate parity, including path surfaces", async () => {
		const host = {};
		const space = workspace({}, { permission: { "*": "allow", path: { "*.env": "deny" } } });
		const state = instance(space, host);
		await start(state, space.cwd, "s-1");
		const result = getPermissionsService("s-1", host)?.checkPermission("path", ".env");
		expect(result?.state).toBe("deny");
		expect(result?.matchedPattern).toBe("*.env");
		await onSessionShutdown(state)();
	});
});
