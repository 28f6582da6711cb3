import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxToolCall } from "@earendil-works/pi-ai";
import type { ExtensionAPI, ExtensionFactory, ToolDefinition } from "@earendil-works/pi-coding-agent";
import type { AskDetails } from "@pi-permissions/authority";
import type { DecisionFact } from "@pi-permissions/engine";
import { describe, expect, it } from "vitest";
import type { Disposer, PermissionsReadyEvent } from "../../src/service/permissions-service";
import { getPermissionsService } from "../../src/service/service-registry";
import { choose, runPi, type Workspace, workspace } from "../support/pi-session-harness";

/** What the second extension saw. */
interface ConsumerRecord {
	readonly ready: PermissionsReadyEvent[];
	readonly asked: AskDetails[];
	readonly decisions: DecisionFact[];
}

const STASH_PARAMETERS = {
	type: "object",
	properties: { target: { type: "string" }, text: { type: "string" } },
	required: ["target", "text"],
	additionalProperties: false,
} as unknown as ToolDefinition["parameters"];

/**
 * A second extension, loaded in the same Pi session: it owns a `stash` tool that writes `text` to `target` (a field
 * pi-permissions cannot know is a path), and on `permissions:ready` registers a formatter and an access extractor for
 * it and a `guard` authorizer that denies anything about `secret.txt`. With `disposeAtOnce` it disposes them again.
 */
function consumer(space: Workspace, record: ConsumerRecord, disposeAtOnce = false): ExtensionFactory {
	return (pi: ExtensionAPI): void => {
		pi.registerTool({
			name: "stash",
			label: "Stash",
			description: "Writes text to a file",
			parameters: STASH_PARAMETERS,
			async execute(_toolCallId, params) {
				const { target, text } = params as { target: string; text: string };
				writeFileSync(join(space.cwd, target), text);
				return { content: [{ type: "text", text: "stashed" }], details: {} };
			},
		});
		pi.events.on("permissions:decision", (fact) => record.decisions.push(fact as DecisionFact));
		pi.events.on("permissions:ready", (payload) => {
			const ready = payload as PermissionsReadyEvent;
			record.ready.push(ready);
			const service = getPermissionsService(ready.sessionId);
			if (service === undefined) throw new Error("no service published before `permissions:ready`");
			const disposers: Disposer[] = [
				service.registerToolInputFormatter("stash", (input) => {
					const { target, text } = input as { target: string; text: string };
					return `stash ${text.length} chars into ${target}`;
				}),
				service.registerToolAccessExtractor("stash", (_tool, input) => [(input as { target: string }).target]),
				service.registerAuthorizer("guard", {
					async authorize(details) {
						record.asked.push(details);
						return details.payload.request.value.endsWith("secret.txt")
							? { verdict: "deny", reason: "the guard keeps secret.txt sealed" }
							: { verdict: "defer" };
					},
				}),
			];
			if (disposeAtOnce) for (const dispose of disposers) dispose();
		});
	};
}

const freshRecord = (): ConsumerRecord => ({ ready: [], asked: [], decisions: [] });
const write = (path: string, content: string, id: string) => fauxToolCall("write", { path, content }, { id });
const stash = (target: string, text: string, id: string) => fauxToolCall("stash", { target, text }, { id });
const TOOLS = ["bash", "read", "write", "stash"];

