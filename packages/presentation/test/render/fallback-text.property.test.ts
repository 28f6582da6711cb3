import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderFallbackText } from "../../src/render/fallback-text";
import { PLAIN_PAINTER } from "../../src/render/painter";
import { projectUiPrompt } from "../../src/render/ui-prompt-projection";
import { payloadArbitrary } from "../support/payload-arbitrary";
import { unsafeCharacters } from "../support/unsafe-characters";

describe("renderFallbackText and projectUiPrompt (laws)", () => {
	it("never throw, and the fallback's title and labels carry no control character", () => {
		fc.assert(
			fc.property(payloadArbitrary, fc.integer({ min: 20, max: 200 }), (payload, width) => {
				const text = renderFallbackText(payload, { width, maxRows: 24, fieldMaxWidth: 60, painter: PLAIN_PAINTER });
				expect(unsafeCharacters(text.title.replaceAll("\n", ""))).toEqual([]);
				for (const option of text.options) expect(unsafeCharacters(option.label)).toEqual([]);
				const event = projectUiPrompt(payload, "perm-x");
				expect(JSON.parse(JSON.stringify(event))).toEqual(event);
				expect(event.request).toEqual(payload.request);
			}),
			{ numRuns: 200 },
		);
	});
});
