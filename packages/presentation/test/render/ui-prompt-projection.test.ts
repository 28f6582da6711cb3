import { describe, expect, it } from "vitest";
import { projectUiPrompt } from "../../src/render/ui-prompt-projection";
import { bashPayload, forwardedPayload, skillPayload, skillReadPayload } from "../support/payload-fixtures";

describe("projectUiPrompt", () => {
	it("carries the request facts and no evidence or annotations", () => {
		expect(projectUiPrompt(bashPayload(), "perm-1")).toEqual({
			requestId: "perm-1",
			source: "tool_call",
			surface: "bash",
			value: "rm -rf build",
			agentName: "build",
			request: bashPayload().request,
			forwarding: null,
		});
	});

	it("carries a forwarded ask's provenance", () => {
		const event = projectUiPrompt(forwardedPayload(), "perm-2");
		expect(event.forwarding).toEqual({ requesterAgentName: "scout", requesterSessionId: "child-7" });
		expect(event.agentName).toBe("scout");
		expect(JSON.stringify(event)).not.toContain("echo $(");
	});

	it.each([
		{ id: "a skill invocation", payload: skillPayload(), source: "skill_input" },
		{ id: "a skill read", payload: skillReadPayload(), source: "skill_read" },
	])("names $id as its source", ({ payload, source }) => {
		expect(projectUiPrompt(payload, "perm-3").source).toBe(source);
	});

	it("hands out a copy a listener cannot use to change the payload", () => {
		const payload = bashPayload();
		const event = projectUiPrompt(payload, "perm-4");
		(event.request.requester as { agentName: string | null }).agentName = "mallory";
		expect(payload.request.requester.agentName).toBe("build");
	});
});
