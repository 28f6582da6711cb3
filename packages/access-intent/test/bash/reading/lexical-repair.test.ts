import { describe, expect, it } from "vitest";
import {
	escapedBlanksAsWordCharacters,
	literalDollarsAsWordCharacters,
	trailingBackslashAsWordCharacter,
} from "../../../src/bash/reading/lexical-repair";

describe("escapedBlanksAsWordCharacters (ADR 0038)", () => {
	it.each([
		["tr \\  '\\n'", "tr __ '\\n'"],
		["ls \\ #; rm x", "ls __#; rm x"],
		["ls a\\\t#; rm x", "ls a__#; rm x"],
		["sed 's/^>\\ //'", "sed 's/^>__//'"],
		['column -s "\\ "', 'column -s "__"'],
		["find / \\( -a \\) , \\  \\( -b \\)", "find / \\( -a \\) , __ \\( -b \\)"],
		["ls a\\\\ b", "ls a\\\\ b"],
		["ls a\\\\\\ b", "ls a\\\\__b"],
		["cd My\\ Documents", "cd My__Documents"],
		["cat <<E\\ x\nE x", "cat <<E\\ x\nE x"],
		["ls -la", "ls -la"],
	])("%j is read as %j", (command, readable) => {
		const rewritten = escapedBlanksAsWordCharacters(command);
		expect(rewritten).toBe(readable);
		expect(rewritten.length).toBe(command.length);
	});
});

describe("trailingBackslashAsWordCharacter (ADR 0038)", () => {
	it.each([
		["grep -o \\", "grep -o _"],
		["rm x\\", "rm x_"],
		["ls a\\\\\\", "ls a\\\\_"],
		["ls a\\\\", null],
		["echo $\\", null],
		["cat <<E\nx\nE\nls \\", null],
		["ls", null],
	])("%j is read as %j", (command, readable) => {
		expect(trailingBackslashAsWordCharacter(command)).toBe(readable);
	});
});

describe("literalDollarsAsWordCharacters (ADR 0038)", () => {
	it.each([
		["grep total$. f", "grep total_. f"],
		["wc `find | grep .php$`", "wc `find | grep .php_`"],
		["echo a$;rm x", "echo a_;rm x"],
		["echo ${x:-a$}", "echo ${x:-a_}"],
		["echo \\$.", "echo \\$."],
		["echo $$)", "echo $$)"],
		["echo $x $(ls) ${y} $'a' $\"b\" $1 $@", "echo $x $(ls) ${y} $'a' $\"b\" $1 $@"],
		["cat <<E\n$.\nE", "cat <<E\n$.\nE"],
	])("%j is read as %j", (command, readable) => {
		const rewritten = literalDollarsAsWordCharacters(command);
		expect(rewritten).toBe(readable);
		expect(rewritten.length).toBe(command.length);
	});
});
