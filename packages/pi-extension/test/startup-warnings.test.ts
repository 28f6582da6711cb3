import type { ConfigLoadResult } from "@pi-permissions/engine";
import { composePolicy, POSIX_FLAVOR, type ScopeOutcome } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { ShownWarnings, startupWarnings } from "../src/startup-warnings";

const ENV = { home: "/home/u", flavor: POSIX_FLAVOR };

function loaded(overrides: Partial<ConfigLoadResult>): ConfigLoadResult {
	return { scopes: [], reports: [], issues: [], notices: [], ...overrides };
}

describe("startupWarnings", () => {
	it("warns that an untrusted project's config was skipped, naming the file", () => {
		const config = loaded({
			notices: [
				{
					kind: "project-untrusted",
					scope: "project",
					file: "/p/.pi/extensions/pi-permissions/config.json",
					message: "project scope skipped: the project is not trusted, so its permission rules are not loaded",
				},
			],
		});
		const lines = startupWarnings(config, composePolicy({ scopes: [], env: ENV }));
		expect(lines).toEqual([
			"pi-permissions: project scope skipped: the project is not trusted, so its permission rules are not loaded (/p/.pi/extensions/pi-permissions/config.json)",
		]);
	});

	it("warns when bash inherits a permissive top-level allow", () => {
		const scopes: ScopeOutcome[] = [{ scope: "global", status: "valid", config: { permission: { "*": "allow" } } }];
		const lines = startupWarnings(loaded({ scopes }), composePolicy({ scopes, env: ENV }));
		expect(lines.some((line) => line.includes('permissive top-level "*": "allow"'))).toBe(true);
	});

	it("has nothing to say about a clean config", () => {
		const scopes: ScopeOutcome[] = [{ scope: "global", status: "valid", config: { permission: { bash: "ask" } } }];
		expect(startupWarnings(loaded({ scopes }), composePolicy({ scopes, env: ENV }))).toEqual([]);
	});
});

describe("ShownWarnings", () => {
	it.each([
		["shows nothing already shown", ["a"], [["a"]], [[]]],
		["shows a new line once", [], [["b"], ["b"]], [["b"], []]],
		["keeps order and drops repeats within one batch", ["a"], [["c", "a", "b", "c"]], [["c", "b"]]],
		["does not show a line again after it went away and came back", ["a"], [[], ["a"]], [[], []]],
	])("%s", (_name, alreadyShown, batches, expected) => {
		const ledger = new ShownWarnings(alreadyShown);
		expect(batches.map((lines) => ledger.unseen(lines))).toEqual(expected);
	});
});
