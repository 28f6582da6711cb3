import { describe, expect, it } from "vitest";
import { plainStatement } from "../../../src/bash/reading/plain-statement";

/** The node text as word lists per command, or `null`. */
function read(text: string): { commands: string[][]; separators: readonly string[] } | null {
	const statement = plainStatement(text, 0, text.length);
	if (statement === null) return null;
	return {
		commands: statement.commands.map((words) => words.map((range) => text.slice(range.start, range.end))),
		separators: statement.separators,
	};
}

describe("plainStatement", () => {
	it.each([
		["a && b", [["a"], ["b"]], ["&&"]],
		[
			"git log -n 4 || npm test -- --run x",
			[
				["git", "log", "-n", "4"],
				["npm", "test", "--", "--run", "x"],
			],
			["||"],
		],
		[
			'grep -n "p 1" src/a.ts | head -n 5',
			[
				["grep", "-n", '"p 1"', "src/a.ts"],
				["head", "-n", "5"],
			],
			["|"],
		],
		[
			"cat\tpackage.json | jq -r .version",
			[
				["cat", "package.json"],
				["jq", "-r", ".version"],
			],
			["|"],
		],
		['echo "v$V" && a', [["echo", '"v$V"'], ["a"]], ["&&"]],
	])("reads %j as plain commands and separators", (text, commands, separators) => {
		expect(read(text)).toEqual({ commands, separators });
	});

	it.each([
		["a | b && c", "mixes a pipe with a list operator"],
		["a&&b", "has a separator without blanks"],
		["a && b > out", "has a redirect"],
		["a && $(b)", "has a substitution"],
		["a && if", "starts a command with a reserved word"],
		["A=1 a && b", "starts with an assignment"],
		["a && b;", "holds a semicolon"],
		["a |& b", "pipes stderr"],
		["a && b &", "sends a job to the background"],
		["a", "is one command"],
		['a && "b c" d', "names a command with quotes"],
		["a && echo $x", "holds an unquoted expansion"],
	])("leaves %j to the walk: it %s", (text) => {
		expect(read(text)).toBeNull();
	});
});
