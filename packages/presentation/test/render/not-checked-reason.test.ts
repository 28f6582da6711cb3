import { describe, expect, it } from "vitest";
import { buildBashAskPayload } from "../../src/build/bash-ask-payload";
import { buildForwardedAskPayload } from "../../src/build/forwarded-ask-payload";
import { factLines } from "../../src/fact-vocabulary";
import { renderAgentDenial } from "../../src/render/agent-denial";
import { type DialogOptions, renderDialog } from "../../src/render/dialog-renderer";
import { renderFallbackText } from "../../src/render/fallback-text";
import { fullViewLines } from "../../src/render/full-view";
import { PLAIN_PAINTER } from "../../src/render/painter";
import { BASE, bashPayload, UNPARSEABLE_REASON, unparseableBashPayload } from "../support/payload-fixtures";

const WIDE: DialogOptions = { width: 120, maxRows: 24, fieldMaxWidth: 100, painter: PLAIN_PAINTER, expanded: false };
const occurrences = (rows: readonly string[]) => rows.filter((row) => row.includes(UNPARSEABLE_REASON)).length;

describe("the parser's reason a command could not be checked", () => {
	it("is a fact line of the dialog, after the rule, shown once", () => {
		const rows = renderDialog(unparseableBashPayload(), WIDE);
		expect(rows).toEqual([
			"Permission request: bash command",
			"agent       : build · session s-1",
			"tool        : bash",
			"rule        : <unparseable-bash-command>",
			`not checked : ${UNPARSEABLE_REASON}`,
			"command     : rm -rf\\\\n build",
		]);
	});

	it("stays in the dialog when the row budget elides the evidence, and in the complete view once", () => {
		const units = Array.from({ length: 12 }, (_, i) => ({ text: `echo ${i}`, context: null, start: null }));
		const payload = buildBashAskPayload({
			...BASE,
			matchedPattern: "<unparseable-bash-command>",
			ruleOrigin: null,
			toolName: "bash",
			invokedToolName: null,
			command: units.map((unit) => unit.text).join("; "),
			unit: { text: "echo 0", context: null, start: null },
			executedUnit: null,
			units,
			notChecked: UNPARSEABLE_REASON,
		});
		const rows = renderDialog(payload, { ...WIDE, maxRows: 9 });
		expect(rows.at(-1)).toMatch(/^\+\d+ more evidence items/);
		expect(occurrences(rows)).toBe(1);
		expect(occurrences(fullViewLines(payload).map((line) => `${line.lead}${line.text}`))).toBe(1);
	});

	it("titles the no-TUI fallback select and a forwarded ask the same way", () => {
		expect(renderFallbackText(unparseableBashPayload(), WIDE).title).toContain(`not checked : ${UNPARSEABLE_REASON}`);
		const forwarded = buildForwardedAskPayload({
			child: unparseableBashPayload(),
			forwarding: { requesterAgentName: "worker", requesterSessionId: "c-1" },
		});
		expect(factLines(forwarded)).toContainEqual({ label: "not checked", value: UNPARSEABLE_REASON, flagged: false });
	});

	it("is no fact of an ask that was checked completely", () => {
		expect(factLines(bashPayload()).map((line) => line.label)).not.toContain("not checked");
	});

	it("is named in the agent's denial, whoever refused, without the command", () => {
		const subject = unparseableBashPayload();
		const clause = `The command could not be checked completely: ${UNPARSEABLE_REASON}.`;
		for (const text of [
			renderAgentDenial({ kind: "user", subject, reason: null }),
			renderAgentDenial({ kind: "parent-user", subject, reason: "no" }),
			renderAgentDenial({ kind: "judge", subject, name: "judge", inParent: false, reason: null }),
			renderAgentDenial({ kind: "unavailable", subject, cause: "no UI" }),
		]) {
			expect(text).toContain(clause);
			expect(text).not.toContain("rm -rf");
		}
		expect(renderAgentDenial({ kind: "user", subject, reason: null })).toBe(
			`[pi-permissions] Denied by the user: bash command, matched rule \`<unparseable-bash-command>\`. ${clause}`,
		);
	});

	it("is left out of the denial when it quotes the command, saying so", () => {
		const subject = buildBashAskPayload({
			...BASE,
			matchedPattern: "<unparseable-bash-command>",
			ruleOrigin: null,
			toolName: "bash",
			invokedToolName: null,
			command: 'eval "eval \\"rm -rf x\\""',
			unit: { text: 'eval "eval \\"rm -rf x\\""', context: null, start: null },
			executedUnit: null,
			units: [],
			notChecked: 'payload `eval "rm -rf x"` is unparseable: nested too deeply to check',
		});
		const text = renderAgentDenial({ kind: "unavailable", subject, cause: "no UI" });
		expect(text).toContain("The command could not be checked completely (the reason quotes the command).");
		expect(text).not.toContain("rm -rf x");
	});

	it("is said once when the reason already states it (yolo's refusal)", () => {
		const reason = `yolo does not approve a command that could not be checked while the policy denies some commands: ${UNPARSEABLE_REASON}`;
		const text = renderAgentDenial({ kind: "policy", subject: unparseableBashPayload(), reason });
		expect(text.split(UNPARSEABLE_REASON)).toHaveLength(2);
	});
});
