import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJsoncDocument, recoverPlainValue } from "../../src/config/jsonc-document";
import { MAX_CONFIG_DEPTH, toPlainValue } from "../../src/config/ordered-value";

const parsedValue = (text: string): unknown => {
	const parsed = parseJsoncDocument(text);
	if (!parsed.ok) throw new Error(`did not parse: ${parsed.error.map((problem) => problem.message).join("; ")}`);
	return toPlainValue(parsed.value.value);
};

describe("parseJsoncDocument", () => {
	it.each([
		{ title: "line comments", text: '// a\n{"a": 1} // b', value: { a: 1 } },
		{ title: "block comments", text: '/* a */ {"a": /* b */ 1}', value: { a: 1 } },
		{ title: "a trailing comma in an object", text: '{"a": 1,}', value: { a: 1 } },
		{ title: "a trailing comma in a list", text: '{"a": [1, 2,]}', value: { a: [1, 2] } },
		{ title: "a comment-like string", text: '{"a": "// not a comment"}', value: { a: "// not a comment" } },
		{ title: "escapes", text: '{"a": "tab\\tquote\\"\\u00e9"}', value: { a: 'tab\tquote"é' } },
	])("accepts $title", ({ text, value }) => {
		expect(parsedValue(text)).toEqual(value);
	});

	it.each([
		{ text: '{"a": 1 "b": 2}', offset: 8, message: "a comma is expected" },
		{ text: "{'a': 1}", offset: 1, message: "unexpected text" },
		{ text: '{"a": 1, 2: 3}', offset: 9, message: "a key in double quotes is expected" },
		{ text: '{"a": }', offset: 6, message: "a value is expected" },
		{ text: '{"a" 1}', offset: 5, message: "a colon is expected" },
		{ text: '{"a": 1', offset: 7, message: "a closing `}` is expected" },
		{ text: '{"a": [1', offset: 8, message: "a closing `]` is expected" },
		{ text: '{"a": 1} {}', offset: 9, message: "text follows the end" },
		{ text: '{"a": "open', offset: 6, message: "a string is never closed" },
	])("reports $message at offset $offset of $text", ({ text, offset, message }) => {
		const parsed = parseJsoncDocument(text);
		expect(parsed.ok).toBe(false);
		if (parsed.ok) return;
		expect(parsed.error[0]?.offset).toBe(offset);
		expect(parsed.error[0]?.message).toContain(message);
	});

	it("reports every key written twice in one object, at the later key", () => {
		const parsed = parseJsoncDocument('{"a": 1, "b": {"x": 1, "x": 2}, "a": 3}');
		expect(parsed.ok ? [] : parsed.error.map((problem) => [problem.offset, problem.message])).toEqual([
			[23, "the key `x` appears more than once in this object"],
			[32, "the key `a` appears more than once in this object"],
		]);
	});

	it("accepts nesting up to the depth limit and rejects one level more", () => {
		const nested = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
		expect(parseJsoncDocument(`{"a": ${nested(MAX_CONFIG_DEPTH - 1)}}`).ok).toBe(true);
		const tooDeep = parseJsoncDocument(`{"a": ${nested(MAX_CONFIG_DEPTH)}}`);
		expect(tooDeep.ok ? null : tooDeep.error[0]?.offset).toBe(6 + MAX_CONFIG_DEPTH - 1);
	});

	it("keeps a `__proto__` key as an own key without touching the prototype", () => {
		const value = parsedValue('{"permission": {"__proto__": {"polluted": true}}}') as { permission: object };
		expect(Object.hasOwn(value.permission, "__proto__")).toBe(true);
		expect(Object.getPrototypeOf(value.permission)).toBe(Object.prototype);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});

	it("keeps keys in the order they were written", () => {
		const parsed = parseJsoncDocument('{"*": "allow", "0": "deny", "b": "ask"}');
		expect(parsed.ok && parsed.value.value instanceof Map ? [...parsed.value.value.keys()] : []).toEqual([
			"*",
			"0",
			"b",
		]);
	});

	it("locates a key path at its key, or at the deepest part that exists", () => {
		const text = '{\n  "permission": {\n    "bash": {"git *": "yes"}\n  }\n}';
		const parsed = parseJsoncDocument(text);
		if (!parsed.ok) throw new Error("did not parse");
		expect(parsed.value.locate(["permission", "bash", "git *"])).toBe(text.indexOf('"git *"'));
		expect(parsed.value.locate(["permission", "bash", "missing"])).toBe(text.indexOf('"bash"'));
		expect(parsed.value.locate([])).toBe(0);
	});

	it("lists one problem where the parser reports an error and its echo", () => {
		const parsed = parseJsoncDocument('{"a": x}');
		expect(parsed.ok ? [] : parsed.error.map((problem) => problem.message)).toEqual(["unexpected text"]);
	});

	it("lists at most five parse errors", () => {
		const parsed = parseJsoncDocument("[1 2 3 4 5 6 7 8]");
		expect(parsed.ok ? 0 : parsed.error.length).toBe(5);
	});

	it("reads any JSON value back as JSON.parse does", () => {
		fc.assert(
			fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
				const text = JSON.stringify(value);
				expect(parsedValue(text)).toEqual(JSON.parse(text));
			}),
			{ numRuns: 200 },
		);
	});

	it("never throws, whatever the text", () => {
		fc.assert(
			fc.property(
				fc.string({ unit: fc.constantFrom("{", "}", "[", "]", '"', ":", ",", "/", "*", "a", "1", " ", "\n") }),
				(text) => {
					const parsed = parseJsoncDocument(text);
					if (!parsed.ok) for (const problem of parsed.error) expect(problem.offset).toBeLessThanOrEqual(text.length);
				},
			),
			{ numRuns: 500 },
		);
	});
});

describe("recoverPlainValue", () => {
	it("recovers what precedes the damage of a truncated file", () => {
		expect(recoverPlainValue('{"permission": {"bash": {"rm *": "deny", "ls": "al')).toMatchObject({
			permission: { bash: { "rm *": "deny" } },
		});
	});

	it("keeps a deny over any other value of a duplicated key, and merges duplicated objects", () => {
		expect(
			recoverPlainValue('{"permission": {"bash": {"rm *": "deny"}, "bash": {"rm *": "allow", "ls": "allow"}}}'),
		).toEqual({ permission: { bash: { "rm *": "deny", ls: "allow" } } });
		expect(recoverPlainValue('{"permission": {"bash": {"rm *": "deny"}, "bash": "allow"}}')).toEqual({
			permission: { bash: { "rm *": "deny" } },
		});
	});

	it("recovers nothing from empty or over-deep text", () => {
		expect(recoverPlainValue("  ")).toBeUndefined();
		expect(recoverPlainValue("[".repeat(100))).toBeUndefined();
	});
});
