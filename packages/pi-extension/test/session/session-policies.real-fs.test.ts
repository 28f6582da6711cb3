import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import { ConfigLoader, createNodeConfigFileSystem } from "@pi-permissions/engine";
import { describe, expect, it } from "vitest";
import type { PermissionSessionDeps, SessionFacts } from "../../src/session/session-facts";
import { SessionPolicies } from "../../src/session/session-policies";
import { realEdges } from "../support/extension-state-fixture";
import { type Workspace, workspace } from "../support/pi-session-harness";

function deps(space: Workspace, loader?: ConfigLoader): PermissionSessionDeps {
	return {
		host: { flavor: "posix", home: space.home, env: {}, pid: process.pid, launchCwd: space.cwd },
		agentDir: space.agentDir,
		loader: loader ?? new ConfigLoader({ fileSystem: createNodeConfigFileSystem(), flavor: "posix" }),
		sink: { emit: () => undefined },
		edges: realEdges(),
	};
}

function facts(space: Workspace, agentName: string | null = null): SessionFacts {
	return {
		sessionId: "s-policies",
		cwd: space.cwd,
		sessionDir: null,
		hasUI: false,
		isProjectTrusted: () => true,
		ui: {} as ExtensionUIContext,
		agentName,
	};
}

function agentSpace(): Workspace {
	const space = workspace({}, { permission: { "*": "allow" } });
	mkdirSync(join(space.agentDir, "agents"), { recursive: true });
	writeFileSync(join(space.agentDir, "agents", "locked.md"), "---\npermission:\n  edit: deny\n---\n");
	writeFileSync(join(space.agentDir, "agents", "reader.md"), "---\npermission:\n  read: deny\n---\n");
	return space;
}

const editState = (policies: SessionPolicies, agent: string | null) =>
	policies.policyFor(agent).decision.evaluate("edit", "*").state;

describe("SessionPolicies", () => {
	it("opens under the agent the session entries name, and resolves `null` to the session's own policy", async () => {
		const space = agentSpace();
		const policies = await SessionPolicies.open(deps(space), facts(space, "locked"));
		expect([policies.activeAgent, policies.current.agentName]).toEqual(["locked", "locked"]);
		expect([editState(policies, "locked"), editState(policies, null)]).toEqual(["deny", "deny"]);
	});

	it("is the one provider: the active agent's policy and another agent's, loaded on first use", async () => {
		const space = agentSpace();
		const policies = await SessionPolicies.open(deps(space), facts(space));
		expect(editState(policies, null)).toBe("allow");
		// Another agent's policy (a child's forwarded ask) is pending until it loads, never another agent's in its place.
		expect(() => policies.policyFor("locked")).toThrow(/still loading/u);
		await policies.prepare("locked");
		expect(editState(policies, "locked")).toBe("deny");
		expect(policies.activeAgent).toBeNull();
	});

	it("switches the active agent, and keeps it active while its policy fails to load, so its calls block", async () => {
		const space = agentSpace();
		const real = new ConfigLoader({ fileSystem: createNodeConfigFileSystem(), flavor: "posix" });
		let broken = false;
		const loader = {
			load: (request) => (broken ? Promise.reject(new Error("disk gone")) : real.load(request)),
		} as ConfigLoader;
		const policies = await SessionPolicies.open(deps(space, loader), facts(space));
		expect(await policies.useAgent("locked")).toBe(true);
		expect([policies.activeAgent, editState(policies, "locked")]).toEqual(["locked", "deny"]);
		expect(await policies.useAgent("locked")).toBe(false);
		broken = true;
		await expect(policies.useAgent("reader")).rejects.toThrow("disk gone");
		// The agent the signal named is active; the policy in force is not its, so `ensureActive` keeps rejecting.
		expect([policies.activeAgent, policies.current.agentName]).toEqual(["reader", "locked"]);
		await expect(policies.ensureActive()).rejects.toThrow("disk gone");
		broken = false;
		expect(await policies.ensureActive()).toBe(true);
		expect(policies.policyFor("reader").decision.evaluate("read", "*").state).toBe("deny");
	});

	it("reloads the active agent's config and recomposes under the session's yolo toggle", async () => {
		const space = workspace({}, { permission: { "*": "allow", bash: "ask" } });
		const policies = await SessionPolicies.open(deps(space), facts(space));
		policies.useSessionYolo(true);
		expect([policies.current.policy.yolo, policies.launcherYolo]).toEqual([true, false]);
		writeFileSync(
			join(space.agentDir, "extensions", "pi-permissions", "config.json"),
			JSON.stringify({ permission: { "*": "allow", bash: "deny" } }),
		);
		await policies.reload();
		expect([policies.current.policy.yolo, policies.policyFor(null).decision.evaluate("bash", "ls").state]).toEqual([
			true,
			"deny",
		]);
	});
});
