import type { Authorizer } from "@pi-permissions/authority";
import { describe, expect, it } from "vitest";
import { SessionExtensions } from "../../src/service/session-extensions";

const deny: Authorizer = { authorize: async () => ({ verdict: "deny", reason: "no" }) };

describe("SessionExtensions", () => {
	it("feeds a registered extractor into the live map and removes it with its disposer", () => {
		const extensions = new SessionExtensions();
		const map = extensions.extractors;
		const dispose = extensions.registerExtractor("stash", (_tool, input) => [String(input)]);
		expect(map.get("stash")?.("stash", "a.txt")).toEqual(["a.txt"]);
		dispose();
		expect(map.has("stash")).toBe(false);
	});

	it.each([
		["formatter", (e: SessionExtensions) => e.registerFormatter("stash", () => "x")],
		["extractor", (e: SessionExtensions) => e.registerExtractor("stash", () => [])],
		["authorizer", (e: SessionExtensions) => e.registerAuthorizer("stash", deny)],
	])("refuses a second %s under the same name", (_kind, register) => {
		const extensions = new SessionExtensions();
		register(extensions);
		expect(() => register(extensions)).toThrow(/already registered/);
	});

	it.each([
		[
			"formatter",
			(e: SessionExtensions) => e.registerFormatter("stash", format),
			(e: SessionExtensions) => e.formatterFor("stash"),
		],
		[
			"extractor",
			(e: SessionExtensions) => e.registerExtractor("stash", extract),
			(e: SessionExtensions) => e.extractors.get("stash"),
		],
		[
			"authorizer",
			(e: SessionExtensions) => e.registerAuthorizer("stash", deny),
			(e: SessionExtensions) => e.authorizers.get("stash"),
		],
	])("keeps a re-registered %s when the stale disposer runs, even for the same function", (_kind, register, lookup) => {
		const extensions = new SessionExtensions();
		const stale = register(extensions);
		stale();
		register(extensions);
		stale();
		expect(lookup(extensions)).toBeDefined();
	});

	it.each([
		["a blank tool name", (e: SessionExtensions) => e.registerFormatter(" ", format)],
		["a formatter that is not a function", (e: SessionExtensions) => e.registerFormatter("t", "x" as never)],
		["an extractor that is not a function", (e: SessionExtensions) => e.registerExtractor("t", {} as never)],
		["an authorizer without `authorize`", (e: SessionExtensions) => e.registerAuthorizer("t", {} as never)],
		["a blank authorizer name", (e: SessionExtensions) => e.registerAuthorizer("", deny)],
	])("refuses %s", (_case, register) => {
		expect(() => register(new SessionExtensions())).toThrow();
	});

	it("says whether a link is registered and what it reports, and forgets both with the disposer", () => {
		const extensions = new SessionExtensions();
		expect(extensions.linkState("judge")).toEqual({ kind: "unregistered" });
		let problem: string | null = "no usable credentials\nfor `m`";
		const dispose = extensions.registerAuthorizer("judge", deny, () => problem);
		expect(extensions.linkState("judge")).toEqual({ kind: "registered", problem: "no usable credentials for `m`" });
		problem = null;
		expect(extensions.linkState("judge")).toEqual({ kind: "registered", problem: null });
		dispose();
		expect(extensions.linkState("judge")).toEqual({ kind: "unregistered" });
	});

	it("reads a link without a status, a blank status and a throwing one", () => {
		const extensions = new SessionExtensions();
		extensions.registerAuthorizer("plain", deny);
		extensions.registerAuthorizer("blank", deny, () => "  ");
		extensions.registerAuthorizer("broken", deny, () => {
			throw new Error("boom");
		});
		expect(extensions.linkState("plain")).toEqual({ kind: "registered", problem: null });
		expect(extensions.linkState("blank")).toEqual({ kind: "registered", problem: null });
		expect(extensions.linkState("broken")).toEqual({ kind: "registered", problem: "its status check failed: boom" });
	});

	it("refuses a status that is not a function", () => {
		const extensions = new SessionExtensions();
		expect(() => extensions.registerAuthorizer("judge", deny, "fine" as unknown as () => null)).toThrow(TypeError);
		expect(extensions.linkState("judge")).toEqual({ kind: "unregistered" });
	});

	it("keeps a later registration's status when a stale disposer runs", () => {
		const extensions = new SessionExtensions();
		const first = extensions.registerAuthorizer("judge", deny, () => "first");
		first();
		extensions.registerAuthorizer("judge", deny, () => "second");
		first();
		expect(extensions.linkState("judge")).toEqual({ kind: "registered", problem: "second" });
	});
});

function format(): string {
	return "preview";
}

function extract(): readonly string[] {
	return [];
}
