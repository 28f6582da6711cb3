import { describe, expect, it } from "vitest";
import { buildPathAskPayload } from "../../src/build/path-ask-payload";
import { BASE, externalDirectoryPayload, pathPayload } from "../support/payload-fixtures";

const REQUESTER = { agentName: "build", sessionId: "s-1", subagent: false };

describe("buildPathAskPayload", () => {
	it("carries the path as the value and its canonical form as evidence", () => {
		expect(pathPayload()).toEqual({
			kind: "path",
			request: {
				requester: REQUESTER,
				surface: "path",
				toolName: "read",
				invokedToolName: null,
				value: "/projects/app/.env",
				matchedPattern: "*.env",
				ruleOrigin: "global",
				commandContext: null,
				executedUnit: null,
			},
			evidence: [{ label: "resolves to", text: "/secrets/app.env", detail: null }],
			annotations: [],
			answerableBy: "any-authorizer",
		});
	});

	it("carries a bash command the path came from, with the path highlighted in it", () => {
		const payload = buildPathAskPayload({
			...BASE,
			toolName: "bash",
			invokedToolName: null,
			path: ".env",
			canonical: "/projects/app/.env",
			command: "cat .env | head",
		});
		expect(payload.evidence).toEqual([
			{ label: "resolves to", text: "/projects/app/.env", detail: null },
			{ label: "command", text: "cat .env | head", detail: null },
		]);
		expect(payload.annotations).toEqual([{ kind: "highlight", evidenceIndex: 1, start: 4, end: 8 }]);
	});
});

describe("buildExternalDirectoryAskPayload", () => {
	it("carries the working directory and the session suggestion", () => {
		expect(externalDirectoryPayload()).toEqual({
			kind: "external_directory",
			request: {
				requester: REQUESTER,
				surface: "external_directory",
				toolName: "read",
				invokedToolName: null,
				value: "/etc/hosts",
				matchedPattern: "*",
				ruleOrigin: "builtin",
				commandContext: null,
				executedUnit: null,
			},
			evidence: [{ label: "working directory", text: "/projects/app", detail: null }],
			annotations: [{ kind: "session-suggestion", text: "/etc/*" }],
			answerableBy: "any-authorizer",
		});
	});
});
