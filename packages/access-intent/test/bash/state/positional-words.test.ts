import { describe, expect, it } from "vitest";
import { emptyPositionalValue } from "../../../src/bash/state/positional-words";

describe("positional expansions with no positional parameters (Pi's `bash -c`, ADR 0039)", () => {
	it.each([
		["$1", ""],
		["${9}", ""],
		["$@", ""],
		["$*", ""],
		["${@}", ""],
		["${@:2}", ""],
		["${*:1:2}", ""],
		["$#", "0"],
		["${#}", "0"],
		["${#1}", "0"],
		["${1:-.}", "."],
		["${2-10000}", "10000"],
		["${1:+x}", ""],
		["${1+x}", ""],
	])("%s is %j", (raw, value) => {
		expect(emptyPositionalValue(raw)).toBe(value);
	});

	it.each(["$0", "${10}", "${1:-a b}", "${1:-*.ts}", "${1:-$X}", "${1:=x}", "${1#x}", "$X", "$(ls)", "$?"])(
		"%s is not read",
		(raw) => {
			expect(emptyPositionalValue(raw)).toBeNull();
		},
	);
});
