import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderReviewLogFacts } from "../../src/render/review-log-facts";
import { payloadArbitrary } from "../support/payload-arbitrary";

/** Fields whose values come from a closed, short vocabulary rather than from the call. */
const CLOSED_VOCABULARY = new Set(["kind", "askKind", "ruleOrigin", "commandContext"]);

describe("renderReviewLogFacts (laws)", () => {
	it("keeps every free-text string within the field width and survives a JSON round trip", () => {
		fc.assert(
			fc.property(payloadArbitrary, fc.integer({ min: 12, max: 120 }), (payload, width) => {
				const facts = renderReviewLogFacts(payload, width);
				for (const [key, value] of Object.entries(facts)) {
					if (typeof value === "string" && !CLOSED_VOCABULARY.has(key)) {
						expect(Array.from(value).length).toBeLessThanOrEqual(width);
					}
				}
				expect(JSON.parse(JSON.stringify(facts))).toEqual(facts);
			}),
			{ numRuns: 200 },
		);
	});
});
