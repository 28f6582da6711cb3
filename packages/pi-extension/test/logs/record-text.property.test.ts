import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MIN_RECORD_TEXT_BOUND, recordText, redactSecrets } from "../../src/logs/record-text";
import { REDACTION_CASES } from "./record-text.cases";

/** Fragments that make secret shapes, near-shapes and cut hazards likely. */
const FRAGMENTS = [
	...REDACTION_CASES.map((row) => row.input),
	"[redacted]",
	"[reda",
	"cted]",
	"TOKEN=",
	"Authorization: ",
	"Bearer ",
	"-p",
	"mysql ",
	"://u:",
	"@h",
	"AKIA",
	"ghp_",
	"0123456789ABCDEF",
	'"',
	"'",
	" ",
	"\n",
	"…",
	"x",
];

const text = fc
	.array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 12 })), { maxLength: 40 })
	.map((parts) => parts.join(""));

describe("recordText laws", () => {
	it("redaction is idempotent", () => {
		fc.assert(
			fc.property(text, (input) => redactSecrets(redactSecrets(input)) === redactSecrets(input)),
			{ numRuns: 2000 },
		);
	});

	it("a record's text is idempotent and never longer than its bound", () => {
		fc.assert(
			fc.property(text, fc.integer({ min: 1, max: 400 }), (input, bound) => {
				const once = recordText(input, bound);
				expect(once.length).toBeLessThanOrEqual(Math.max(bound, MIN_RECORD_TEXT_BOUND));
				expect(recordText(once, bound)).toBe(once);
			}),
			{ numRuns: 2000 },
		);
	});
});
