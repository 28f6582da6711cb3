import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { factLines } from "../../src/fact-vocabulary";
import { layoutDialog, renderDialog } from "../../src/render/dialog-renderer";
import { PLAIN_PAINTER } from "../../src/render/painter";
import { cellWidth } from "../support/cell-width";
import { payloadArbitrary } from "../support/payload-arbitrary";
import { unsafeCharacters } from "../support/unsafe-characters";

/**
 * The most fact lines any payload produces (agent, forwarded, tool, surface, rule, not checked, value, runs,
 * context).
 */
const MAX_FACT_LINES = 9;

const RUNS = { numRuns: 300 };

describe("renderDialog (laws)", () => {
	it("renders any payload within maxRows rows and width cells when the budget holds the facts plus two", () => {
		fc.assert(
			fc.property(
				payloadArbitrary,
				fc.integer({ min: 20, max: 200 }),
				fc.integer({ min: 0, max: 30 }),
				fc.integer({ min: 1, max: 300 }),
				(payload, width, extraRows, fieldMaxWidth) => {
					const maxRows = factLines(payload).length + 2 + extraRows;
					const options = { width, maxRows, fieldMaxWidth, painter: PLAIN_PAINTER, expanded: false };
					const lines = renderDialog(payload, options);
					expect(lines.length).toBeLessThanOrEqual(maxRows);
					for (const line of lines) expect(cellWidth(line)).toBeLessThanOrEqual(width);
				},
			),
			RUNS,
		);
	});

	it("shows one row per request fact in the bounded view, whatever the budget", () => {
		fc.assert(
			fc.property(
				payloadArbitrary,
				fc.integer({ min: 20, max: 200 }),
				fc.integer({ min: 0, max: 40 }),
				(payload, width, maxRows) => {
					const facts = factLines(payload);
					expect(facts.length).toBeLessThanOrEqual(MAX_FACT_LINES);
					const lines = renderDialog(payload, {
						width,
						maxRows,
						fieldMaxWidth: 40,
						painter: PLAIN_PAINTER,
						expanded: false,
					});
					for (const fact of facts) expect(lines.some((line) => line.startsWith(`${fact.label} `))).toBe(true);
				},
			),
			RUNS,
		);
	});

	it("keeps every line of the complete view within the width", () => {
		fc.assert(
			fc.property(payloadArbitrary, fc.integer({ min: 1, max: 200 }), (payload, width) => {
				const rows = layoutDialog(payload, {
					width,
					maxRows: 0,
					fieldMaxWidth: 1,
					painter: PLAIN_PAINTER,
					expanded: true,
				});
				for (const row of rows) expect(cellWidth(row.map((part) => part.text).join(""))).toBeLessThanOrEqual(width);
			}),
			{ numRuns: 150 },
		);
	});

	it("never throws and never emits a control character, whatever the strings and sizes", () => {
		fc.assert(
			fc.property(
				payloadArbitrary,
				fc.integer({ min: -5, max: 250 }),
				fc.integer({ min: -5, max: 50 }),
				fc.integer({ min: -5, max: 300 }),
				fc.boolean(),
				(payload, width, maxRows, fieldMaxWidth, expanded) => {
					const lines = renderDialog(payload, { width, maxRows, fieldMaxWidth, painter: PLAIN_PAINTER, expanded });
					for (const line of lines) expect(unsafeCharacters(line)).toEqual([]);
				},
			),
			RUNS,
		);
	});
});
