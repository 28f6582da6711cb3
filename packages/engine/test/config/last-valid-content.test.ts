import { describe, expect, it } from "vitest";
import { withDenies } from "../../src/config/last-valid-content";

describe("withDenies", () => {
	it("moves a denied pattern to the end of its surface, so it is the last match", () => {
		const merged = withDenies(
			{ permission: { bash: { "rm *": "allow", "*": "ask" } } },
			{ permission: { bash: { "rm *": "deny" } } },
		);
		expect(Object.entries(merged.permission?.bash ?? {})).toEqual([
			["*", "ask"],
			["rm *", "deny"],
		]);
	});

	it("turns a surface string into a map before adding a deny, and a surface deny replaces the surface", () => {
		expect(
			withDenies(
				{ debugLog: true, permission: { bash: "allow", read: { "*": "allow" } } },
				{
					permission: { bash: { "rm *": "deny" }, read: "deny" },
				},
			),
		).toEqual({ debugLog: true, permission: { bash: { "*": "allow", "rm *": "deny" }, read: "deny" } });
	});

	it("keeps a surface that was denied whole", () => {
		expect(withDenies({ permission: { bash: "deny" } }, { permission: { bash: { "rm *": "deny" } } })).toEqual({
			permission: { bash: "deny" },
		});
	});
});
