import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildBashAskPayload, buildBashExternalDirectoryAskPayload } from "../../src/build/bash-ask-payload";
import { buildForwardedAskPayload } from "../../src/build/forwarded-ask-payload";
import { renderAgentDenial } from "../../src/render/agent-denial";
import { hostileString } from "../support/payload-arbitrary";
import { BASE } from "../support/payload-fixtures";

const RUNS = { numRuns: 300 };
const commandArbitrary = fc.oneof(hostileString(200), fc.string({ minLength: 6, maxLength: 200 }));
const denialKind = fc.constantFrom("policy", "user", "unavailable") as fc.Arbitrary<"policy" | "user" | "unavailable">;

function denialOf(
	kind: "policy" | "user" | "unavailable",
	subject: Parameters<typeof renderAgentDenial>[0] extends infer D
		? D extends { subject: infer S }
			? S
			: never
		: never,
) {
	return kind === "unavailable"
		? renderAgentDenial({ kind, subject, cause: "no UI" })
		: renderAgentDenial({ kind, subject, reason: "operator reason" });
}

describe("renderAgentDenial (laws)", () => {
	it("never contains the bash command or its unit, for any command longer than a few characters", () => {
		fc.assert(
			fc.property(commandArbitrary, denialKind, fc.boolean(), (command, kind, forwarded) => {
				fc.pre(command.trim().length > 5);
				const local = buildBashAskPayload({
					...BASE,
					matchedPattern: "<opaque-bash-wrapper>",
					toolName: "bash",
					invokedToolName: null,
					command,
					unit: { text: command, context: null, start: 0 },
					executedUnit: `${command} inner`,
					units: [{ text: command, context: null, start: 0 }],
				});
				const subject = forwarded
					? buildForwardedAskPayload({ child: local, forwarding: { requesterAgentName: "a", requesterSessionId: "s" } })
					: local;
				expect(denialOf(kind, subject)).not.toContain(command);
			}),
			RUNS,
		);
	});

	it("never contains the command of a bash external-directory ask, only the flagged path", () => {
		fc.assert(
			fc.property(commandArbitrary, denialKind, (command, kind) => {
				fc.pre(command.trim().length > 5);
				const subject = buildBashExternalDirectoryAskPayload({
					...BASE,
					toolName: "bash",
					invokedToolName: null,
					command: `cat /etc/x ${command}`,
					value: "/etc/x",
					flaggedPath: "/etc/x",
					workingDirectory: "/projects/app",
					externalPaths: [{ path: "/etc/x", canonical: null }],
				});
				const text = denialOf(kind, subject);
				expect(text).not.toContain(command);
				expect(text).toContain("`/etc/x`");
			}),
			RUNS,
		);
	});
});
