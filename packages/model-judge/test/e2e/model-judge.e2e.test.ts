import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fauxToolCall } from "@earendil-works/pi-ai";
import piPermissions from "@pi-permissions/pi-extension";
import { afterEach, describe, expect, it, vi } from "vitest";
import modelJudge from "../../src/index";
import { toolReply } from "../support/faux-judge";
import { judgeWorkspace, runJudgedSession, write } from "../support/pi-judge-session";

const PERMISSIONS = {
	permission: { "*": "allow", external_directory: "ask" },
	authorizerChain: ["model-judge"],
};
const JUDGE = { provider: "judge", model: "judge-1", typoPaths: { typoPatterns: ["packages/([^/]+)/packages/\\1"] } };

afterEach(() => {
	vi.unstubAllEnvs();
});

describe("the model judge in a real Pi session", () => {
	it.each([
		{ order: "judge loaded first", extensions: [modelJudge, piPermissions] },
		{ order: "pi-permissions loaded first", extensions: [piPermissions, modelJudge] },
	])(
		"denies an errant path before any dialog opens and defers a correct one to the human ($order)",
		async ({ extensions }) => {
			const space = judgeWorkspace(PERMISSIONS, JUDGE);
			vi.stubEnv("PI_CODING_AGENT_DIR", space.agentDir);
			const errant = join(space.root, "packages", "app", "packages", "app", "README.md");
			const intended = join(space.root, "packages", "app", "README.md");
			const correct = join(space.root, "packages", "lib", "README.md");
			write(intended, "app readme");
			write(correct, "lib readme");
			const run = await runJudgedSession(space, {
				turns: [[fauxToolCall("read", { path: errant })], [fauxToolCall("read", { path: correct })]],
				judgeReplies: [
					toolReply({ verdict: "deny", intendedPath: intended, reason: "the package segment is doubled" }),
					// The correct path never matches the typo pattern, so no second judge call is expected.
				],
				extensions,
				answer: () => undefined,
			});

			// The errant read: denied by the judge, with its teaching reason reaching the agent, and no dialog for it.
			expect(run.judgeSeen).toHaveLength(1);
			expect(run.resultText(0)).toContain(intended);
			expect(run.resultText(0)).toContain("the package segment is doubled");
			const toolResult = JSON.stringify(run.agentSeen[1]?.messages.at(-1));
			expect(toolResult).toContain(intended);
			const first = run.decisions[0];
			expect(first).toMatchObject({
				result: "deny",
				decidedBy: "authorizer:model-judge",
				surface: "external_directory",
			});

			// The correct read: the judge defers (no pattern match), so the human is asked; exactly one dialog opened.
			expect(run.dialogs).toHaveLength(1);
			expect(run.decisions[1]).toMatchObject({ decidedBy: "user", surface: "external_directory" });

			// The judge saw the ask's facts only, never the conversation.
			const judgeText = JSON.stringify(run.judgeSeen[0]?.context.messages);
			expect(judgeText).toContain(errant);
			expect(judgeText).not.toContain("please tidy the readme files");

			// The review log shows the link's decision.
			const review = readFileSync(join(space.agentDir, "extensions", "pi-permissions", "logs", "review.jsonl"), "utf8")
				.trim()
				.split("\n")
				.map((line) => JSON.parse(line) as Record<string, unknown>);
			const judged = review.find((entry) => entry.decidedBy === "authorizer:model-judge");
			expect(judged).toMatchObject({ event: "permission_decision", result: "deny", surface: "external_directory" });
			expect(String(judged?.reason)).toContain(intended);
			const reviewed = review.find((entry) => entry.event === "authorizer_link_reviewed");
			expect(reviewed).toMatchObject({ name: "model-judge", verdict: "deny", requestId: judged?.requestId });
			expect(typeof reviewed?.latencyMs).toBe("number");
		},
	);

	it("stays out of the way when the operator does not name it in `authorizerChain`", async () => {
		const space = judgeWorkspace({ permission: PERMISSIONS.permission }, JUDGE);
		vi.stubEnv("PI_CODING_AGENT_DIR", space.agentDir);
		const errant = join(space.root, "packages", "app", "packages", "app", "README.md");
		const run = await runJudgedSession(space, {
			turns: [[fauxToolCall("read", { path: errant })]],
			judgeReplies: [toolReply({ verdict: "deny", intendedPath: "/x" })],
			extensions: [modelJudge, piPermissions],
			answer: () => undefined,
		});
		expect(run.judgeSeen).toHaveLength(0);
		expect(run.dialogs).toHaveLength(1);
	});

	it("defers to the human when its model does not exist, and records the failure with its latency in the review log", async () => {
		const space = judgeWorkspace(PERMISSIONS, { ...JUDGE, model: "no-such-model" });
		vi.stubEnv("PI_CODING_AGENT_DIR", space.agentDir);
		const errant = join(space.root, "packages", "app", "packages", "app", "README.md");
		const run = await runJudgedSession(space, {
			turns: [[fauxToolCall("read", { path: errant })]],
			judgeReplies: [],
			extensions: [piPermissions, modelJudge],
			answer: () => undefined,
		});
		expect(run.judgeSeen).toHaveLength(0);
		expect(run.dialogs).toHaveLength(1);
		const review = readFileSync(join(space.agentDir, "extensions", "pi-permissions", "logs", "review.jsonl"), "utf8")
			.trim()
			.split("\n")
			.map((line) => JSON.parse(line) as Record<string, unknown>);
		const failed = review.find((entry) => entry.event === "authorizer_link_failed");
		expect(failed).toMatchObject({ name: "model-judge", failure: "model-not-found" });
		expect(typeof failed?.latencyMs).toBe("number");
		expect(String(failed?.reason)).not.toBe("");
	});
});
