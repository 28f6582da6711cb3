import { describe, expect, it } from "vitest";
import { buildForwardedAskPayload } from "../src/build/forwarded-ask-payload";
import { describeCommandContext, evidenceView, factLines } from "../src/fact-vocabulary";
import { BASH_COMMAND_CONTEXTS } from "../src/prompt-payload";
import { bashPayload, forwardedPayload, mcpPayload, pathPayload } from "./support/payload-fixtures";

describe("factLines", () => {
	it("lists the facts in dialog order, flagging the value", () => {
		expect(factLines(bashPayload())).toEqual([
			{ label: "agent", value: "build · session s-1", flagged: false },
			{ label: "tool", value: "bash", flagged: false },
			{ label: "rule", value: "rm * (project)", flagged: false },
			{ label: "command", value: "rm -rf build", flagged: true },
			{ label: "context", value: "inside command substitution", flagged: false },
		]);
	});

	it("states the surface only when neither the tool name nor the value's label already says it", () => {
		expect(factLines(pathPayload()).map((fact) => fact.label)).toEqual(["agent", "tool", "rule", "path"]);
		expect(factLines(mcpPayload()).map((fact) => fact.label)).toEqual(["agent", "tool", "surface", "rule", "target"]);
	});

	it("spells out a forwarding chain of more than one hop", () => {
		const twice = buildForwardedAskPayload({
			child: forwardedPayload(),
			forwarding: { requesterAgentName: "lead", requesterSessionId: null },
		});
		expect(factLines(twice)[1]).toEqual({
			label: "forwarded",
			value: "lead ← scout (session child-7)",
			flagged: false,
		});
	});
});

describe("describeCommandContext", () => {
	it.each(BASH_COMMAND_CONTEXTS)("describes %s as a phrase", (context) => {
		expect(describeCommandContext(context)).toMatch(/^inside /);
	});
});

describe("evidenceView", () => {
	it("gathers a forwarded ask's evidence, highlights and suggestion from the child", () => {
		const view = evidenceView(forwardedPayload());
		expect(view.evidence).toEqual(bashPayload().evidence);
		expect(view.highlights).toEqual([{ evidenceIndex: 0, start: 7, end: 19 }]);
		expect(view.sessionSuggestion).toBe("rm *");
		expect(view.advisories).toEqual([]);
	});
});
