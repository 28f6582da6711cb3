import { describe, expect, it } from "vitest";
import { inputEvidence } from "../../src/build/input-evidence";

describe("inputEvidence", () => {
	it.each([
		{ name: "a string value raw", input: { path: "a b" }, expected: [{ label: "in path", text: "a b", detail: null }] },
		{
			name: "nested values as compact JSON",
			input: { edits: [{ old: "a", new: "b" }], n: 1.5, ok: true, none: null },
			expected: [
				{ label: "in edits", text: '[{"old":"a","new":"b"}]', detail: null },
				{ label: "in n", text: "1.5", detail: null },
				{ label: "in ok", text: "true", detail: null },
				{ label: "in none", text: "null", detail: null },
			],
		},
		{ name: "a non-object input as one entry", input: "raw", expected: [{ label: "in", text: "raw", detail: null }] },
		{
			name: "an array input as one entry",
			input: [1, "a"],
			expected: [{ label: "in", text: '[1,"a"]', detail: null }],
		},
		{ name: "nothing for a missing input", input: undefined, expected: [] },
	])("renders $name", ({ input, expected }) => {
		expect(inputEvidence("in", input)).toEqual(expected);
	});

	it("never throws on cycles, bigints, functions, symbols, non-finite numbers or throwing getters", () => {
		const cyclic: Record<string, unknown> = { a: 1 };
		cyclic.self = cyclic;
		const hostile = {
			get boom(): string {
				throw new Error("no");
			},
		};
		const input = { cyclic, big: 10n, fn: () => 1, sym: Symbol("s"), inf: [Number.POSITIVE_INFINITY], hostile };
		expect(inputEvidence("in", input).map((item) => item.text)).toEqual([
			'{"a":1,"self":"[circular]"}',
			'"10n"',
			'"[function]"',
			'"Symbol(s)"',
			'["Infinity"]',
			'{"boom":"[unreadable]"}',
		]);
	});
});
