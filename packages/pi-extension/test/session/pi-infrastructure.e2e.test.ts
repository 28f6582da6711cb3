import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ToolCall } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { runPi, type Workspace, workspace } from "../support/pi-session-harness";

/**
 * ADR 0036 (seed 000, "External directory detection": Pi infrastructure reads are auto-allowed before the
 * gate; ADR 0036): Pi's own files are read without a prompt, in a real Pi session without UI (an ask would be
 * refused as unavailable, so a clean read proves no one was asked).
 */
const EXTERNAL_ASKS = { permission: { "*": "allow", external_directory: "ask" } };

function read(path: string, id: string): ToolCall {
	return { type: "toolCall", id, name: "read", arguments: { path } };
}

function writeSkill(dir: string, name: string): string {
	mkdirSync(join(dir, name), { recursive: true });
	const file = join(dir, name, "SKILL.md");
	writeFileSync(file, `---\nname: ${name}\ndescription: A test skill.\n---\nDo the thing.\n`);
	return file;
}

function elsewhere(space: Workspace, relative: string): string {
	const dir = join(space.home, "..", relative);
	mkdirSync(dir, { recursive: true });
	return dir;
}

describe("Pi's own files (real Pi sessions, ADR 0036)", () => {
	it("reads a skill's SKILL.md under the agent dir, and a loaded package's skill, with no prompt", async () => {
		const space = workspace({}, EXTERNAL_ASKS);
		const own = writeSkill(join(space.agentDir, "skills"), "tidy");
		const packaged = writeSkill(elsewhere(space, "vendor/some-package/skills"), "deploy");
		const run = await runPi(space, {
			turns: [[read(own, "c1")], [read(packaged, "c2")]],
			skillPaths: [join(packaged, "..")],
		});
		expect(run.ends.map((end) => end.isError)).toEqual([false, false]);
		expect(run.resultText(0)).toContain("Do the thing.");
		expect(run.decisions.filter((fact) => fact.gate === "external-directory")).toMatchObject([
			{ result: "allow", resolution: "infrastructure_auto_allowed", decidedBy: "infrastructure" },
			{ result: "allow", resolution: "infrastructure_auto_allowed", decidedBy: "infrastructure" },
		]);
	});

	it("still asks about the agent dir's other files (credentials live there) and never lets a write through", async () => {
		const space = workspace({}, EXTERNAL_ASKS);
		writeFileSync(join(space.agentDir, "auth.json"), "{}\n");
		const run = await runPi(space, {
			turns: [
				[read(join(space.agentDir, "auth.json"), "c1")],
				[
					{
						type: "toolCall",
						id: "c2",
						name: "write",
						arguments: { path: join(space.agentDir, "skills", "x", "SKILL.md"), content: "x" },
					},
				],
			],
			tools: ["read", "write"],
		});
		expect(run.ends.map((end) => end.isError)).toEqual([true, true]);
		expect(run.resultText(0)).toContain("no interactive UI or authority could answer");
	});

	it("honours a glob in `piInfrastructureReadPaths` (`~/.cache/*/docs`)", async () => {
		const space = workspace({}, { ...EXTERNAL_ASKS, piInfrastructureReadPaths: ["~/.cache/*/docs"] });
		const docs = join(space.home, ".cache", "tool", "docs");
		mkdirSync(docs, { recursive: true });
		writeFileSync(join(docs, "guide.md"), "guide\n");
		writeFileSync(join(space.home, ".cache", "tool", "secret.md"), "secret\n");
		const run = await runPi(space, {
			turns: [[read(join(docs, "guide.md"), "c1")], [read(join(space.home, ".cache", "tool", "secret.md"), "c2")]],
		});
		expect(run.ends.map((end) => end.isError)).toEqual([false, true]);
	});

	// ADR 0036 (seed 000, "Skill-read gate"): a skill at `ask` is asked about when read, not only when invoked.
	it("asks about reading a skill a `skill` rule asks about (refused here: no one to ask), and reads an allowed one", async () => {
		const config = { permission: { "*": "allow", external_directory: "ask", skill: { "*": "allow", deploy: "ask" } } };
		const space = workspace({}, config);
		const skills = elsewhere(space, "vendor/pkg/skills");
		const asked = writeSkill(skills, "deploy");
		const allowed = writeSkill(skills, "tidy");
		const run = await runPi(space, { turns: [[read(asked, "c1")], [read(allowed, "c2")]], skillPaths: [skills] });
		expect(run.ends.map((end) => end.isError)).toEqual([true, false]);
		expect(run.resultText(0)).toContain("skill `deploy`");
		expect(run.decisions[0]).toMatchObject({
			gate: "skill-read",
			value: "deploy",
			resolution: "confirmation_unavailable",
		});
	});
});
