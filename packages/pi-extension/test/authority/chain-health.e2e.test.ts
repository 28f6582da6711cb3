import { describe, expect, it } from "vitest";
import { openCommandSession } from "../commands/command-session";
import { workspace } from "../support/pi-session-harness";

const UNREGISTERED =
	"authorizer `model-judge` (authorizerChain) is not registered (not installed, not built, or it failed to start): its asks come to you";

describe("an authorizer link the chain names that never registered, in a real Pi session (issue 34)", () => {
	it("is a start-up warning, a status-line mark and a /permissions line", async () => {
		const space = workspace({}, { permission: { "*": "allow", bash: "ask" }, authorizerChain: ["model-judge"] });
		const pi = await openCommandSession(space, { answer: "No" });
		try {
			expect(pi.notices).toContain(`pi-permissions: ${UNREGISTERED}`);
			expect(pi.statuses.at(-1)).toEqual([
				"pi-permissions",
				// A named chain starts the session in auto (ADR 0054), and the line always names the mode.
				"permissions: auto (authorizer first) · authorizer model-judge off, see /permissions",
			]);
			await pi.prompt("/permissions");
			expect(pi.notices.at(-1)?.split("\n")).toContain(`warning: ${UNREGISTERED}`);
		} finally {
			await pi.close();
		}
	});

	it("says nothing when the chain is empty", async () => {
		const pi = await openCommandSession(workspace({}, { permission: { "*": "allow" } }), { answer: "No" });
		try {
			expect(pi.notices.join("\n")).not.toContain("authorizer");
			expect(pi.statuses.filter(([, text]) => text?.includes("authorizer") === true)).toEqual([]);
			await pi.prompt("/permissions");
			expect(pi.notices.at(-1)).not.toContain("authorizer");
		} finally {
			await pi.close();
		}
	});
});
