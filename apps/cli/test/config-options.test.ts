import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { initTarget, loadRequest, resolvePolicySetup } from "../src/config-options";
import { ConfigTree } from "./support/cli-harness";

describe("resolvePolicySetup", () => {
	let tree: ConfigTree;
	beforeEach(() => {
		tree = new ConfigTree();
	});
	afterEach(() => tree.remove());
	const host = (env: Record<string, string> = {}) => ({
		...tree.host().host,
		env,
		cwd: "/work/start",
		home: "/home/u",
	});

	it("defaults the agent dir to ~/.pi/agent and the project to the start directory", () => {
		const setup = resolvePolicySetup(host(), {});
		expect(setup).toMatchObject({
			cwd: "/work/start",
			agentDir: "/home/u/.pi/agent",
			defaultAgent: null,
			yolo: undefined,
		});
		expect(initTarget(setup, "global")).toBe("/home/u/.pi/agent/extensions/pi-permissions/config.json");
		expect(initTarget(setup, "project")).toBe("/work/start/.pi/extensions/pi-permissions/config.json");
	});

	it("resolves a relative PI_CODING_AGENT_DIR from the start directory, not from --cwd", () => {
		const setup = resolvePolicySetup(host({ PI_CODING_AGENT_DIR: "agent" }), { cwd: "../other" });
		expect(setup.agentDir).toBe("/work/start/agent");
		expect(setup.cwd).toBe("/work/other");
	});

	it("resolves explicit files from the start directory and trusts the project", () => {
		const setup = resolvePolicySetup(host(), { global: "g.json", project: "/abs/p.json", agent: "ops", yolo: true });
		expect(setup.files).toEqual({ global: "/work/start/g.json", project: "/abs/p.json" });
		const request = loadRequest(setup, "ops");
		expect(request).toMatchObject({ agentName: "ops", files: setup.files });
		expect(request.isProjectTrusted()).toBe(true);
		expect(setup.yolo).toBe(true);
	});
});
