import { POSIX_FLAVOR } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { composeAgentPolicy, loadAgentPolicy } from "../../src/config/agent-policy";
import { ConfigLoader, type ConfigLoadRequest } from "../../src/config/config-loader";
import { MemoryFileSystem } from "../support/memory-file-system";

const GLOBAL = "/agent/extensions/pi-permissions/config.json";
const AGENT = "/agent/agents/locked.md";
const env = { home: "/h", flavor: POSIX_FLAVOR };
const request = (agentName: string | null): ConfigLoadRequest => ({
	cwd: "/p",
	agentDir: "/agent",
	agentName,
	isProjectTrusted: () => true,
});

function loader(): ConfigLoader {
	const fs = new MemoryFileSystem()
		.file(GLOBAL, '{"permission": {"*": "allow", "bash": {"*": "ask"}}}')
		.file(AGENT, "---\npermission:\n  edit: deny\n---\n");
	return new ConfigLoader({ fileSystem: fs, flavor: "posix" });
}

describe("loadAgentPolicy", () => {
	it("composes the main session's policy from the files, and an agent's with its frontmatter over them", async () => {
		const main = await loadAgentPolicy(loader(), request(null), { env });
		const locked = await loadAgentPolicy(loader(), request("locked"), { env });
		expect([main.agentName, main.policy.decision.evaluate("edit", "*").state]).toEqual([null, "allow"]);
		expect([locked.agentName, locked.policy.decision.evaluate("edit", "*").state]).toEqual(["locked", "deny"]);
		expect(locked.config.scopes.map((scope) => [scope.scope, scope.status])).toEqual([
			["global", "valid"],
			["project", "absent"],
			["agent", "valid"],
			["project-agent", "absent"],
		]);
	});

	it("takes the caller's yolo override as given; `null` and absent leave it to the config", async () => {
		const loaded = await loadAgentPolicy(loader(), request(null), { env, yolo: true });
		expect([loaded.policy.yolo, loaded.policy.decision.evaluate("bash", "ls").state]).toEqual([true, "allow"]);
		for (const composition of [{ env, yolo: null }, { env }]) {
			const left = composeAgentPolicy(loaded.config, null, composition);
			expect([left.policy.yolo, left.policy.decision.evaluate("bash", "ls").state]).toEqual([false, "ask"]);
		}
	});
});
