import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withoutDeniedSkills, withoutDeniedTools } from "../../src/prompt/narrow-system-prompt";

// The shape Pi 1.6 renders (printed from a real session): a `<tools>` list of `- name: snippet` lines.
const PROMPT = [
	"You are a coding assistant running inside pi.",
	"",
	"<tools>",
	"- bash: Execute bash commands (ls, grep, find, etc.)",
	"- read: Read file contents",
	"- edit: Make precise file edits",
	"",
	"Additional tools may be available.",
	"</tools>",
	"",
	"<rules>",
	"- Use read to examine files instead of cat or sed.",
	"</rules>",
	"",
	"<cwd>",
	"/tmp/project",
	"</cwd>",
].join("\n");

const SKILLS_PROMPT = [
	"<skills>",
	"The following skills provide specialized instructions for specific tasks.",
	"",
	"<available_skills>",
	"  <skill>",
	"    <name>deploy</name>",
	"    <description>Ships it</description>",
	"    <location>/skills/deploy/SKILL.md</location>",
	"  </skill>",
	"  <skill>",
	"    <name>a&amp;b</name>",
	"    <description>Odd name</description>",
	"    <location>/skills/ab/SKILL.md</location>",
	"  </skill>",
	"</available_skills>",
	"</skills>",
].join("\n");

const only =
	(...names: string[]) =>
	(name: string) =>
		names.includes(name);

describe("withoutDeniedTools", () => {
	it("returns the identical string when nothing is denied", () => {
		expect(withoutDeniedTools(PROMPT, () => false)).toBe(PROMPT);
	});

	it.each([
		["read", ["- read: Read file contents"]],
		["edit", ["- edit: Make precise file edits"]],
		["bash", ["- bash: Execute bash commands (ls, grep, find, etc.)"]],
	])("removes only the `%s` line from the tools list", (tool, removed) => {
		const expected = PROMPT.split("\n")
			.filter((line) => !removed.includes(line))
			.join("\n");
		expect(withoutDeniedTools(PROMPT, only(tool))).toBe(expected);
	});

	it("leaves lines outside the tools list alone even when they name a denied tool", () => {
		const narrowed = withoutDeniedTools(PROMPT, only("read"));
		expect(narrowed).toContain("- Use read to examine files instead of cat or sed.");
	});

	it("returns a prompt without a tools list unchanged", () => {
		const custom = "You are a pirate.\n- read: not a tools list";
		expect(withoutDeniedTools(custom, () => true)).toBe(custom);
	});

	it("removes a multi-line entry with its continuation lines", () => {
		const prompt = "<tools>\n- read: Read\n  more about read\n- bash: Run\n</tools>";
		expect(withoutDeniedTools(prompt, only("read"))).toBe("<tools>\n- bash: Run\n</tools>");
	});

	it("keeps the identical string for any text when nothing is denied", () => {
		fc.assert(
			fc.property(fc.string({ maxLength: 200 }), (text) => {
				const prompt = `${text}\n<tools>\n${text}\n</tools>\n${text}`;
				expect(withoutDeniedTools(prompt, () => false)).toBe(prompt);
				expect(withoutDeniedSkills(prompt, () => false)).toBe(prompt);
			}),
			{ numRuns: 200 },
		);
	});

	it("changes no line other than the denied tools' entries", () => {
		const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
		const outside = fc.array(
			fc.string({ maxLength: 30 }).filter((line) => !line.includes("\n") && !line.includes("<")),
			{ maxLength: 4 },
		);
		const tools = fc.uniqueArray(fc.record({ name, snippet: fc.stringMatching(/^[A-Za-z ,.()]{1,20}$/) }), {
			selector: (tool) => tool.name,
			maxLength: 6,
		});
		fc.assert(
			fc.property(outside, tools, outside, fc.func(fc.boolean()), (before, entries, after, denied) => {
				const render = (kept: readonly { name: string; snippet: string }[]) =>
					[
						...before,
						"<tools>",
						...kept.map((tool) => `- ${tool.name}: ${tool.snippet}`),
						"",
						"Additional tools may be available.",
						"</tools>",
						...after,
					].join("\n");
				const isDenied = (toolName: string) => denied(toolName);
				expect(withoutDeniedTools(render(entries), isDenied)).toBe(
					render(entries.filter((tool) => !isDenied(tool.name))),
				);
			}),
			{ numRuns: 200 },
		);
	});
});

describe("withoutDeniedSkills", () => {
	it("returns the identical string when no skill is denied", () => {
		expect(withoutDeniedSkills(SKILLS_PROMPT, () => false)).toBe(SKILLS_PROMPT);
	});

	it("removes the whole entry of a denied skill and nothing else", () => {
		const narrowed = withoutDeniedSkills(SKILLS_PROMPT, only("deploy"));
		const lines = SKILLS_PROMPT.split("\n");
		expect(narrowed).toBe([...lines.slice(0, 4), ...lines.slice(9)].join("\n"));
	});

	it("matches a skill by its unescaped name", () => {
		const narrowed = withoutDeniedSkills(SKILLS_PROMPT, only("a&b"));
		expect(narrowed).not.toContain("Odd name");
		expect(narrowed).toContain("<name>deploy</name>");
	});

	it("leaves the tools list alone", () => {
		expect(withoutDeniedSkills(PROMPT, () => true)).toBe(PROMPT);
	});
});
