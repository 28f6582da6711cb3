import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readAgentFrontmatter } from "../../src/config/agent-frontmatter";
import { toPlainValue } from "../../src/config/ordered-value";

const permissionOf = (text: string): unknown => {
	const read = readAgentFrontmatter(text);
	if (read.kind !== "permission") throw new Error(`no permission block: ${read.kind}`);
	return toPlainValue(read.document.value);
};

describe("readAgentFrontmatter", () => {
	it.each([
		{
			title: "plain maps",
			yaml: "permission:\n  bash: deny\n  read: allow",
			permission: { bash: "deny", read: "allow" },
		},
		{
			title: "quoted patterns",
			yaml: "permission:\n  bash:\n    'git *': allow\n    \"rm -rf *\": deny",
			permission: { bash: { "git *": "allow", "rm -rf *": "deny" } },
		},
		{
			title: "a deny rule with a reason",
			yaml: "permission:\n  bash:\n    'npm *': { action: deny, reason: Use pnpm }",
			permission: { bash: { "npm *": { action: "deny", reason: "Use pnpm" } } },
		},
		{
			title: "number-like and exotic keys as the text written",
			yaml: "permission:\n  bash:\n    1e3: deny\n    0x1F: deny\n    ~: deny\n    yes: deny",
			permission: { bash: { "1e3": "deny", "0x1F": "deny", "~": "deny", yes: "deny" } },
		},
		{ title: "a flow map", yaml: "permission: { bash: deny }", permission: { bash: "deny" } },
	])("reads $title as text, never as numbers or booleans", ({ yaml, permission }) => {
		expect(permissionOf(`---\n${yaml}\n---\nbody`)).toEqual({ permission });
	});

	it.each([
		{ title: "CRLF line endings", text: "---\r\npermission:\r\n  bash: deny\r\n---\r\nbody" },
		{ title: "a `...` closing line", text: "---\npermission:\n  bash: deny\n...\nbody" },
		{ title: "trailing spaces on the fences", text: "---  \npermission:\n  bash: deny\n--- \nbody" },
		{ title: "no body after the frontmatter", text: "---\npermission:\n  bash: deny\n---" },
	])("finds frontmatter with $title", ({ text }) => {
		expect(permissionOf(text)).toEqual({ permission: { bash: "deny" } });
	});

	it.each([
		{ title: "no fence", text: "permission:\n  bash: deny\n" },
		{ title: "a fence that is not on the first line", text: "\n---\npermission: {bash: deny}\n---\n" },
		{ title: "a longer first rule", text: "----\npermission: {bash: deny}\n----\n" },
		{ title: "no `permission:` key", text: "---\nname: x\n---\n" },
		{ title: "empty frontmatter", text: "---\n---\n" },
		{ title: "a frontmatter of only a comment", text: "---\n# nothing\n---\n" },
	])("finds no permission block with $title", ({ text }) => {
		expect(readAgentFrontmatter(text)).toEqual({ kind: "no-permission" });
	});

	it("reports YAML errors at their offset in the whole file", () => {
		const text = "---\nname: x\npermission:\n  bash: deny\n  bash: ask\n---\n";
		const read = readAgentFrontmatter(text);
		expect(read.kind).toBe("malformed");
		if (read.kind !== "malformed") return;
		expect(read.problems[0]?.offset).toBe(text.indexOf("bash: ask"));
		expect(read.problems[0]?.message).toBe("the frontmatter is not valid YAML: Map keys must be unique");
	});

	it("rejects a key that is a list", () => {
		const read = readAgentFrontmatter("---\npermission:\n  ? [a, b]\n  : deny\n---\n");
		expect(read).toMatchObject({ kind: "malformed", problems: [{ message: "a key in the block is not plain text" }] });
	});

	it("rejects an alias bomb before expanding it", () => {
		const bomb = [
			"a: &a [x, x, x, x, x, x, x, x, x, x]",
			"b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]",
			"c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]",
			"permission: { bash: deny }",
		].join("\n");
		expect(readAgentFrontmatter(`---\n${bomb}\n---\n`)).toMatchObject({
			kind: "malformed",
			problems: [{ message: "the frontmatter expands too many `*alias` references" }],
		});
	});

	it("keeps pattern keys in the order written", () => {
		const read = readAgentFrontmatter("---\npermission:\n  bash:\n    '*': allow\n    '0': deny\n---\n");
		if (read.kind !== "permission") throw new Error(read.kind);
		const permission = read.document.value instanceof Map ? read.document.value.get("permission") : null;
		const bash = permission instanceof Map ? permission.get("bash") : null;
		expect(bash instanceof Map ? [...bash.keys()] : []).toEqual(["*", "0"]);
	});

	it("locates a key path at its key in the whole file", () => {
		const text = "---\nname: x\npermission:\n  bash:\n    'git *': maybe\n---\n";
		const read = readAgentFrontmatter(text);
		if (read.kind !== "permission") throw new Error(read.kind);
		expect(read.document.locate(["permission", "bash", "git *"])).toBe(text.indexOf("'git *'"));
		expect(read.document.locate(["permission", "nothing"])).toBe(text.indexOf("permission"));
	});

	it("never throws, whatever follows the opening fence", () => {
		const unit = fc.constantFrom("-", ":", " ", "\n", "a", "&", "*", "[", "]", "{", "}", "'", '"', "?", "#", "!");
		fc.assert(
			fc.property(fc.string({ unit, maxLength: 80 }), (body) => {
				readAgentFrontmatter(`---\n${body}\n---\n`);
			}),
			{ numRuns: 500 },
		);
	});
});
