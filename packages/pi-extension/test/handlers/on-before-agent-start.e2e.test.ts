import { join } from "node:path";
import { fauxToolCall } from "@earendil-works/pi-ai";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { openSession, type PromptSession } from "../support/pi-prompt-session";
import { workspace } from "../support/pi-session-harness";

/** The lines of one `<name>` section of a rendered prompt. */
function section(prompt: string, name: string): string[] {
	const lines = prompt.split("\n");
	const start = lines.indexOf(`<${name}>`);
	const end = lines.indexOf(`</${name}>`, start);
	return start === -1 || end === -1 ? [] : lines.slice(start + 1, end);
}

async function firstSystemPrompt(config: unknown, tools: readonly string[]): Promise<string> {
	const session = await openSession(workspace({}, config), { tools });
	try {
		await session.prompt("go");
		return session.requests[0]?.systemPrompt ?? "";
	} finally {
		await session.close();
	}
}

const SKILLS = { deploy: "Ships the release", docs: "Writes the docs" };

async function withSkills(config: unknown, run: (session: PromptSession) => Promise<void>): Promise<void> {
	const session = await openSession(workspace({}, config), { tools: ["bash", "read"], skills: SKILLS });
	try {
		await run(session);
	} finally {
		await session.close();
	}
}

describe("before_agent_start in a real Pi session", () => {
	it("leaves the tools list the model receives untouched when nothing is denied", async () => {
		const prompt = await firstSystemPrompt({ permission: { "*": "allow" } }, ["bash", "read", "edit"]);
		const tools = section(prompt, "tools").filter((line) => line.startsWith("- "));
		expect(tools.map((line) => line.split(":")[0])).toEqual(["- bash", "- read", "- edit"]);
	});

	it("removes a tool denied outright from the tools list the model receives, and only that line", async () => {
		const allowed = await firstSystemPrompt({ permission: { "*": "allow" } }, ["bash", "read", "edit"]);
		const denied = await firstSystemPrompt({ permission: { "*": "allow", read: "deny" } }, ["bash", "read", "edit"]);
		expect(section(denied, "tools")).toEqual(section(allowed, "tools").filter((line) => !line.startsWith("- read:")));
		expect(denied.split("\n")[0]).toBe(allowed.split("\n")[0]);
		expect(section(denied, "docs")).toEqual(section(allowed, "docs"));
	});

	it("narrows a prompt another extension forced, removing only the denied tool's line", async () => {
		let forced = "";
		const forcing = (pi: ExtensionAPI) => {
			pi.on("before_agent_start", (event) => {
				forced = `Custom head\n${event.systemPrompt}\nCustom tail`;
				return { systemPrompt: forced };
			});
		};
		const config = { permission: { "*": "allow", read: "deny" } };
		const session = await openSession(workspace({}, config), { tools: ["bash", "read"], before: [forcing] });
		try {
			await session.prompt("go");
		} finally {
			await session.close();
		}
		const received = session.requests[0]?.systemPrompt ?? "";
		expect(forced).toContain("- read: ");
		expect(received).toBe(
			forced
				.split("\n")
				.filter((line) => !line.startsWith("- read: "))
				.join("\n"),
		);
	});

	it("leaves a forced prompt byte-identical when nothing is denied", async () => {
		let forced = "";
		const forcing = (pi: ExtensionAPI) => {
			pi.on("before_agent_start", (event) => {
				forced = `${event.systemPrompt}\nCustom tail`;
				return { systemPrompt: forced };
			});
		};
		const session = await openSession(workspace({}, { permission: { "*": "allow" } }), { before: [forcing] });
		try {
			await session.prompt("go");
		} finally {
			await session.close();
		}
		expect(session.requests[0]?.systemPrompt).toBe(forced);
	});

	it("hides a denied skill from the skills the model receives and keeps the others", async () => {
		const config = { permission: { "*": "allow", skill: { "*": "allow", deploy: "deny" } } };
		await withSkills(config, async (session) => {
			await session.prompt("go");
			const skills = section(session.requests[0]?.systemPrompt ?? "", "available_skills");
			expect(skills).toContain("    <name>docs</name>");
			expect(skills.join("\n")).not.toContain("deploy");
		});
	});

	it("keeps every skill in the prompt when none is denied", async () => {
		await withSkills({ permission: { "*": "allow" } }, async (session) => {
			await session.prompt("go");
			const skills = section(session.requests[0]?.systemPrompt ?? "", "available_skills");
			expect(skills).toContain("    <name>deploy</name>");
			expect(skills).toContain("    <name>docs</name>");
		});
	});

	it("feeds Pi's loaded skills to the skill-read gate, so a denied skill's file cannot be read", async () => {
		const config = { permission: { "*": "allow", skill: { "*": "allow", deploy: "deny" } } };
		const space = workspace({}, config);
		const session = await openSession(space, { tools: ["bash", "read"], skills: SKILLS });
		try {
			const read = (name: string, id: string) =>
				fauxToolCall("read", { path: join(space.home, "skills", name, "SKILL.md") }, { id });
			await session.prompt("go", [[read("deploy", "call_1")], [read("docs", "call_2")]]);
			expect(session.ends.map((end) => [end.toolCallId, end.isError])).toEqual([
				["call_1", true],
				["call_2", false],
			]);
			expect(JSON.stringify(session.ends[0]?.result)).not.toContain("SKILL BODY OF deploy");
			expect(JSON.stringify(session.ends[1]?.result)).toContain("SKILL BODY OF docs");
		} finally {
			await session.close();
		}
	});
});
