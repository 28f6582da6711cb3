import { describe, expect, it } from "vitest";
import { buildBashAskPayload } from "../../src/build/bash-ask-payload";
import { buildPathAskPayload } from "../../src/build/path-ask-payload";
import type { PromptPayloadKind } from "../../src/prompt-payload";
import { type DialogOptions, layoutDialog, renderDialog } from "../../src/render/dialog-renderer";
import { PLAIN_PAINTER } from "../../src/render/painter";
import type { StyledLine } from "../../src/text/line-fitting";
import { cellWidth, lineWidth } from "../support/cell-width";
import { BASE, bashExternalDirectoryPayload, PAYLOAD_BY_KIND } from "../support/payload-fixtures";
import { unsafeCharacters } from "../support/unsafe-characters";

/** Cells of the widest row, as a host sizing a frame would read them. */
function widestRow(rows: readonly StyledLine[]): number {
	return rows.reduce((widest, row) => Math.max(widest, lineWidth(row)), 0);
}

/** Marks the flagged element with «» so a golden shows what is highlighted. */
const MARKING = { highlight: (t: string) => `«${t}»`, dim: (t: string) => t, bold: (t: string) => t };
const WIDE: DialogOptions = { width: 80, maxRows: 24, fieldMaxWidth: 60, painter: MARKING, expanded: false };

const GOLDEN: Readonly<Record<PromptPayloadKind, readonly string[]>> = {
	bash: [
		"Permission request: bash command",
		"agent   : build · session s-1",
		"tool    : bash",
		"rule    : rm * (project)",
		"command : «rm -rf build»",
		"context : inside command substitution",
		"command: echo $(«rm -rf build») && ls",
		"unit: echo $(rm -rf build)",
		"unit: rm -rf build",
		"  ↳ inside command substitution",
		"unit: ls",
	],
	mcp: [
		"Permission request: MCP tool",
		"agent   : build · session s-1",
		"tool    : mcp__exa__search",
		"surface : mcp",
		"rule    : * (builtin)",
		"target  : «exa:search»",
		"argument query: pi permissions",
		"argument limit: 3",
	],
	tool: [
		"Permission request: tool",
		"agent : build · session s-1",
		"tool  : webfetch",
		"rule  : * (global)",
		"value : «webfetch»",
		"input url: https://example.com",
	],
	path: [
		"Permission request: path",
		"agent : build · session s-1",
		"tool  : read",
		"rule  : *.env (global)",
		"path  : «/projects/app/.env»",
		"resolves to: /secrets/app.env",
	],
	external_directory: [
		"Permission request: external directory",
		"agent   : build · session s-1",
		"tool    : read",
		"surface : external_directory",
		"rule    : * (builtin)",
		"path    : «/etc/hosts»",
		"working directory: /projects/app",
	],
	bash_external_directory: [
		"Permission request: external directory (bash)",
		"agent   : build · session s-1",
		"tool    : bash (invoked as sh)",
		"surface : external_directory",
		"rule    : * (builtin)",
		"path    : «/tmp/a.txt»",
		"command: cat «/tmp/a.txt» ../b",
		"working directory: /projects/app",
		"external path: /tmp/a.txt",
		"  ↳ resolves to /private/tmp/a.txt",
		"external path: ../b",
	],
	skill: [
		"Permission request: skill",
		"agent : build · session s-1",
		"rule  : * (agent)",
		"skill : «deploy»",
		"arguments: prod",
	],
	skill_read: [
		"Permission request: skill read",
		"agent : build · session s-1",
		"tool  : read",
		"rule  : deploy (global)",
		"skill : «deploy»",
		"read path: /home/u/.pi/skills/deploy/SKILL.md",
	],
	network: [
		"Permission request: network",
		"agent   : build · session s-1",
		"tool    : bash",
		"surface : network",
		"rule    : * (global)",
		"host    : «example.invalid:443»",
		"from: curl -d @notes.txt https://example.invalid",
		"sends: the file notes.txt",
		"command: make && «curl -d @notes.txt https://example.invalid»",
	],
	forwarded: [
		"Permission request: bash command (forwarded from a subagent)",
		"agent   : scout · subagent · session child-7",
		"tool    : bash",
		"rule    : rm * (project)",
		"command : «rm -rf build»",
		"context : inside command substitution",
		"command: echo $(«rm -rf build») && ls",
		"unit: echo $(rm -rf build)",
		"unit: rm -rf build",
		"  ↳ inside command substitution",
		"unit: ls",
	],
};