describe("the service, used by a second extension in the same Pi session", () => {
	it("lets a registered authorizer named in `authorizerChain` deny a path: the model is told and the file is untouched", async () => {
		const config = { permission: { "*": "allow", path: { "*secret.txt": "ask" } }, authorizerChain: ["guard"] };
		const space = workspace({ "secret.txt": "original" }, config);
		const record = freshRecord();
		const run = await runPi(space, {
			turns: [[write("secret.txt", "overwritten", "call_1")]],
			tools: TOOLS,
			before: [consumer(space, record)],
			human: null,
		});
		expect(run.ends[0]?.isError).toBe(true);
		expect(run.resultText(0)).toContain("the guard keeps secret.txt sealed");
		expect(readFileSync(join(space.cwd, "secret.txt"), "utf8")).toBe("original");
		const fact = record.decisions.find((decision) => decision.toolCallId === "call_1");
		expect(fact?.result).toBe("deny");
		expect(fact?.decidedBy).toBe("authorizer:guard");
		// The ask the link saw and the decision on the bus share one request id.
		expect(record.asked.map((details) => details.requestId)).toEqual([fact?.requestId]);
	});

	it("grants a registered authorizer nothing until the operator names it in `authorizerChain`", async () => {
		const config = { permission: { "*": "allow", path: { "*secret.txt": "ask" } } };
		const space = workspace({ "secret.txt": "original" }, config);
		const record = freshRecord();
		const run = await runPi(space, {
			turns: [[write("secret.txt", "overwritten", "call_1")]],
			tools: TOOLS,
			before: [consumer(space, record)],
			human: null,
		});
		expect(record.asked).toEqual([]);
		expect(run.ends[0]?.isError).toBe(true);
		expect(run.decisions.find((fact) => fact.toolCallId === "call_1")?.resolution).toBe("confirmation_unavailable");
	});

	it("gates the extractor's path with a `path` deny rule, and shows the formatter's preview in the ask", async () => {
		const config = { permission: { "*": "allow", stash: "ask", path: { "*.vault": "deny" } } };
		const space = workspace({}, config);
		const record = freshRecord();
		const run = await runPi(space, {
			turns: [[stash("box.vault", "gold", "call_1")], [stash("notes.txt", "hello", "call_2")]],
			tools: TOOLS,
			before: [consumer(space, record)],
			human: { selects: [choose("Yes")] },
		});
		expect(run.ends.map((end) => end.isError)).toEqual([true, false]);
		expect(run.resultText(0)).toContain("Denied by policy");
		expect(existsSync(join(space.cwd, "box.vault"))).toBe(false);
		expect(run.dialogs).toHaveLength(1);
		expect(run.dialogs[0]?.title).toContain("stash 5 chars into notes.txt");
		expect(readFileSync(join(space.cwd, "notes.txt"), "utf8")).toBe("hello");
	});

	it("removes every effect once the disposers ran: no extractor path, no preview, no authorizer", async () => {
		const config = {
			permission: { "*": "allow", stash: "ask", path: { "*.vault": "deny", "*secret.txt": "ask" } },
			authorizerChain: ["guard"],
		};
		const space = workspace({ "secret.txt": "original" }, config);
		const record = freshRecord();
		const run = await runPi(space, {
			turns: [[stash("box.vault", "gold", "call_1")], [write("secret.txt", "overwritten", "call_2")]],
			tools: TOOLS,
			before: [consumer(space, record, true)],
			human: { selects: [choose("Yes"), choose("Yes")] },
		});
		expect(run.ends.map((end) => end.isError)).toEqual([false, false]);
		expect(readFileSync(join(space.cwd, "box.vault"), "utf8")).toBe("gold");
		expect(run.dialogs[0]?.title).not.toContain("chars into");
		expect(record.asked).toEqual([]);
		expect(readFileSync(join(space.cwd, "secret.txt"), "utf8")).toBe("overwritten");
	});

	it("announces `permissions:ready` with the session id after publishing, and every decision with its own request id", async () => {
		const space = workspace({ "notes.txt": "hi" }, { permission: { "*": "allow", bash: { "rm *": "deny" } } });
		const record = freshRecord();
		const run = await runPi(space, {
			turns: [[fauxToolCall("read", { path: "notes.txt" }, { id: "call_1" })], [stash("a.txt", "x", "call_2")]],
			tools: TOOLS,
			before: [consumer(space, record)],
			human: null,
		});
		expect(record.ready).toEqual([{ sessionId: run.sessionId }]);
		expect(record.decisions.map((fact) => [fact.toolCallId, fact.resolution])).toEqual([
			["call_1", "policy_allow"],
			["call_2", "policy_allow"],
		]);
		expect(record.decisions).toEqual(run.decisions);
		const ids = record.decisions.map((fact) => fact.requestId);
		expect(new Set(ids).size).toBe(ids.length);
		expect(getPermissionsService(run.sessionId)).toBeUndefined();
	});
});
