import { MCP_DISCOVERY_TARGETS } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { mcpNativeTargets, mcpProxyTargets, mcpResourceTargets, splitNativeName } from "../../src/mcp/mcp-targets";
import { classifyTool } from "../../src/tool-kind";
import { mcpTargets } from "../support/mcp-targets";
import { MCP_TARGETS_CASES } from "./mcp-targets.cases";

describe("mcpProxyTargets (corpus mcp.targets)", () => {
	it.each(MCP_TARGETS_CASES)("$id $input -> $orderedTargets", ({ input, configuredServers, orderedTargets }) => {
		expect(mcpProxyTargets(input, configuredServers)).toEqual(orderedTargets);
	});
});

describe("mcpProxyTargets", () => {
	it("does not attribute a bare tool to a server when several are configured", () => {
		expect(mcpProxyTargets({ tool: "search" }, ["exa", "ref"])).toEqual(["search", "mcp_call"]);
	});

	it("keeps both readings of an explicit server with a differently prefixed tool", () => {
		expect(mcpProxyTargets({ server: "ref", tool: "exa:search" }, [])).toEqual([
			"ref_exa:search",
			"ref:exa:search",
			"ref",
			"exa:search",
			"exa_search",
			"exa",
			"search",
			"mcp_call",
		]);
	});

	it("reads a `server:tool` whose server matches the explicit server once", () => {
		expect(mcpProxyTargets({ server: "exa", tool: "exa:search" }, [])).toEqual([
			"exa_search",
			"exa:search",
			"exa",
			"search",
			"mcp_call",
		]);
	});

	it.each([[{ tool: 42 }], [{ tool: "" }], [{ tool: ["exa:search"] }]])(
		"names only the call for a non-text tool %j",
		(input) => {
			expect(mcpProxyTargets(input, [])).toEqual(["mcp_call"]);
		},
	);

	it.each([["a string"], [42], [["tool"]]])("treats a non-object input %j as status", (input) => {
		expect(mcpProxyTargets(input, [])).toEqual(["mcp_status"]);
	});

	it("ignores inherited properties", () => {
		const input = Object.create({ tool: "exa:search" }) as object;
		expect(mcpProxyTargets(input, [])).toEqual(["mcp_status"]);
	});
});

describe("mcpNativeTargets", () => {
	it("gives the proxy's four names, then the native name, then the call", () => {
		expect(mcpNativeTargets("mcp__exa__search", [])).toEqual([
			"exa_search",
			"exa:search",
			"mcp__exa__search",
			"exa",
			"search",
			"mcp_call",
		]);
	});

	it("prefers the longest configured server whose spelling prefixes the name", () => {
		expect(splitNativeName("mcp__dev_radius__search_docs", ["dev", "dev-radius"])).toEqual({
			server: "dev-radius",
			tool: "search_docs",
		});
		expect(splitNativeName("mcp__my_server__x", [])).toEqual({ server: "my_server", tool: "x" });
	});

	it("names only itself and the call when the name does not split", () => {
		expect(mcpNativeTargets("mcp__broken", [])).toEqual(["mcp__broken", "mcp_call"]);
		expect(mcpNativeTargets("mcp__exa__", [])).toEqual(["mcp__exa__", "mcp_call"]);
	});
});

describe("mcpResourceTargets", () => {
	it("names the resource tool and the server it reads from", () => {
		expect(mcpResourceTargets("read_mcp_resource", { server: "exa", uri: "x://y" })).toEqual([
			"read_mcp_resource",
			"mcp_server_exa",
			"exa",
		]);
		expect(mcpResourceTargets("list_mcp_resources", null)).toEqual(["list_mcp_resources"]);
	});
});

describe("discovery targets", () => {
	it("names only the policy baseline's discovery operations as the last candidate of a discovery call", () => {
		const discovery = [{}, { server: "exa" }, { search: "q" }, { describe: "exa:search" }, { connect: "exa" }];
		const last = discovery.map((input) => mcpProxyTargets(input, []).at(-1));
		expect(last).toEqual([...MCP_DISCOVERY_TARGETS]);
	});
});

describe("mcpTargets", () => {
	it.each([
		["mcp", { tool: "exa:search" }, ["exa_search", "exa:search", "exa", "search", "mcp_call"]],
		["mcp__exa__search", { query: "x" }, ["exa_search", "exa:search", "mcp__exa__search", "exa", "search", "mcp_call"]],
		["read_mcp_resource", { server: "exa" }, ["read_mcp_resource", "mcp_server_exa", "exa"]],
	])("dispatches %s on its classified form", (toolName, input, expected) => {
		const kind = classifyTool(toolName, { shellTools: {} });
		if (kind.kind !== "mcp") throw new Error(`${toolName} is not classified as MCP`);
		expect(mcpTargets(kind, input, [])).toEqual(expected);
	});
});
