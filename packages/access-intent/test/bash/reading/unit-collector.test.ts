import { describe, expect, it } from "vitest";
import { ParseBudget } from "../../../src/bash/reading/parse-budget";
import { SourceIndex } from "../../../src/bash/reading/source-index";
import { type CollectOutcome, collectDrafts } from "../../../src/bash/reading/unit-collector";
import { parser } from "../../support/bash-fixture";

function collect(command: string): CollectOutcome {
	const tree = parser.parse(command);
	if (tree === null) throw new Error("parse cancelled");
	try {
		return collectDrafts(tree, new SourceIndex(command), new ParseBudget(), {
			context: null,
			nesting: [],
			markers: [],
			prefixes: new Map(),
		});
	} finally {
		tree.delete();
	}
}

describe("collectDrafts", () => {
	it("drafts units in source order, compound statements first", () => {
		const outcome = collect("{ a; } && b");
		expect(outcome.kind).toBe("drafts");
		if (outcome.kind === "drafts")
			expect(outcome.drafts.map((draft) => draft.kind)).toEqual(["compound", "simple", "simple"]);
	});

	it.each([
		["time { rm x; }", "time", 0, 5],
		["time -p { rm x; }", "time", 0, 8],
		["! { rm x; }", "negation", 0, 1],
		["coproc { rm x; }", "coproc", 0, 7],
		["coproc worker { rm x; }", "coproc", 0, 14],
	])("proposes blanking the prefix of %s", (command, label, start, end) => {
		const outcome = collect(command);
		expect(outcome.kind).toBe("misparse");
		if (outcome.kind === "misparse") expect(outcome.repairs).toEqual([{ start, end, label }]);
	});

	it("reports a misread construct it cannot repair", () => {
		const outcome = collect("sudo { rm x; }");
		expect(outcome).toMatchObject({ kind: "misparse", repairs: [] });
	});

	it("stops at the node budget", () => {
		const tree = parser.parse("a; b; c; d");
		if (tree === null) throw new Error("parse cancelled");
		try {
			const budget = new ParseBudget({ ...new ParseBudget().limits, maxVisitedNodes: 2 });
			const outcome = collectDrafts(tree, new SourceIndex("a; b; c; d"), budget, {
				context: null,
				nesting: [],
				markers: [],
				prefixes: new Map(),
			});
			expect(outcome.kind).toBe("over-budget");
			expect(budget.exceeded).toBe("visited-nodes");
		} finally {
			tree.delete();
		}
	});
});
