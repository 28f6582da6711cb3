import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tileCommands } from "../../src/review/command-tiling";

describe("tileCommands", () => {
	it.each([
		{ payload: "git status && ls", commands: ["git status", "ls"], expected: "complete" },
		{ payload: "a; b | c || d\ne &", commands: ["a", "b", "c", "d", "e"], expected: "complete" },
		{ payload: "git status; rm -rf ~", commands: ["git status"], expected: "residue" },
		{ payload: "git status; rm -rf ~", commands: ["rm -rf ~"], expected: "residue" },
		{ payload: "ls", commands: ["ls", "ls"], expected: "missing" },
		{ payload: "b; a", commands: ["a", "b"], expected: "residue" },
		{ payload: "ls", commands: [], expected: "residue" },
		{ payload: "ls", commands: [" "], expected: "missing" },
		{ payload: "(ls)", commands: ["ls"], expected: "residue" },
		{ payload: "ls $(rm x)", commands: ["ls ", "rm x"], expected: "residue" },
	])("finds `$payload` split as $commands $expected", ({ payload, commands, expected }) => {
		expect(tileCommands(payload, commands).kind).toBe(expected);
	});

	it("never reports a list that leaves out one of the payload's commands as complete", () => {
		const word = fc.stringMatching(/^[a-z][a-z0-9 ./-]{0,12}[a-z0-9]$/);
		const separator = fc.constantFrom("; ", " && ", " || ", " | ", "\n");
		fc.assert(
			fc.property(fc.array(fc.tuple(word, separator), { minLength: 2, maxLength: 8 }), fc.nat(), (pairs, pick) => {
				const commands = pairs.map(([command]) => command);
				const payload = pairs.map(([command, sep], i) => (i === pairs.length - 1 ? command : command + sep)).join("");
				expect(tileCommands(payload, commands).kind).toBe("complete");
				const dropped = commands.filter((_, i) => i !== pick % commands.length);
				const omitted = commands[pick % commands.length] as string;
				// Dropping a command whose text also occurs inside a kept one can still tile only if that text is all separators.
				if (!dropped.some((kept) => kept.includes(omitted))) {
					expect(tileCommands(payload, dropped).kind).not.toBe("complete");
				}
			}),
			{ numRuns: 300 },
		);
	});
});
