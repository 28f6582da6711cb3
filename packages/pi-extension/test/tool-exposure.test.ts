import type { PermissionState } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { toolExposure } from "../src/tool-exposure";

const STATES: Readonly<Record<string, PermissionState>> = { bash: "ask", read: "allow", write: "deny" };

describe("toolExposure", () => {
	const registered = new Set(["bash", "read", "write"]);

	it("keeps every active tool not denied outright, in Pi's order", () => {
		const exposure = toolExposure(["write", "read", "bash"], [], registered, (tool) => STATES[tool] ?? "ask");
		expect(exposure.exposed).toEqual(["read", "bash"]);
	});

	it("hides a tool whose permission cannot be read", () => {
		const permission = (tool: string): PermissionState => {
			if (tool === "read") throw new Error("broken policy");
			return "allow";
		};
		expect(toolExposure(["read", "bash"], [], registered, permission).exposed).toEqual(["bash"]);
	});
});

describe("toolExposure", () => {
	const all = new Set(["bash", "read", "write", "edit"]);

	it("hides denied active tools and remembers them", () => {
		expect(toolExposure(["read", "write", "bash"], [], all, (tool) => STATES[tool] ?? "ask")).toEqual({
			exposed: ["read", "bash"],
			hidden: ["write"],
		});
	});

	it("restores a tool it hid once its deny is lifted, after Pi's active tools", () => {
		expect(toolExposure(["bash"], ["write"], all, () => "allow")).toEqual({ exposed: ["bash", "write"], hidden: [] });
	});

	it("keeps hiding a tool that is still denied", () => {
		expect(toolExposure(["bash"], ["write"], all, (tool) => STATES[tool] ?? "ask")).toEqual({
			exposed: ["bash"],
			hidden: ["write"],
		});
	});

	it("never activates a tool it did not hide, nor one that is no longer registered", () => {
		expect(toolExposure(["bash"], ["gone"], all, () => "allow")).toEqual({ exposed: ["bash"], hidden: [] });
		expect(toolExposure(["bash"], [], all, () => "allow").exposed).toEqual(["bash"]);
	});
});
