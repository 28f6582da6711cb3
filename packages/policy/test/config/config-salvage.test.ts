import { describe, expect, it } from "vitest";
import { salvageConfig } from "../../src/config/config-salvage";

describe("salvageConfig", () => {
	it("keeps every deny that validates on its own and nothing else", () => {
		expect(
			salvageConfig({
				yoloMode: true,
				authorizerChain: ["judge"],
				permission: {
					write: "alow",
					read: "deny",
					bash: { "rm *": "deny", "git *": "allow", "ls *": "ask", "npm *": { action: "deny", reason: "pnpm" } },
				},
			}),
		).toEqual({ permission: { read: "deny", bash: { "rm *": "deny", "npm *": { action: "deny", reason: "pnpm" } } } });
	});

	it("keeps a deny whose reason is invalid, without the reason", () => {
		expect(salvageConfig({ permission: { bash: { "rm *": { action: "deny", reason: 5 } } } })).toEqual({
			permission: { bash: { "rm *": { action: "deny" } } },
		});
	});

	it("also applies a deny under a mistyped surface to the surface it was meant for", () => {
		expect(salvageConfig({ permission: { paths: { "*.env": "deny" } } })).toEqual({
			permission: { paths: { "*.env": "deny" }, path: { "*.env": "deny" } },
		});
	});

	it.each([null, 3, "text", [], { permission: "deny" }, { permission: [{ bash: "deny" }] }, { other: 1 }])(
		"salvages nothing from %j",
		(raw) => {
			expect(salvageConfig(raw)).toEqual({});
		},
	);

	it("never treats a typo'd action or a non-deny object as a deny", () => {
		expect(salvageConfig({ permission: { bash: { a: "dny", b: { action: "ask" }, c: "Deny" } } })).toEqual({});
	});

	it("ignores empty and `__proto__` keys", () => {
		const permission = JSON.parse('{"__proto__": "deny", "": "deny", "bash": {"": "deny", "__proto__": "deny"}}');
		expect(salvageConfig({ permission })).toEqual({});
	});

	it("never throws on a hostile value", () => {
		const hostile = new Proxy(
			{},
			{
				ownKeys: () => {
					throw new Error("boom");
				},
			},
		);
		expect(salvageConfig({ permission: hostile })).toEqual({});
	});
});
