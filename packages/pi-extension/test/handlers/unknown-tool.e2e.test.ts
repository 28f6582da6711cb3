import {
	fauxAssistantMessage,
	fauxText,
	fauxToolCall,
	type Message,
	type ToolCall,
	type TranscriptContext,
} from "@earendil-works/pi-ai";
import { createEventBus, type ExtensionFactory } from "@earendil-works/pi-coding-agent";
import type { DecisionFact } from "@pi-permissions/engine";
import { describe, expect, it } from "vitest";
import { createTestSession, fauxRuntime, loadResources, quietSettings, testHost } from "../support/pi-sdk-fixture";
import { type Workspace, workspace } from "../support/pi-session-harness";

interface ModelView {
	/** The tool results the model received at each request, as `[toolName, text]`. */
	readonly results: (readonly [string, string])[][];
	readonly decisions: DecisionFact[];
}

/** A real Pi session: the model makes `turns` of calls; what it receives at each request is recorded. */
async function runModel(
	space: Workspace,
	tools: readonly string[],
	turns: readonly ToolCall[][],
	before: readonly ExtensionFactory[] = [],
): Promise<ModelView> {
	const view: ModelView = { results: [], decisions: [] };
	const { faux, modelRuntime } = await fauxRuntime();
	faux.setResponses(
		[...turns, null].map((turn) => (context: TranscriptContext) => {
			view.results.push(toolResults(context.messages));
			return turn === null
				? fauxAssistantMessage(fauxText("done"))
				: fauxAssistantMessage([...turn], { stopReason: "toolUse" });
		}),
	);
	const settingsManager = quietSettings();
	const eventBus = createEventBus();
	eventBus.on("permissions:decision", (fact) => view.decisions.push(fact as DecisionFact));
	const host = testHost(space);
	const resourceLoader = await loadResources({ space, settingsManager, eventBus, host, before });
	const session = await createTestSession({ space, faux, modelRuntime, resourceLoader, settingsManager, tools });
	await session.bindExtensions({ mode: "print" });
	try {
		await session.prompt("go");
	} finally {
		await session.extensionRunner.emit({ type: "session_shutdown", reason: "quit" });
		session.dispose();
	}
	return view;
}

function toolResults(messages: readonly Message[]): [string, string][] {
	return messages.flatMap((message) =>
		message.role === "toolResult"
			? [[message.toolName, message.content.map((block) => (block.type === "text" ? block.text : "")).join("")]]
			: [],
	);
}

const ALLOW_ALL = { permission: { "*": "allow" } };

describe("a call to a tool Pi does not offer, in a real Pi session", () => {
	it("reaches the model as the permission system's refusal, naming the tool and listing the offered tools", async () => {
		const space = workspace({}, ALLOW_ALL);
		const view = await runModel(
			space,
			["bash", "read"],
			[[fauxToolCall("deploy_prod", { target: "x" }, { id: "c1" })]],
		);
		expect(view.results.at(-1)).toEqual([
			[
				"deploy_prod",
				'[pi-permissions] Tool "deploy_prod" is not available in this session; available tools: bash, read.',
			],
		]);
	});

	it("refuses a registered tool Pi left inactive the same way, listing only the tools it offers", async () => {
		const space = workspace({}, ALLOW_ALL);
		const view = await runModel(
			space,
			["read"],
			[[fauxToolCall("write", { path: "a.txt", content: "x" }, { id: "c1" })]],
		);
		expect(view.results.at(-1)).toEqual([
			["write", '[pi-permissions] Tool "write" is not available in this session; available tools: read.'],
		]);
	});

	it("decides and records the refusal once, however many later requests replay it", async () => {
		const space = workspace({}, ALLOW_ALL);
		const view = await runModel(
			space,
			["bash"],
			[[fauxToolCall("nope", {}, { id: "c1" })], [fauxToolCall("bash", { command: "echo hi" }, { id: "c2" })]],
		);
		const refusal = '[pi-permissions] Tool "nope" is not available in this session; available tools: bash.';
		expect(view.results.slice(1).map((results) => results[0])).toEqual([
			["nope", refusal],
			["nope", refusal],
		]);
		const unknown = view.decisions.filter((fact) => fact.gate === "unknown-tool");
		expect(unknown).toEqual([
			expect.objectContaining({ toolCallId: "c1", toolName: "nope", result: "deny", resolution: "policy_deny" }),
		]);
	});
});
