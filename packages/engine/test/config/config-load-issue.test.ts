import { describe, expect, it } from "vitest";
import { formatConfigLoadIssue, formatKeyPath, loadIssue, quoteInput } from "../../src/config/config-load-issue";

describe("formatKeyPath", () => {
	it.each([
		{ keyPath: [], expected: "" },
		{ keyPath: ["permission"], expected: "permission" },
		{ keyPath: ["permission", "bash", "git *"], expected: 'permission.bash["git *"]' },
		{ keyPath: ["piInfrastructureReadPaths", 2], expected: "piInfrastructureReadPaths[2]" },
		{
			keyPath: ["permission", "external_directory", "~/.cache/*"],
			expected: 'permission.external_directory["~/.cache/*"]',
		},
		{ keyPath: ["permission", "mcp__s__t"], expected: "permission.mcp__s__t" },
		{ keyPath: ["$schema"], expected: "$schema" },
	])("writes $keyPath as $expected", ({ keyPath, expected }) => {
		expect(formatKeyPath(keyPath)).toBe(expected);
	});
});

describe("formatConfigLoadIssue", () => {
	const base = {
		keyPath: ["permission", "bash"],
		message: "`yes` is not an action",
		hint: "use `allow`",
		severity: "error",
	} as const;

	it("names the file, the position, the key path, the problem and the fix on one line", () => {
		const issue = loadIssue("schema", "project", "/p/.pi/extensions/pi-permissions/config.json", base, {
			line: 3,
			column: 7,
		});
		expect(formatConfigLoadIssue(issue)).toBe(
			"/p/.pi/extensions/pi-permissions/config.json:3:7: error: permission.bash: `yes` is not an action (fix: use `allow`)",
		);
	});

	it("leaves out a position and key path the issue does not have", () => {
		const issue = loadIssue("unreadable", "global", "/g/config.json", { ...base, keyPath: [] }, null);
		expect(issue).toMatchObject({ line: null, column: null });
		expect(formatConfigLoadIssue(issue)).toBe("/g/config.json: error: `yes` is not an action (fix: use `allow`)");
	});
});

describe("quoteInput", () => {
	it.each([
		{ text: "git *", expected: "`git *`" },
		{ text: 'say "hi"', expected: '`say "hi"`' },
		{ text: "two\nlines\ttab", expected: "`two\\nlines\\ttab`" },
		{ text: "x".repeat(61), expected: `\`${"x".repeat(60)}…\`` },
	])("quotes $text on one bounded line", ({ text, expected }) => {
		expect(quoteInput(text)).toBe(expected);
	});
});
