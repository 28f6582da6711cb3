import { describe, expect, it } from "vitest";
import { ACCEPT_EDITS_PROGRAMS, isAcceptedWrite } from "../../src/modes/accept-edits-writes";

describe("ACCEPT_EDITS_PROGRAMS: one row per program", () => {
	it.each([...ACCEPT_EDITS_PROGRAMS.keys()])("accepts the writes of `%s`", (program) => {
		expect(isAcceptedWrite(program)).toBe(true);
	});

	it.each([">", ">>", ">|", "&>", "&>>", "2>", "1>>"])("accepts the redirect `%s`", (via) => {
		expect(isAcceptedWrite(via)).toBe(true);
	});

	it.each(["rm", "sed", "tee", "dd", "<", "<>", "git"])("leaves `%s` to the policy", (via) => {
		expect(isAcceptedWrite(via)).toBe(false);
	});
});
