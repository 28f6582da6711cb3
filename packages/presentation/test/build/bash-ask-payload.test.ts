import { describe, expect, it } from "vitest";
import { buildBashAskPayload, buildBashExternalDirectoryAskPayload } from "../../src/build/bash-ask-payload";
import { BASE, bashExternalDirectoryPayload, bashPayload } from "../support/payload-fixtures";

const REQUESTER = { agentName: "build", sessionId: "s-1", subagent: false };

describe("buildBashAskPayload", () => {
	it("carries the unit as the value, the whole command and every unit with its context as evidence", () => {
		expect(bashPayload()).toEqual({
			kind: "bash",
			request: {
				requester: REQUESTER,
				surface: "bash",
				toolName: "bash",
				invokedToolName: null,
				value: "rm -rf build",
				matchedPattern: "rm *",
				ruleOrigin: "project",
				commandContext: "command_substitution",
				executedUnit: null,
			},
			evidence: [
				{ label: "command", text: "echo $(rm -rf build) && ls", detail: null },
				{ label: "unit", text: "echo $(rm -rf build)", detail: null },
				{ label: "unit", text: "rm -rf build", detail: "inside command substitution" },
				{ label: "unit", text: "ls", detail: null },
			],
			annotations: [
				{ kind: "highlight", evidenceIndex: 0, start: 7, end: 19 },
				{ kind: "session-suggestion", text: "rm *" },
			],
			answerableBy: "any-authorizer",
		});
	});

	it("says last in its evidence why a command it could not check asks, keeping the highlight on the command", () => {
		const payload = buildBashAskPayload({
			...BASE,
			matchedPattern: "<unparseable-bash-command>",
			ruleOrigin: null,
			toolName: "bash",
			invokedToolName: null,
			command: "true; rm x",
			unit: { text: "true; rm x", context: null, start: null },
			executedUnit: null,
			units: [],
			notChecked: "too large to check: more than 5,000 commands; split it",
		});
		expect(payload.evidence).toEqual([
			{ label: "not checked", text: "too large to check: more than 5,000 commands; split it", detail: null },
		]);
		expect(
			buildBashAskPayload({
				...BASE,
				toolName: "bash",
				invokedToolName: null,
				command: "ls",
				unit: { text: "ls", context: null, start: null },
				executedUnit: null,
				units: [],
				notChecked: null,
			}).evidence,
		).toEqual([]);
	});

	it("carries a wrapper's executed unit and the invoked alias, and omits a command equal to its unit", () => {
		const payload = buildBashAskPayload({
			...BASE,
			matchedPattern: "<indirection-bash-wrapper>",
			ruleOrigin: null,
			toolName: "bash",
			invokedToolName: "shell",
			command: "sudo rm x",
			unit: { text: "sudo rm x", context: null, start: 0 },
			executedUnit: "rm x",
			units: [{ text: "sudo rm x", context: null, start: 0 }],
		});
		expect(payload.request).toEqual({
			requester: REQUESTER,
			surface: "bash",
			toolName: "bash",
			invokedToolName: "shell",
			value: "sudo rm x",
			matchedPattern: "<indirection-bash-wrapper>",
			ruleOrigin: null,
			commandContext: null,
			executedUnit: "rm x",
		});
		expect(payload.evidence).toEqual([]);
		expect(payload.annotations).toEqual([]);
	});

	it("drops an executed unit equal to the value, since it adds nothing", () => {
		const payload = buildBashAskPayload({
			...BASE,
			toolName: "bash",
			invokedToolName: null,
			command: "ls",
			unit: { text: "ls", context: null, start: null },
			executedUnit: "ls",
			units: [{ text: "ls", context: null, start: null }],
		});
		expect(payload.request.executedUnit).toBeNull();
	});

	it("highlights the first occurrence of the unit when the parser gives no offset", () => {
		const payload = buildBashAskPayload({
			...BASE,
			toolName: "bash",
			invokedToolName: null,
			command: "ls; rm x",
			unit: { text: "rm x", context: null, start: null },
			executedUnit: null,
			units: [
				{ text: "ls", context: null, start: null },
				{ text: "rm x", context: null, start: null },
			],
		});
		expect(payload.annotations).toEqual([{ kind: "highlight", evidenceIndex: 0, start: 4, end: 8 }]);
	});
});

describe("buildBashExternalDirectoryAskPayload", () => {
	it("carries the command, the working directory and each external path with what it resolves to", () => {
		expect(bashExternalDirectoryPayload()).toEqual({
			kind: "bash_external_directory",
			request: {
				requester: REQUESTER,
				surface: "external_directory",
				toolName: "bash",
				invokedToolName: "sh",
				value: "/tmp/a.txt",
				matchedPattern: "*",
				ruleOrigin: "builtin",
				commandContext: null,
				executedUnit: null,
			},
			evidence: [
				{ label: "command", text: "cat /tmp/a.txt ../b", detail: null },
				{ label: "working directory", text: "/projects/app", detail: null },
				{ label: "external path", text: "/tmp/a.txt", detail: "resolves to /private/tmp/a.txt" },
				{ label: "external path", text: "../b", detail: null },
			],
			annotations: [{ kind: "highlight", evidenceIndex: 0, start: 4, end: 14 }],
			answerableBy: "any-authorizer",
		});
	});

	it("adds no highlight when the flagged path is not spelled in the command", () => {
		const payload = buildBashExternalDirectoryAskPayload({
			...BASE,
			toolName: "bash",
			invokedToolName: null,
			command: "cd .. && cat x",
			value: "/projects/x",
			flaggedPath: "/projects/x",
			workingDirectory: "/projects/app",
			externalPaths: [{ path: "/projects/x", canonical: "/projects/x" }],
		});
		expect(payload.annotations).toEqual([]);
		expect(payload.evidence[2]).toEqual({ label: "external path", text: "/projects/x", detail: null });
	});
});
