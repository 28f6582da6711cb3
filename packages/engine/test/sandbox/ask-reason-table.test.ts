import { BASH_SENTINELS, PROTECTED_TARGET_SENTINEL } from "@pi-permissions/presentation";
import { describe, expect, it } from "vitest";
import type { GateName, GateOutcome } from "../../src/gates/gate-outcome";
import { COPIES_GIT_DIR } from "../../src/gates/protected-target-gate";
import { ASK_REASONS, type AskReason, askReasonOf, type ReasonHolder } from "../../src/sandbox/ask-reason-table";

function ask(gate: GateName, matchedPattern: string | null, reason: string | null = null): GateOutcome {
	return {
		gate,
		surface: "bash",
		value: "x",
		state: "ask",
		matchedPattern,
		origin: null,
		basis: "rule",
		reason,
		payload: null,
		suggestion: null,
		access: null,
	};
}

/** One row per reason: an outcome that carries it, and what holds it. */
const ROWS: readonly { readonly reason: AskReason; readonly outcome: GateOutcome; readonly holder: ReasonHolder }[] = [
	{
		reason: "unresolved-path",
		outcome: ask("bash-path", BASH_SENTINELS.unresolvedPath),
		holder: "path-denies-anywhere",
	},
	{
		reason: "recursive-read",
		outcome: ask("bash-recursive-read", BASH_SENTINELS.recursiveRead),
		holder: "path-denies-under-tree",
	},
	{
		reason: "protected-write",
		outcome: ask("protected-target", PROTECTED_TARGET_SENTINEL, "a hook git runs"),
		holder: "protected-regions",
	},
	{
		reason: "git-directory-copy",
		outcome: ask("protected-target", PROTECTED_TARGET_SENTINEL, COPIES_GIT_DIR),
		holder: "never",
	},
	{ reason: "path-rule", outcome: ask("bash-path", "*.env.example"), holder: "never" },
	{ reason: "external-directory-rule", outcome: ask("bash-external-directory", "*"), holder: "never" },
	{ reason: "write-rule", outcome: ask("bash-write", "*"), holder: "never" },
	{ reason: "command-rule", outcome: ask("tool", "rm *"), holder: "never" },
	{ reason: "opaque-code", outcome: ask("tool", BASH_SENTINELS.opaqueWrapper), holder: "never" },
	{ reason: "indirection", outcome: ask("tool", BASH_SENTINELS.indirectionWrapper), holder: "never" },
	{ reason: "unparseable", outcome: ask("tool", BASH_SENTINELS.unparseable), holder: "never" },
	{ reason: "dynamic-name", outcome: ask("tool", BASH_SENTINELS.dynamicCommandName), holder: "never" },
	{ reason: "environment", outcome: ask("tool", BASH_SENTINELS.unknownEnvironment), holder: "never" },
	{ reason: "mode", outcome: ask("mode", null), holder: "never" },
	{ reason: "tool-input", outcome: ask("path", "*.env"), holder: "never" },
];

describe("the ask reasons and what of the sandbox holds each (ADR 0059)", () => {
	it.each(ROWS)("$reason: held by $holder", ({ reason, outcome, holder }) => {
		expect(askReasonOf(outcome)).toBe(reason);
		expect(ASK_REASONS[reason].holder).toBe(holder);
		expect(ASK_REASONS[reason].why.length).toBeGreaterThan(0);
	});

	it("has a row for every reason, and a test row for every row", () => {
		expect(new Set(ROWS.map((row) => row.reason))).toEqual(new Set(Object.keys(ASK_REASONS)));
	});

	it("reads a relocating environment as an environment reason and a rule's default as a command rule", () => {
		expect(askReasonOf(ask("tool", BASH_SENTINELS.relocatingEnvironment))).toBe("environment");
		expect(askReasonOf(ask("tool", null))).toBe("command-rule");
	});
});
