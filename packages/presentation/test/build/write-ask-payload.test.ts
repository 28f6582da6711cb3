import { describe, expect, it } from "vitest";
import {
	buildWriteAskPayload,
	PROTECTED_TARGET_SENTINEL,
	protectedReason,
	type WriteAskInput,
} from "../../src/build/write-ask-payload";
import { readPromptPayload } from "../../src/read-prompt-payload";
import { renderAgentDenial } from "../../src/render/agent-denial";

const base: WriteAskInput = {
	requester: { agentName: null, sessionId: "s", subagent: false },
	matchedPattern: "*",
	ruleOrigin: "global",
	sessionSuggestion: "src/*",
	surface: "write",
	toolName: "bash",
	invokedToolName: null,
	path: "/p/src/a.ts",
	canonical: null,
	via: "> (write)",
	command: "echo x > src/a.ts",
	protectedBecause: null,
};

const protectedAsk: WriteAskInput = {
	...base,
	matchedPattern: PROTECTED_TARGET_SENTINEL,
	ruleOrigin: null,
	sessionSuggestion: null,
	path: "/p/.pi/extensions/pi-permissions/config.json",
	protectedBecause: "writes the permission config",
};

describe("buildWriteAskPayload", () => {
	it("describes a bash write on the write surface with how it writes and the command", () => {
		const payload = buildWriteAskPayload(base);
		expect(payload.kind).toBe("path");
		expect(payload.request).toMatchObject({ surface: "write", toolName: "bash", value: "/p/src/a.ts" });
		expect(payload.evidence.map((item) => item.label)).toEqual(["written by", "command"]);
		expect(payload.annotations).toContainEqual({ kind: "session-suggestion", text: "src/*" });
		expect(protectedReason(payload)).toBeNull();
	});

	it("puts why a target is protected first and offers no session grant", () => {
		const payload = buildWriteAskPayload(protectedAsk);
		expect(payload.evidence[0]).toMatchObject({ label: "protected" });
		expect(payload.evidence[0]?.text).toContain("writes the permission config");
		expect(payload.annotations.some((note) => note.kind === "session-suggestion")).toBe(false);
		expect(protectedReason(payload)).toContain("writes the permission config");
	});

	it("says who may answer as the gate set it, and keeps it through the forwarding reader", () => {
		expect(buildWriteAskPayload(base).answerableBy).toBe("any-authorizer");
		const payload = buildWriteAskPayload({ ...protectedAsk, answerableBy: "person" });
		expect(payload.answerableBy).toBe("person");
		const read = readPromptPayload(JSON.parse(JSON.stringify(payload)));
		expect(read.ok && read.value.kind !== "forwarded" && read.value.answerableBy).toBe("person");
	});

	it("survives the forwarding reader with its protection intact", () => {
		const read = readPromptPayload(JSON.parse(JSON.stringify(buildWriteAskPayload(protectedAsk))));
		expect(read.ok && protectedReason(read.value as never)).toContain("permission config");
	});
});

describe("renderAgentDenial of a protected target", () => {
	it("tells the agent why and that only the human may approve it", () => {
		const payload = buildWriteAskPayload(protectedAsk);
		const text = renderAgentDenial({ kind: "unavailable", subject: payload, cause: "no UI" });
		expect(text).toContain("writes the permission config");
		expect(text).toContain("only the human at the terminal may approve");
		expect(text).not.toContain("echo x");
	});

	it("names the written path of an ordinary bash write, never the command", () => {
		const text = renderAgentDenial({ kind: "user", subject: buildWriteAskPayload(base), reason: null });
		expect(text).toContain("write to `/p/src/a.ts`");
		expect(text).not.toContain("echo x");
	});
});
