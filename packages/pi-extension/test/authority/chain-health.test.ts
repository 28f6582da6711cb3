import { describe, expect, it } from "vitest";
import { chainProblemLine, chainProblems, chainReportLines, chainStatusMark } from "../../src/authority/chain-health";
import type { LinkState } from "../../src/service/session-extensions";

const STATES: Readonly<Record<string, LinkState>> = {
	judge: { kind: "registered", problem: null },
	blind: { kind: "registered", problem: "no usable credentials for the judge's model" },
};
const state = (name: string): LinkState => STATES[name] ?? { kind: "unregistered" };

describe("chainProblems", () => {
	it.each<[string, readonly string[], readonly string[]]>([
		["an empty chain has none", [], []],
		["a registered link that reports nothing has none", ["judge"], []],
		["a link that never registered", ["model-judge"], ["unregistered model-judge"]],
		["a registered link that says it cannot answer", ["blind"], ["not-answering blind"]],
		[
			"each link once, in chain order",
			["blind", "judge", "ghost", "blind"],
			["not-answering blind", "unregistered ghost"],
		],
	])("%s", (_name, chain, expected) => {
		expect(chainProblems(chain, state).map((problem) => `${problem.kind} ${problem.name}`)).toEqual(expected);
	});
});

describe("chainProblemLine", () => {
	it("says a link is not registered and that its asks come to the person", () => {
		expect(chainProblemLine({ kind: "unregistered", name: "model-judge" })).toBe(
			"authorizer `model-judge` (authorizerChain) is not registered (not installed, not built, or it failed to start): its asks come to you",
		);
	});

	it("says a registered link is not judging, with its own reason", () => {
		expect(
			chainProblemLine({ kind: "not-answering", name: "model-judge", problem: "no model-judge.json is configured" }),
		).toBe(
			"authorizer `model-judge` (authorizerChain) is not judging, its asks come to you: no model-judge.json is configured",
		);
	});
});

describe("chainReportLines", () => {
	it("puts a link's own reason on its own line, and an unregistered link on one line", () => {
		expect(chainReportLines({ kind: "not-answering", name: "j", problem: "no credentials" })).toEqual([
			"authorizer `j` (authorizerChain) is not judging, its asks come to you:",
			"  no credentials",
		]);
		expect(chainReportLines({ kind: "unregistered", name: "j" })).toEqual([
			chainProblemLine({ kind: "unregistered", name: "j" }),
		]);
	});
});

describe("chainStatusMark", () => {
	it("names the links that are off, or is null when every link answers", () => {
		expect(chainStatusMark([])).toBeNull();
		expect(
			chainStatusMark([
				{ kind: "unregistered", name: "a" },
				{ kind: "not-answering", name: "b", problem: "x" },
			]),
		).toBe("authorizer a, b off, see /permissions");
	});
});
