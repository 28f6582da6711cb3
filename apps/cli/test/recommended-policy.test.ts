import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { recommendedPolicyText } from "../src/recommended-policy";

const README = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");

/** The first fenced block of the README's "Use it in Pi" section. */
function useItInPiBlock(): string {
	const section = README.slice(README.indexOf("## Use it in Pi"));
	const match = /```jsonc\n([\s\S]*?)```/.exec(section);
	if (match === null) throw new Error("no jsonc block under `## Use it in Pi`");
	return match[1] as string;
}

describe("the recommended policy", () => {
	it("is the README's `Use it in Pi` block, word for word", () => {
		expect(useItInPiBlock()).toBe(recommendedPolicyText(null));
	});

	it("is the bundled JSON data, one rule or example per line", () => {
		const text = recommendedPolicyText(null);
		// Without a known schema file the bundled `$schema` (it names an unpublished package) is left out (issue 34).
		const { $schema: _bundled, ...bundled } = JSON.parse(
			readFileSync(new URL("../src/recommended-policy.json", import.meta.url), "utf8"),
		);
		expect(JSON.parse(text)).toEqual(bundled);
		expect(JSON.parse(recommendedPolicyText("file:///schema.json"))).toEqual({
			$schema: "file:///schema.json",
			...bundled,
		});
		expect(text).toContain('\t\t\t"*.env": { "action": "deny", "reason": "environment files hold secrets" },\n');
		expect(text).toContain('\t\t{ "tool": "bash", "command": "git status", "expect": "allow" },\n');
		expect(text.endsWith("}\n")).toBe(true);
	});
});