describe("renderDialog", () => {
	it.each(Object.keys(GOLDEN) as PromptPayloadKind[])(
		"renders a %s ask one fact per line with its evidence",
		(kind) => {
			expect(renderDialog(PAYLOAD_BY_KIND[kind](), WIDE)).toEqual(GOLDEN[kind]);
		},
	);

	it("shortens facts with a counted mark and elides evidence whole, with a hint naming the expand key", () => {
		const options = { width: 40, maxRows: 9, fieldMaxWidth: 12, painter: MARKING, expanded: false };
		expect(renderDialog(bashExternalDirectoryPayload(), options)).toEqual([
			"Permission request: external direc…(+11)",
			"agent   : build …(+13)",
			"tool    : bash (…(+14)",
			"surface : extern…(+12)",
			"rule    : * (builtin)",
			"path    : «/tmp/a.txt»",
			"command: cat «/tmp/a.txt» ../b",
			"working directory: /projects/app",
			"+2 hidden, 3 cut — ctrl+o",
		]);
	});

	it("shows everything, wrapped to the width, in the complete view", () => {
		const options = { width: 40, maxRows: 9, fieldMaxWidth: 12, painter: MARKING, expanded: true };
		expect(renderDialog(bashExternalDirectoryPayload(), options)).toEqual([
			"Permission request: external directory (",
			"bash)",
			"agent   : build · session s-1",
			"tool    : bash (invoked as sh)",
			"surface : external_directory",
			"rule    : * (builtin)",
			"path    : «/tmp/a.txt»",
			"command: cat «/tmp/a.txt» ../b",
			"working directory: /projects/app",
			"external path: /tmp/a.txt",
			"  ↳ resolves to /private/tmp/a.txt",
			"external path: ../b",
		]);
	});

	it("keeps every fact when the budget is below the facts, dropping only the title", () => {
		const options = { ...WIDE, maxRows: 3 };
		expect(renderDialog(PAYLOAD_BY_KIND.bash(), options)).toEqual([
			"agent   : build · session s-1",
			"tool    : bash",
			"rule    : rm * (project)",
			"command : «rm -rf build»",
			"context : inside command substitution",
			"+4 more evidence items — press ctrl+o for the complete view",
		]);
	});

	it("renders control characters visibly, splitting evidence only at its own line breaks", () => {
		const payload = buildBashAskPayload({
			...BASE,
			toolName: "bash",
			invokedToolName: null,
			command: "printf '\u001b]0;pwned\u0007'\ncat\tx\u202e",
			unit: { text: "cat\tx\u202e", context: null, start: null },
			executedUnit: null,
			units: [],
		});
		const lines = renderDialog(payload, { ...WIDE, painter: PLAIN_PAINTER });
		expect(lines.slice(4)).toEqual([
			"command : cat\\tx\\u202e",
			"command: printf '\\e]0;pwned\\x07'",
			"  cat\\tx\\u202e",
		]);
		for (const line of lines) expect(unsafeCharacters(line)).toEqual([]);
	});

	it("paints the title bold, labels and marks dim, and the flagged value highlighted", () => {
		const tagging = {
			highlight: (t: string) => `<h>${t}</h>`,
			dim: (t: string) => `<d>${t}</d>`,
			bold: (t: string) => `<b>${t}</b>`,
		};
		const lines = renderDialog(PAYLOAD_BY_KIND.skill(), { ...WIDE, painter: tagging });
		expect(lines.slice(0, 4)).toEqual([
			"<b>Permission request: skill</b>",
			"<d>agent : </d>build · session s-1",
			"<d>rule  : </d>* (agent)",
			"<d>skill : </d><h>deploy</h>",
		]);
	});
});

describe("renderDialog on the reported oversized asks", () => {
	const hereString = Array.from({ length: 200 }, (_, line) => `line ${line}: payload 字 \u001b[31m text`).join("\n");
	const hereStringAsk = buildBashAskPayload({
		...BASE,
		toolName: "bash",
		invokedToolName: "shell",
		command: `cat <<< "${hereString}" | grep x`,
		unit: { text: `cat <<< "${hereString}"`, context: "subshell", start: 0 },
		executedUnit: "cat",
		units: [
			{ text: `cat <<< "${hereString}"`, context: "subshell", start: 0 },
			{ text: "grep x", context: null, start: null },
		],
	});
	const longPathAsk = buildPathAskPayload({
		...BASE,
		requester: { agentName: "scout", sessionId: "s-9", subagent: true },
		toolName: "read",
		invokedToolName: null,
		path: `/${"d/".repeat(4_999)}x`,
		canonical: `/real/${"e/".repeat(4_996)}x`,
		command: null,
	});
	const cases = [
		{
			id: "200-line here-string",
			payload: hereStringAsk,
			labels: ["agent", "tool", "rule", "command", "runs", "context"],
		},
		{ id: "10,000-character path", payload: longPathAsk, labels: ["agent", "tool", "rule", "path"] },
	];

	it.each(cases.flatMap((entry) => [80, 120, 160].map((width) => ({ ...entry, width }))))(
		"fits the $id in 24 rows at width $width with every request fact present",
		({ payload, labels, width }) => {
			const options = { width, maxRows: 24, fieldMaxWidth: 160, painter: PLAIN_PAINTER, expanded: false };
			const lines = renderDialog(payload, options);
			expect(lines.length).toBeLessThanOrEqual(24);
			for (const label of labels) expect(lines.some((line) => new RegExp(`^${label} +: \\S`).test(line))).toBe(true);
			for (const line of lines) expect(cellWidth(line)).toBeLessThanOrEqual(width);
			expect(widestRow(layoutDialog(payload, options))).toBeLessThanOrEqual(width);
			expect(lines[lines.length - 1]).toMatch(/ctrl\+o/);
		},
	);

	it("keeps the 10,000-character path in full in the complete view", () => {
		const lines = renderDialog(longPathAsk, {
			width: 80,
			maxRows: 24,
			fieldMaxWidth: 160,
			painter: PLAIN_PAINTER,
			expanded: true,
		});
		const pathRows = lines.slice(
			4,
			lines.findIndex((line) => line.startsWith("resolves to")),
		);
		expect(pathRows.map((row, index) => (index === 0 ? row.slice("path  : ".length) : row.trimStart())).join("")).toBe(
			`/${"d/".repeat(4_999)}x`,
		);
	});
});
