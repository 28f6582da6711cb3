import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACTIVE_AGENT_ENTRY_TYPE, detectActiveAgent, isSafeAgentFileName } from "../../src/agent/active-agent";

const RUNS = { numRuns: 300 };

/** Names that mix the characters a path could be built from. */
const hostileName = fc.string({
	unit: fc.constantFrom("a", "Z", "0", ".", "-", "_", "/", "\\", ":", " ", "\t", "\n", "\u0000", "é", '"', ">"),
	maxLength: 40,
});

describe("detectActiveAgent laws", () => {
	it("returns only a safe file-name word or null, whatever the prompt and entries say", () => {
		fc.assert(
			fc.property(fc.string({ maxLength: 200 }), hostileName, hostileName, (prompt, tagName, entryName) => {
				const text = `${prompt}<active_agent name="${tagName}">`;
				const entries = [{ type: "custom", customType: ACTIVE_AGENT_ENTRY_TYPE, data: { name: entryName } }];
				const name = detectActiveAgent(text, entries);
				expect(name === null || isSafeAgentFileName(name)).toBe(true);
			}),
			RUNS,
		);
	});

	it("reads back every safe name written into a tag", () => {
		const safe = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,30}$/);
		fc.assert(
			fc.property(safe, (name) => {
				expect(detectActiveAgent(`prefix <active_agent name="${name}"> suffix`, [])).toBe(name);
			}),
			RUNS,
		);
	});
});
