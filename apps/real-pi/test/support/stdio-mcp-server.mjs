// Owns: a minimal MCP server over stdio (newline-delimited JSON-RPC) for the real-Pi suites: one tool, `search`, whose
// call appends its query to the file named by `MCP_CALLS_FILE`, so a test can tell whether Pi really ran it.
// Never: ships, or speaks anything but initialize, tools/list, tools/call and ping.
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";

const calls = process.env.MCP_CALLS_FILE;
const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);

createInterface({ input: process.stdin }).on("line", (line) => {
	let request;
	try {
		request = JSON.parse(line);
	} catch {
		return;
	}
	if (request.id === undefined) return;
	switch (request.method) {
		case "initialize":
			send({
				id: request.id,
				result: {
					protocolVersion: request.params?.protocolVersion ?? "2025-06-18",
					capabilities: { tools: {} },
					serverInfo: { name: "test-mcp", version: "1.0.0" },
				},
			});
			return;
		case "tools/list":
			send({
				id: request.id,
				result: {
					tools: [
						{
							name: "search",
							description: "Searches the web.",
							inputSchema: { type: "object", properties: { query: { type: "string" } } },
						},
					],
				},
			});
			return;
		case "tools/call":
			if (calls !== undefined) appendFileSync(calls, `${request.params?.arguments?.query ?? ""}\n`);
			send({ id: request.id, result: { content: [{ type: "text", text: "found it" }] } });
			return;
		case "ping":
			send({ id: request.id, result: {} });
			return;
		default:
			send({ id: request.id, error: { code: -32601, message: `no method ${request.method}` } });
	}
});
