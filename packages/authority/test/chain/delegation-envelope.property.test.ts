import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AuthorizerVerdict } from "../../src/chain/authorizer";
import { capVerdict, isDelegationExcluded } from "../../src/chain/delegation-envelope";
import { askDetails, localPayload } from "../support/ask-details";

const verdicts = fc.oneof(
	fc.constant<AuthorizerVerdict>({ verdict: "allow" }),
	fc.constant<AuthorizerVerdict>({ verdict: "defer" }),
	fc.option(fc.string(), { nil: null }).map((reason): AuthorizerVerdict => ({ verdict: "deny", reason })),
);
const surfaces = fc.oneof(
	fc.constantFrom("path", "external_directory", "bash", "mcp", "read", "", "skill"),
	fc.string(),
);
const tools = fc.option(fc.oneof(fc.constantFrom("read", "grep", "find", "ls", "write", "edit", "bash"), fc.string()), {
	nil: null,
});

describe("capVerdict laws", () => {
	it("never widens: it returns the verdict itself or defer, and defer only for an allow on an excluded ask", () => {
		fc.assert(
			fc.property(verdicts, fc.option(surfaces, { nil: null }), tools, (verdict, surface, toolName) => {
				const details = askDetails({
					access: surface === null ? null : { surface, matchValues: ["v"], boundaryValue: null },
					payload: localPayload({ toolName }),
				});
				const capped = capVerdict(verdict, details);
				if (verdict.verdict !== "allow") expect(capped).toEqual(verdict);
				else expect(capped).toEqual(isDelegationExcluded(details) ? { verdict: "defer" } : verdict);
				if (surface === null || surface === "path") expect(capped.verdict === "allow").toBe(false);
			}),
			{ numRuns: 500 },
		);
	});
});
