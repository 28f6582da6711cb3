import { composePolicy, POSIX_FLAVOR, type ScopeOutcome } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { modeSwitchReply, modesReport, nextMode } from "../../src/commands/modes-report";
import { modeKeyOf } from "../../src/commands/permissions-command";

const ENV = { home: "/home/u", flavor: POSIX_FLAVOR };
const scope = (config: object): ScopeOutcome => ({ scope: "global", status: "valid", config });

describe("modesReport", () => {
	it("marks the mode in force, lists the allowed ones, and names what is not allowed and the key", () => {
		const policy = composePolicy({
			scopes: [scope({ allowedModes: ["default", "plan", "yolo"], disableYolo: true })],
			env: ENV,
			mode: "plan",
		});
		expect(modesReport(policy, "alt+m")).toEqual([
			"pi-permissions: mode plan: read-only: writes, edits, bash that writes and bash that runs code the gate cannot see into are denied; reads as the policy says",
			"allowed modes:",
			"  default: the policy as written: asks go to the person",
			"* plan: read-only: writes, edits, bash that writes and bash that runs code the gate cannot see into are denied; reads as the policy says",
			"not allowed here: accept-edits, auto, dont-ask, yolo",
			"yolo is disabled by the global scope",
			"switch with /permissions mode <name>, or alt+m to cycle the allowed modes",
		]);
	});
});

describe("nextMode", () => {
	it("cycles the allowed modes in order and wraps around", () => {
		const allowed = scope({ allowedModes: ["default", "accept-edits", "plan"] });
		const at = (mode: "default" | "accept-edits" | "plan") =>
			nextMode(composePolicy({ scopes: [allowed], env: ENV, mode }));
		expect([at("default"), at("accept-edits"), at("plan")]).toEqual(["accept-edits", "plan", "default"]);
	});
});

describe("modeSwitchReply", () => {
	it("says the mode in force, or the refusal and the mode the session stays in", () => {
		const policy = composePolicy({ scopes: [scope({})], env: ENV, mode: "plan" });
		expect(modeSwitchReply(policy, null)).toMatch(/^pi-permissions: mode plan for this session: read-only/);
		expect(modeSwitchReply(policy, "yolo is disabled by the managed scope")).toBe(
			"pi-permissions: yolo is disabled by the managed scope; the session stays in plan",
		);
	});
});

describe("modeKeyOf", () => {
	it.each([
		[undefined, "alt+m"],
		["ctrl+shift+m", "ctrl+shift+m"],
		[" F2 ", "f2"],
		["off", null],
		["ctrl+", "alt+m"],
		["not a key", "alt+m"],
	])("reads %o as %o", (text, key) => {
		expect(modeKeyOf(text)).toBe(key);
	});
});
