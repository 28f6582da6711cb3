import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import * as api from "../src/index";

describe("the package root", () => {
	it("exports the extension factory, its readiness check, the service accessor and the event channel names only", () => {
		expect(Object.keys(api).sort()).toEqual([
			"PERMISSIONS_DECISION_CHANNEL",
			"PERMISSIONS_READY_CHANNEL",
			"PERMISSIONS_UI_PROMPT_CHANNEL",
			"checkReadiness",
			"default",
			"getPermissionsService",
		]);
	});

	it("registers its handlers and touches nothing else of Pi when the factory runs", () => {
		const calls: string[] = [];
		const pi = new Proxy(
			{},
			{
				get: (_target, key) => {
					if (key === "on") return (event: string) => calls.push(`on ${event}`);
					if (key === "events") return { emit: () => calls.push("emit"), on: () => calls.push("listen") };
					return () => calls.push(String(key));
				},
			},
		) as ExtensionAPI;
		api.default(pi);
		expect(calls).toEqual([
			"on session_start",
			"on session_shutdown",
			"on resources_discover",
			"on input",
			"on before_agent_start",
			"on tool_call",
			"on context",
			// The sandbox's handlers (ADR 0037), after the gate's: it decides first.
			"on session_start",
			"on tool_call",
			"on user_bash",
			"on session_shutdown",
			"registerFlag",
			"registerFlag",
			"registerCommand",
			// The mode key (ADR 0054).
			"registerShortcut",
		]);
	});
});
