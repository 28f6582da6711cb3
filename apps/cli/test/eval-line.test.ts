import { describe, expect, it } from "vitest";
import { idOfLinePrefix, readEvalLine } from "../src/eval-line";

describe("readEvalLine", () => {
	it("reads a well-formed call", () => {
		expect(readEvalLine('{"id":"1","tool":"bash","input":{"command":"ls"},"agent":"reviewer"}')).toEqual({
			ok: true,
			value: { id: "1", tool: "bash", input: { command: "ls" }, agent: "reviewer" },
		});
	});

	it("reads a call without an agent as the default agent", () => {
		const read = readEvalLine('{"id":"1","tool":"read","input":{"path":"a"}}');
		expect(read.ok && read.value.agent).toBeNull();
	});

	it.each([
		{ line: "not json", id: null, error: "not JSON" },
		{ line: "[1,2]", id: null, error: "JSON object" },
		{ line: '"text"', id: null, error: "JSON object" },
		{ line: '{"tool":"bash","input":{}}', id: null, error: "missing `id`" },
		{ line: '{"id":7,"tool":"bash","input":{}}', id: null, error: "`id` must be a string" },
		{ line: '{"id":"a","input":{}}', id: "a", error: "missing `tool`" },
		{ line: '{"id":"a","tool":3,"input":{}}', id: "a", error: "`tool` must be a string" },
		{ line: '{"id":"a","tool":"","input":{}}', id: "a", error: "unknown tool" },
		{ line: '{"id":"a","tool":"two words","input":{}}', id: "a", error: "unknown tool" },
		{ line: '{"id":"a","tool":"bash"}', id: "a", error: "missing `input`" },
		{ line: '{"id":"a","tool":"bash","input":"ls"}', id: "a", error: "`input` must be a JSON object" },
		{ line: '{"id":"a","tool":"bash","input":null}', id: "a", error: "`input` must be a JSON object" },
		{ line: '{"id":"a","tool":"bash","input":[]}', id: "a", error: "`input` must be a JSON object" },
		{ line: '{"id":"a","tool":"bash","input":{},"agent":5}', id: "a", error: "`agent` must be a string" },
	])("refuses $line with id $id", ({ line, id, error }) => {
		const read = readEvalLine(line);
		expect(read.ok).toBe(false);
		if (read.ok) return;
		expect(read.error.id).toBe(id);
		expect(read.error.error).toContain(error);
	});
});

describe("idOfLinePrefix", () => {
	it.each([
		{ prefix: '{"id":"x",', id: "x" },
		{ prefix: '  { "id" : "a b" , "tool":"bash","input":{"command":"aaaa', id: "a b" },
		{ prefix: '{"tool":"bash","id":"late","input":{"command":"aaa', id: "late" },
		{ prefix: '{"id":"esc\\"aped","tool"', id: 'esc"aped' },
		{ prefix: '{"tool":"bash","input":{"id":"nested","command":"aaa', id: null },
		{ prefix: '{"input":{"command":"aaaaaaaa', id: null },
		{ prefix: '{"id":"cut off bef', id: null },
		{ prefix: '{"id":42,"tool"', id: null },
		{ prefix: '[{"id":"x"}', id: null },
		{ prefix: "not json at all", id: null },
		{ prefix: "", id: null },
		{ prefix: '{"n":[1,{"id":"deep"}],"id":"top",', id: "top" },
	])("$prefix -> $id", ({ prefix, id }) => {
		expect(idOfLinePrefix(prefix)).toBe(id);
	});
});
