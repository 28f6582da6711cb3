import { describe, expect, it } from "vitest";
import { type MergedScopes, mergeScopes } from "../../src/composition/scope-merge";
import type { PermissionConfig, SurfaceValue } from "../../src/config/permission-config";

/** The merged `permission` object as plain config, origins dropped: what the assertions compare. */
function mergedPermissionConfig(merged: MergedScopes): Record<string, SurfaceValue> {
	const out: Record<string, SurfaceValue> = {};
	for (const [surface, entry] of merged.permission) {
		if (entry.kind === "state") out[surface] = entry.state;
		else out[surface] = Object.fromEntries([...entry.patterns].map(([p, { value }]) => [p, value]));
	}
	return out;
}

const merge = (base: PermissionConfig, override: PermissionConfig) =>
	mergeScopes([
		{ scope: "global", config: base },
		{ scope: "project", config: override },
	]);

describe("mergeScopes (corpus config.merge)", () => {
	it("PP-277 merges pattern maps shallowly and keeps an overridden key at its base position", () => {
		const merged = merge(
			{ permission: { bash: { "rm *": "deny", "git *": "ask" } } },
			{ permission: { bash: { "rm *": "allow", "npm *": "allow" } } },
		);
		const bash = mergedPermissionConfig(merged).bash;
		expect(bash).toEqual({ "rm *": "allow", "git *": "ask", "npm *": "allow" });
		expect(Object.keys(bash as object)).toEqual(["rm *", "git *", "npm *"]);
		const entry = merged.permission.get("bash");
		expect(entry?.kind === "map" && entry.patterns.get("rm *")?.origin).toBe("project");
		expect(entry?.kind === "map" && entry.patterns.get("git *")?.origin).toBe("global");
	});

	// Known deviation (ADR 0050): the reference lets the object replace the string whole. A string is `{"*": value}`,
	// so the object merges over it as over that map: the lower scope's action stays the catch-all, first.
	it("PP-278 (deviation) merges an object over a string as over its catch-all", () => {
		const merged = merge({ permission: { tools: "ask" } }, { permission: { tools: { Write: "deny" } } });
		const tools = mergedPermissionConfig(merged).tools;
		expect(tools).toEqual({ "*": "ask", Write: "deny" });
		expect(Object.keys(tools as object)).toEqual(["*", "Write"]);
		const entry = merged.permission.get("tools");
		expect(entry?.kind === "map" && entry.patterns.get("*")?.origin).toBe("global");
		expect(entry?.kind === "map" && entry.patterns.get("Write")?.origin).toBe("project");
	});

	it("keeps a lower scope's plain deny under a higher scope's object (no silent lift)", () => {
		const merged = merge({ permission: { bash: "deny" } }, { permission: { bash: { "npm test *": "allow" } } });
		expect(mergedPermissionConfig(merged).bash).toEqual({ "*": "deny", "npm test *": "allow" });
	});

	it("lets an object's own catch-all replace the lower plain action in place", () => {
		const merged = merge({ permission: { bash: "deny" } }, { permission: { bash: { "*": "ask", "ls *": "allow" } } });
		expect(mergedPermissionConfig(merged).bash).toEqual({ "*": "ask", "ls *": "allow" });
		const entry = merged.permission.get("bash");
		expect(entry?.kind === "map" && entry.patterns.get("*")?.origin).toBe("project");
	});

	it("PP-279 lets a string replace an object", () => {
		expect(
			mergedPermissionConfig(merge({ permission: { tools: { Write: "deny" } } }, { permission: { tools: "allow" } })),
		).toEqual({
			tools: "allow",
		});
	});

	it("PP-280 keeps surfaces the override does not name", () => {
		expect(
			mergedPermissionConfig(merge({ permission: { tools: "ask", bash: "deny" } }, { permission: { tools: "allow" } })),
		).toEqual({
			tools: "allow",
			bash: "deny",
		});
	});

	it("PP-281 merges shellTools by tool name and replaces a colliding alias whole", () => {
		const merged = merge(
			{ shellTools: { a: { commandArgument: "cmd", workdirArgument: "cwd" }, c: { commandArgument: "x" } } },
			{ shellTools: { b: { commandArgument: "c" }, c: { commandArgument: "y" } } },
		);
		expect(Object.fromEntries(merged.shellTools)).toEqual({
			a: { commandArgument: "cmd", workdirArgument: "cwd" },
			b: { commandArgument: "c" },
			c: { commandArgument: "y" },
		});
	});

	it("PP-282 replaces arrays", () => {
		expect(merge({ authorizerChain: ["x"] }, { authorizerChain: ["y"] }).settings.authorizerChain).toEqual(["y"]);
	});

	it("is idempotent: merging a config with itself changes nothing", () => {
		const config: PermissionConfig = {
			yoloMode: false,
			permission: { bash: { "a *": "allow", b: "deny" }, read: "ask" },
		};
		expect(mergedPermissionConfig(merge(config, config))).toEqual(config.permission);
	});
});

describe("mergeScopes protectedPaths", () => {
	it("adds a later scope's protected paths to the earlier ones and never drops one", () => {
		const merged = merge({ protectedPaths: ["~/.config/x", "deploy/*"] }, { protectedPaths: ["deploy/*", "ci/*"] });
		expect(merged.settings.protectedPaths).toEqual(["~/.config/x", "deploy/*", "ci/*"]);
		expect(merge({ protectedPaths: ["a"] }, { protectedPaths: [] }).settings.protectedPaths).toEqual(["a"]);
	});
});
