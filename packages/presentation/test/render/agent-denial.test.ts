import { describe, expect, it } from "vitest";
import { type AgentDenial, renderAgentDenial } from "../../src/render/agent-denial";
import {
	bashExternalDirectoryPayload,
	bashPayload,
	externalDirectoryPayload,
	forwardedPayload,
	mcpPayload,
	pathPayload,
	skillPayload,
	skillReadPayload,
	toolPayload,
} from "../support/payload-fixtures";
import { unsafeCharacters } from "../support/unsafe-characters";

const ROWS: readonly { id: string; denial: AgentDenial; expected: string }[] = [
	{
		id: "a policy denial of a bash unit, without the command",
		denial: { kind: "policy", subject: bashPayload(), reason: "Use pnpm instead" },
		expected:
			"[pi-permissions] Denied by policy: bash command, matched rule `rm *` (project), inside command substitution. Reason: Use pnpm instead",
	},
	{
		id: "a forwarded bash ask the user refused",
		denial: { kind: "user", subject: forwardedPayload(), reason: "not now" },
		expected:
			"[pi-permissions] Denied by the user: bash command, matched rule `rm *` (project), inside command substitution. Reason: not now",
	},
	// ADR 0036 (seed 000, "Subagent permission forwarding"): every forwarded denial names its real decider.
	{
		id: "a forwarded ask the parent session's own rule denied",
		denial: {
			kind: "parent-policy",
			subject: forwardedPayload(),
			pattern: "git push *",
			scope: "global",
			reason: null,
		},
		expected:
			"[pi-permissions] Denied by the parent session's policy: bash command, matched rule `rm *` (project), inside command substitution; the parent's rule `git push *` (global) denies it, so no one was asked.",
	},
	{
		id: "a forwarded ask the parent's user refused",
		denial: { kind: "parent-user", subject: forwardedPayload(), reason: "not now" },
		expected:
			"[pi-permissions] Denied by the user of the parent session: bash command, matched rule `rm *` (project), inside command substitution. Reason: not now",
	},
	{
		id: "an ask a model judge refused here",
		denial: { kind: "judge", subject: pathPayload(), name: "model-judge", inParent: false, reason: "reads secrets" },
		expected:
			"[pi-permissions] Denied by the model judge `model-judge`: path `/projects/app/.env`, via tool `read`, matched rule `*.env` (global). Reason: reads secrets",
	},
	{
		id: "a forwarded ask a model judge refused in the parent",
		denial: { kind: "judge", subject: pathPayload(), name: "model-judge", inParent: true, reason: null },
		expected:
			"[pi-permissions] Denied by the model judge `model-judge` of the parent session: path `/projects/app/.env`, via tool `read`, matched rule `*.env` (global).",
	},
	{
		id: "an MCP target",
		denial: { kind: "policy", subject: mcpPayload(), reason: null },
		expected:
			"[pi-permissions] Denied by policy: MCP target `exa:search`, via tool `mcp__exa__search`, matched rule `*` (builtin).",
	},
	{
		id: "a generic tool, without its input",
		denial: { kind: "user", subject: toolPayload(), reason: "  " },
		expected: "[pi-permissions] Denied by the user: tool `webfetch`, matched rule `*` (global).",
	},
	{
		id: "a path",
		denial: { kind: "policy", subject: pathPayload(), reason: "secrets" },
		expected:
			"[pi-permissions] Denied by policy: path `/projects/app/.env`, via tool `read`, matched rule `*.env` (global). Reason: secrets",
	},
	{
		id: "an external directory",
		denial: { kind: "user", subject: externalDirectoryPayload(), reason: null },
		expected:
			"[pi-permissions] Denied by the user: path outside the working directory `/etc/hosts`, via tool `read`, matched rule `*` (builtin).",
	},
	{
		id: "an external path of a bash command",
		denial: { kind: "policy", subject: bashExternalDirectoryPayload(), reason: null },
		expected:
			"[pi-permissions] Denied by policy: path outside the working directory `/tmp/a.txt`, via tool `bash`, matched rule `*` (builtin).",
	},
	{
		id: "a skill",
		denial: { kind: "policy", subject: skillPayload(), reason: null },
		expected: "[pi-permissions] Denied by policy: skill `deploy`, matched rule `*` (agent).",
	},
	{
		id: "a skill read nobody could answer",
		denial: { kind: "unavailable", subject: skillReadPayload(), cause: "no serving session" },
		expected:
			"[pi-permissions] Approval was required for skill `deploy`, via tool `read`, matched rule `deploy` (global), but no interactive UI or authority could answer (no serving session). The call was not run.",
	},
	{
		id: "a gate error",
		denial: { kind: "gate-error", toolName: "edit" },
		expected: "[pi-permissions] Blocked the `edit` call: the permission check failed, so it was not run.",
	},
];

describe("renderAgentDenial", () => {
	it.each(ROWS)("renders $id", ({ denial, expected }) => {
		expect(renderAgentDenial(denial)).toBe(expected);
	});

	it("names a sentinel rule with no origin and a call no rule matched", () => {
		const payload = bashPayload();
		const subject = {
			kind: payload.kind,
			request: { ...payload.request, matchedPattern: "<opaque-bash-wrapper>", ruleOrigin: null },
		};
		expect(renderAgentDenial({ kind: "user", subject, reason: null })).toBe(
			"[pi-permissions] Denied by the user: bash command, matched rule `<opaque-bash-wrapper>`, inside command substitution.",
		);
		const none = {
			kind: payload.kind,
			request: { ...payload.request, matchedPattern: null, ruleOrigin: null, commandContext: null },
		};
		expect(renderAgentDenial({ kind: "policy", subject: none, reason: null })).toBe(
			"[pi-permissions] Denied by policy: bash command, no rule matched.",
		);
	});

	it("caps a long flagged path and a long reason, and shows their control characters", () => {
		const payload = pathPayload();
		const subject = { kind: payload.kind, request: { ...payload.request, value: `/x/${"a".repeat(1_000)}\u001b[2J` } };
		const text = renderAgentDenial({ kind: "user", subject, reason: `r\n${"z".repeat(2_000)}` });
		expect(text.length).toBeLessThan(900);
		expect(text).toContain("`/x/aaaa");
		expect(text).toContain("…(+");
		expect(text).toContain("Reason: r\\nzzz");
		expect(unsafeCharacters(text)).toEqual([]);
	});
});
