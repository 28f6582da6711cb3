import { describe, expect, it } from "vitest";
import { mcpServerNames, namesIn } from "../../src/session/mcp-server-names";

// ADR 0036 (Pi 1.6 `docs/mcp.md`, "Configure servers"; ADR 0036): the server names Pi is configured with.
describe("mcpServerNames", () => {
	const files: Record<string, string> = {
		"/a/mcp.json": JSON.stringify({ mcpServers: { "exa-web": { url: "https://x" }, docs: { command: "x" } } }),
		"/p/.pi/mcp.json": JSON.stringify({ mcpServers: { internal_tools: { enabled: false } } }),
	};
	const read = (path: string) => files[path] ?? null;

	it("reads the user file, the project file in a trusted project, and the extensions' registrations", () => {
		const sources = { agentDir: "/a", cwd: "/p", isProjectTrusted: () => true, registered: () => ["jira"] };
		expect(mcpServerNames(sources, read)).toEqual(["docs", "exa-web", "internal_tools", "jira"]);
	});

	it("skips the project file until the project is trusted, and survives a throwing registry", () => {
		const registered = () => {
			throw new Error("not bound");
		};
		expect(mcpServerNames({ agentDir: "/a", cwd: "/p", isProjectTrusted: () => false, registered }, read)).toEqual([
			"docs",
			"exa-web",
		]);
	});

	it.each([
		["not JSON", "{"],
		["no mcpServers", "{}"],
		["mcpServers not an object", '{"mcpServers": ["a"]}'],
		["a name Pi rejects", '{"mcpServers": {"a b": {}, "ok": {}}}'],
	])("takes no name it cannot trust from %s", (_case, text) => {
		expect(namesIn(text).filter((name) => name !== "ok")).toEqual([]);
	});
});
