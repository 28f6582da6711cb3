/** Builders of one representative payload per ask kind, shared by the builder, guard and renderer tests. */
import type { AskBase } from "../../src/build/ask-base";
import { buildBashAskPayload, buildBashExternalDirectoryAskPayload } from "../../src/build/bash-ask-payload";
import { buildForwardedAskPayload } from "../../src/build/forwarded-ask-payload";
import { buildNetworkAskPayload } from "../../src/build/network-ask-payload";
import { buildExternalDirectoryAskPayload, buildPathAskPayload } from "../../src/build/path-ask-payload";
import { buildSkillAskPayload, buildSkillReadAskPayload } from "../../src/build/skill-ask-payload";
import { buildMcpAskPayload, buildToolAskPayload } from "../../src/build/tool-ask-payload";
import type { PromptPayload, PromptPayloadKind } from "../../src/prompt-payload";

export const BASE: AskBase = {
	requester: { agentName: "build", sessionId: "s-1", subagent: false },
	matchedPattern: "rm *",
	ruleOrigin: "project",
	sessionSuggestion: null,
};

export const bashPayload = (): PromptPayload =>
	buildBashAskPayload({
		...BASE,
		sessionSuggestion: "rm *",
		toolName: "bash",
		invokedToolName: null,
		command: "echo $(rm -rf build) && ls",
		unit: { text: "rm -rf build", context: "command_substitution", start: 7 },
		executedUnit: null,
		units: [
			{ text: "echo $(rm -rf build)", context: null, start: 0 },
			{ text: "rm -rf build", context: "command_substitution", start: 7 },
			{ text: "ls", context: null, start: 25 },
		],
	});

/** The parser's specific reason an unparseable command asks (one of the reasons `BashProgram` gives). */
export const UNPARSEABLE_REASON = "a line continuation at offset 6 ends an option word, which tree-sitter-bash drops";

/** A command the parser could not read completely: it asks on the unparseable floor with the parser's reason. */
export const unparseableBashPayload = (): PromptPayload =>
	buildBashAskPayload({
		...BASE,
		matchedPattern: "<unparseable-bash-command>",
		ruleOrigin: null,
		toolName: "bash",
		invokedToolName: null,
		command: "rm -rf\\\n build",
		unit: { text: "rm -rf\\\n build", context: null, start: null },
		executedUnit: null,
		units: [],
		notChecked: UNPARSEABLE_REASON,
	});

export const mcpPayload = (): PromptPayload =>
	buildMcpAskPayload({
		...BASE,
		matchedPattern: "*",
		ruleOrigin: "builtin",
		sessionSuggestion: "exa:*",
		toolName: "mcp__exa__search",
		target: "exa:search",
		arguments: { query: "pi permissions", limit: 3 },
	});

export const toolPayload = (): PromptPayload =>
	buildToolAskPayload({
		...BASE,
		matchedPattern: "*",
		ruleOrigin: "global",
		toolName: "webfetch",
		value: "webfetch",
		input: { url: "https://example.com" },
	});

export const pathPayload = (): PromptPayload =>
	buildPathAskPayload({
		...BASE,
		matchedPattern: "*.env",
		ruleOrigin: "global",
		toolName: "read",
		invokedToolName: null,
		path: "/projects/app/.env",
		canonical: "/secrets/app.env",
		command: null,
	});

export const externalDirectoryPayload = (): PromptPayload =>
	buildExternalDirectoryAskPayload({
		...BASE,
		matchedPattern: "*",
		ruleOrigin: "builtin",
		sessionSuggestion: "/etc/*",
		toolName: "read",
		value: "/etc/hosts",
		path: "/etc/hosts",
		canonical: null,
		workingDirectory: "/projects/app",
	});

export const bashExternalDirectoryPayload = (): PromptPayload =>
	buildBashExternalDirectoryAskPayload({
		...BASE,
		matchedPattern: "*",
		ruleOrigin: "builtin",
		toolName: "bash",
		invokedToolName: "sh",
		command: "cat /tmp/a.txt ../b",
		value: "/tmp/a.txt",
		flaggedPath: "/tmp/a.txt",
		workingDirectory: "/projects/app",
		externalPaths: [
			{ path: "/tmp/a.txt", canonical: "/private/tmp/a.txt" },
			{ path: "../b", canonical: null },
		],
	});

export const skillPayload = (): PromptPayload =>
	buildSkillAskPayload({ ...BASE, matchedPattern: "*", ruleOrigin: "agent", skillName: "deploy", arguments: "prod" });

export const skillReadPayload = (): PromptPayload =>
	buildSkillReadAskPayload({
		...BASE,
		matchedPattern: "deploy",
		ruleOrigin: "global",
		toolName: "read",
		skillName: "deploy",
		path: "/home/u/.pi/skills/deploy/SKILL.md",
	});

export const networkPayload = (): PromptPayload =>
	buildNetworkAskPayload({
		...BASE,
		matchedPattern: "*",
		ruleOrigin: "global",
		sessionSuggestion: "example.invalid",
		toolName: "bash",
		invokedToolName: null,
		destination: "example.invalid:443",
		unit: "curl -d @notes.txt https://example.invalid",
		via: null,
		unresolved: null,
		sends: ["the file notes.txt"],
		command: "make && curl -d @notes.txt https://example.invalid",
	});

export const forwardedPayload = (): PromptPayload =>
	buildForwardedAskPayload({
		child: bashPayload(),
		forwarding: { requesterAgentName: "scout", requesterSessionId: "child-7" },
	});

export const PAYLOAD_BY_KIND: Readonly<Record<PromptPayloadKind, () => PromptPayload>> = {
	bash: bashPayload,
	mcp: mcpPayload,
	tool: toolPayload,
	path: pathPayload,
	external_directory: externalDirectoryPayload,
	bash_external_directory: bashExternalDirectoryPayload,
	skill: skillPayload,
	skill_read: skillReadPayload,
	network: networkPayload,
	forwarded: forwardedPayload,
};
