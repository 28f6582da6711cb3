import { describe, expect, it } from "vitest";
import { configLocations, isSafeAgentName, resolveAgentDir } from "../../src/config/config-locations";

describe("resolveAgentDir", () => {
	it.each([
		{ env: {}, expected: "/home/u/.pi/agent", why: "unset: the default under home" },
		{ env: { PI_CODING_AGENT_DIR: "" }, expected: "/home/u/.pi/agent", why: "empty counts as unset" },
		{ env: { PI_CODING_AGENT_DIR: "  " }, expected: "/home/u/.pi/agent", why: "blank counts as unset" },
		{ env: { PI_CODING_AGENT_DIR: "/opt/pi" }, expected: "/opt/pi", why: "absolute path as given" },
		{ env: { PI_CODING_AGENT_DIR: "~" }, expected: "/home/u", why: "bare tilde is home" },
		{ env: { PI_CODING_AGENT_DIR: "~/pi-agent" }, expected: "/home/u/pi-agent", why: "leading tilde expands" },
		{ env: { PI_CODING_AGENT_DIR: "state/pi" }, expected: "/projects/app/state/pi", why: "relative to cwd" },
		{ env: { PI_CODING_AGENT_DIR: "/opt/pi/../pi2/" }, expected: "/opt/pi2", why: "normalised" },
		{ env: { HOME: "/elsewhere" }, expected: "/home/u/.pi/agent", why: "home comes from the argument, not env" },
	])("resolves $why", ({ env, expected }) => {
		expect(resolveAgentDir({ env, home: "/home/u", cwd: "/projects/app", flavor: "posix" })).toBe(expected);
	});

	it.each([
		{ configured: undefined, expected: "C:\\Users\\u\\.pi\\agent" },
		{ configured: "~\\pi", expected: "C:\\Users\\u\\pi" },
		{ configured: "D:\\pi", expected: "D:\\pi" },
	])("joins win32 paths with backslashes ($configured)", ({ configured, expected }) => {
		const env = configured === undefined ? {} : { PI_CODING_AGENT_DIR: configured };
		expect(resolveAgentDir({ env, home: "C:\\Users\\u", cwd: "C:\\work", flavor: "win32" })).toBe(expected);
	});
});

describe("configLocations", () => {
	it("names the four scope files in precedence order", () => {
		const locations = configLocations({
			cwd: "/projects/app",
			agentDir: "/home/u/.pi/agent",
			agentName: "reviewer",
			flavor: "posix",
		});
		expect(Object.entries(locations)).toEqual([
			["global", "/home/u/.pi/agent/extensions/pi-permissions/config.json"],
			["project", "/projects/app/.pi/extensions/pi-permissions/config.json"],
			["agent", "/home/u/.pi/agent/agents/reviewer.md"],
			["project-agent", "/projects/app/.pi/agents/reviewer.md"],
		]);
	});

	it("has no agent files without an active agent", () => {
		const locations = configLocations({ cwd: "/p", agentDir: "/a", agentName: null, flavor: "posix" });
		expect(locations.agent).toBeNull();
		expect(locations["project-agent"]).toBeNull();
	});
});

describe("isSafeAgentName", () => {
	it.each(["reviewer", "code-review_v2.1", "Ünïcode", "a b", ".hidden", "x".repeat(200)])("accepts %j", (name) => {
		expect(isSafeAgentName(name)).toBe(true);
	});

	it.each(["", ".", "..", "../x", "a/b", "a\\b", "c:x", "tab\there", "nul\u0000", "del\u007f", "x".repeat(201)])(
		"rejects %j",
		(name) => {
			expect(isSafeAgentName(name)).toBe(false);
		},
	);
});
