import { describe, expect, it } from "vitest";
import { toolInputDestinations } from "../src/tool-input-url";
import { classifyTool } from "../src/tool-kind";

const kind = (toolName: string) => classifyTool(toolName, { shellTools: {} });
const hosts = (toolName: string, input: unknown) =>
	toolInputDestinations(kind(toolName), input).map((entry) =>
		entry.kind === "host" ? `${entry.host}:${entry.port}` : "?",
	);

describe("toolInputDestinations", () => {
	it.each([
		["web_fetch", { url: "https://Docs.Example.org/x" }, ["docs.example.org:443"]],
		["web_fetch", { url: "example.org/x" }, ["example.org:443"]],
		["mcp", { tool: "fetch", arguments: { url: "http://evil.example:8080/" } }, ["evil.example:8080"]],
		["mcp__web__fetch", { url: "https://api.github.com/" }, ["api.github.com:443"]],
		["web_fetch", { url: "https://{a,b}.example/" }, ["?"]],
		["web_fetch", { url: "file:///etc/passwd" }, []],
		["web_fetch", { query: "x" }, []],
		["read", { url: "https://x.example/" }, []],
		["bash", { command: "curl https://x.example/", url: "https://y.example/" }, []],
	])("%s %j names %j", (tool, input, expected) => {
		expect(hosts(tool, input)).toEqual(expected);
	});
});
