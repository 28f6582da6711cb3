import { describe, expect, it } from "vitest";
import { bashCommandRecord, MAX_RECORDED_COMMAND_NAMES } from "../../src/pipeline/bash-command-record";

const unit = (commandName: string | null, raw: string | null = commandName) => ({
	commandName,
	nameWord: raw === null ? null : { raw, parts: [] },
});

describe("bashCommandRecord", () => {
	it("keeps the whole command and every unit's command name in order", () => {
		expect(bashCommandRecord({ command: "ls x ; echo y", units: [unit("ls"), unit("echo")] })).toEqual({
			command: "ls x ; echo y",
			commands: ["ls", "echo"],
			commandsOmitted: 0,
		});
	});

	it("names a command that is not a literal word as written, and skips units that run no command", () => {
		const record = bashCommandRecord({ command: "x", units: [unit(null, null), unit(null, "$CMD"), unit("true")] });
		expect(record.commands).toEqual(["$CMD", "true"]);
	});

	it("lists at most the bound and counts the rest", () => {
		const units = Array.from({ length: MAX_RECORDED_COMMAND_NAMES + 5 }, () => unit("echo"));
		const record = bashCommandRecord({ command: "x", units });
		expect(record.commands).toHaveLength(MAX_RECORDED_COMMAND_NAMES);
		expect(record.commandsOmitted).toBe(5);
	});
});
