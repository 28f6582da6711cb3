import type { PermissionState } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { exposedTools } from "../src/tool-exposure";

const STATES: Readonly<Record<string, PermissionState>> = { bash: "ask", read: "allow", write: "deny" };

describe("exposedTools", () => {
	it("keeps every active tool not denied outright, in Pi's order", () => {
		expect(exposedTools(["write", "read", "bash"], (tool) => STATES[tool] ?? "ask")).toEqual(["read", "bash"]);
	});

	it("never adds a tool that was not active", () => {
		expect(exposedTools(["bash"], () => "allow")).toEqual(["bash"]);
	});

	it("hides a tool whose permission cannot be read", () => {
		const permission = (tool: string): PermissionState => {
			if (tool === "read") throw new Error("broken policy");
			return "allow";
		};
		expect(exposedTools(["read", "bash"], permission)).toEqual(["bash"]);
	});
});
