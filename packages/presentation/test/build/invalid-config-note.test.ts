import { describe, expect, it } from "vitest";
import { buildBashAskPayload } from "../../src/build/bash-ask-payload";
import { invalidConfigEvidence } from "../../src/build/invalid-config-note";
import type { LocalPromptPayload } from "../../src/prompt-payload";
import { renderAgentDenial } from "../../src/render/agent-denial";
import { renderDialog } from "../../src/render/dialog-renderer";
import { PLAIN_PAINTER } from "../../src/render/painter";
import { BASE } from "../support/payload-fixtures";

const PROJECT = "/repo/.pi/extensions/pi-permissions/config.json";
const AGENT = "/home/u/.pi/agent/agents/build.permissions.json";

function failClosedAsk(
	scopes: Parameters<typeof invalidConfigEvidence>[0],
	rule: { readonly matchedPattern: string | null; readonly ruleOrigin: "fail-closed" | "builtin" | "global" | null } = {
		matchedPattern: null,
		ruleOrigin: "fail-closed",
	},
): LocalPromptPayload {
	const payload = buildBashAskPayload({
		...BASE,
		...rule,
		toolName: "bash",
		invokedToolName: null,
		command: "ls",
		unit: { text: "ls", context: null, start: 0 },
		executedUnit: null,
		units: [{ text: "ls", context: null, start: 0 }],
	});
	return { ...payload, evidence: [...payload.evidence, ...invalidConfigEvidence(scopes)] };
}

describe("the wording of an ask a broken config forced (ADR 0033)", () => {
	it("names the invalid project config in the dialog's rule line and its file as evidence", () => {
		const lines = renderDialog(failClosedAsk([{ scope: "project", file: PROJECT }]), {
			width: 120,
			maxRows: 24,
			fieldMaxWidth: 100,
			painter: PLAIN_PAINTER,
			expanded: false,
		});
		expect(lines).toContain("rule    : your project config is invalid, so allow rules are asked");
		expect(lines).toContain(`invalid config: ${PROJECT}`);
		expect(lines.join("\n")).not.toContain("no matching rule");
	});

	it("tells the agent the same, with the file", () => {
		const text = renderAgentDenial({
			kind: "user",
			subject: failClosedAsk([{ scope: "project", file: PROJECT }]),
			reason: null,
		});
		expect(text).toBe(
			`[pi-permissions] Denied by the user: bash command, your project config is invalid, so allow rules are asked: ${PROJECT}.`,
		);
	});

	it("names every invalid scope and file together", () => {
		const subject = failClosedAsk([
			{ scope: "project", file: PROJECT },
			{ scope: "agent", file: AGENT },
		]);
		expect(renderAgentDenial({ kind: "unavailable", subject, cause: "no UI" })).toBe(
			`[pi-permissions] Approval was required for bash command, your project and agent configs are invalid, so allow rules are asked: ${PROJECT}, ${AGENT}, but no interactive UI or authority could answer (no UI). The call was not run.`,
		);
	});

	it("falls back to a general sentence when no scope was handed in", () => {
		const text = renderAgentDenial({ kind: "user", subject: failClosedAsk([]), reason: null });
		expect(text).toBe(
			"[pi-permissions] Denied by the user: bash command, a config file is invalid, so allow rules are asked.",
		);
	});

	it.each([
		[
			"no rule",
			{ matchedPattern: null, ruleOrigin: null },
			"rule    : your global config is invalid, so allow rules are asked",
		],
		[
			"the built-in default",
			{ matchedPattern: "*", ruleOrigin: "builtin" },
			"rule    : * (your global config is invalid, so allow rules are asked)",
		],
	] as const)("explains an ask %s raised while the global config is invalid (issue 34)", (_name, rule, line) => {
		const GLOBAL = "/home/u/.pi/agent/extensions/pi-permissions/config.json";
		const lines = renderDialog(failClosedAsk([{ scope: "global", file: GLOBAL }], rule), {
			width: 120,
			maxRows: 24,
			fieldMaxWidth: 100,
			painter: PLAIN_PAINTER,
			expanded: false,
		});
		expect(lines).toContain(line);
		expect(lines).toContain(`invalid config: ${GLOBAL}`);
		expect(lines.join("\n")).not.toContain("no matching rule");
	});

	it("leaves an ask a rule of a valid scope raised as it is, even beside an invalid file's evidence", () => {
		const lines = renderDialog(
			failClosedAsk([{ scope: "project", file: PROJECT }], { matchedPattern: "git *", ruleOrigin: "global" }),
			{ width: 120, maxRows: 24, fieldMaxWidth: 100, painter: PLAIN_PAINTER, expanded: false },
		);
		expect(lines).toContain("rule    : git * (global)");
	});

	it("says no matching rule when no scope is invalid", () => {
		const lines = renderDialog(failClosedAsk([], { matchedPattern: null, ruleOrigin: null }), {
			width: 120,
			maxRows: 24,
			fieldMaxWidth: 100,
			painter: PLAIN_PAINTER,
			expanded: false,
		});
		expect(lines).toContain("rule    : no matching rule");
	});
});
