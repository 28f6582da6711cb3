import { composePolicy, POSIX_FLAVOR } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { toolInputOf } from "../src/call-input";

const policy = composePolicy({
	scopes: [{ scope: "global", status: "valid", config: { shellTools: { run: { commandArgument: "script" } } } }],
	env: { home: "/home/u", flavor: POSIX_FLAVOR },
});

describe("toolInputOf", () => {
	it("takes the command text of bash as is, even when it looks like JSON", () => {
		expect(toolInputOf("bash", '{ echo "a"; }', policy)).toEqual({ ok: true, value: { command: '{ echo "a"; }' } });
	});

	it("puts a shell alias's text under its command argument", () => {
		expect(toolInputOf("run", "ls", policy)).toEqual({ ok: true, value: { script: "ls" } });
	});

	it("parses a JSON object for other tools", () => {
		expect(toolInputOf("read", '{"path":"a"}', policy)).toEqual({ ok: true, value: { path: "a" } });
	});

	it.each(["a.txt", "[]", "null", "3", '"x"'])("refuses %s for a non-shell tool", (text) => {
		const read = toolInputOf("read", text, policy);
		expect(read.ok).toBe(false);
	});
});
