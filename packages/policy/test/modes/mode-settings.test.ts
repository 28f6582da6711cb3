import { describe, expect, it } from "vitest";
import type { PermissionConfig } from "../../src/config/permission-config";
import { type ModeRequest, resolveModes } from "../../src/modes/mode-settings";
import type { ScopeName } from "../../src/rule";

const NONE: ModeRequest = { scopes: [], managed: null, yoloMode: false, authorizerChain: [] };

function scopes(...entries: [ScopeName, PermissionConfig][]): ModeRequest["scopes"] {
	return entries.map(([scope, config]) => ({ scope, config }));
}

describe("resolveModes", () => {
	it("allows every mode but auto without a chain, and starts in default", () => {
		const settings = resolveModes(NONE);
		expect(settings.allowed).toEqual(["default", "accept-edits", "plan", "dont-ask", "yolo"]);
		expect([settings.mode, settings.defaultMode, settings.refusal]).toEqual(["default", "default", null]);
	});

	it("allows auto and starts in it when an authorizer chain is configured", () => {
		const settings = resolveModes({ ...NONE, authorizerChain: ["model-judge"] });
		expect(settings.allowed).toContain("auto");
		expect(settings.mode).toBe("auto");
	});

	it("starts in yolo for the legacy yoloMode", () => {
		expect(resolveModes({ ...NONE, yoloMode: true }).mode).toBe("yolo");
	});

	it("lets a project narrow allowedModes but never widen them", () => {
		const settings = resolveModes({
			...NONE,
			scopes: scopes(
				["global", { allowedModes: ["default", "plan"] }],
				["project", { allowedModes: ["plan", "yolo"] }],
			),
		});
		expect(settings.allowed).toEqual(["plan"]);
		expect(settings.mode).toBe("plan");
		expect(settings.refusal).toContain("start mode `default` refused");
	});

	it("narrows by the managed list last, above every scope", () => {
		const settings = resolveModes({
			...NONE,
			scopes: scopes(["project", { allowedModes: ["default", "yolo", "plan"] }]),
			managed: { allowedModes: ["default", "plan"] },
		});
		expect(settings.allowed).toEqual(["default", "plan"]);
	});

	it("uses the later list alone, with a note, when two lists share no mode", () => {
		const settings = resolveModes({
			...NONE,
			scopes: scopes(["global", { allowedModes: ["accept-edits"] }]),
			managed: { allowedModes: ["plan"] },
		});
		expect(settings.allowed).toEqual(["plan"]);
		expect(settings.notes.join(" ")).toContain("share no mode");
	});

	it("removes yolo wherever disableYolo is set and refuses a yolo request with the reason", () => {
		const settings = resolveModes({ ...NONE, managed: { disableYolo: true }, yolo: true });
		expect(settings.allowed).not.toContain("yolo");
		expect(settings.mode).toBe("default");
		expect(settings.yoloDisabledBy).toBe("managed");
		expect(settings.refusal).toBe("mode `yolo` refused: yolo is disabled by the managed scope; running in `default`");
	});

	it("refuses auto without a chain, naming the fix", () => {
		const settings = resolveModes({ ...NONE, mode: "auto" });
		expect(settings.mode).toBe("default");
		expect(settings.refusal).toContain("`auto` needs an authorizer link");
	});

	it("takes the highest scope's defaultMode", () => {
		const settings = resolveModes({
			...NONE,
			scopes: scopes(["global", { defaultMode: "plan" }], ["project", { defaultMode: "accept-edits" }]),
		});
		expect(settings.mode).toBe("accept-edits");
	});

	it("falls back to the first allowed mode when default is not allowed", () => {
		const settings = resolveModes({ ...NONE, managed: { allowedModes: ["dont-ask", "plan"] } });
		expect(settings.mode).toBe("plan");
	});

	it("turns yolo off into the start mode, or default when the start mode is yolo", () => {
		expect(resolveModes({ ...NONE, yoloMode: true, yolo: false }).mode).toBe("default");
		const plan = scopes(["global", { defaultMode: "plan" }]);
		expect(resolveModes({ ...NONE, scopes: plan, yolo: false }).mode).toBe("plan");
	});

	it("prefers an explicit mode to the yolo override", () => {
		expect(resolveModes({ ...NONE, mode: "plan", yolo: true }).mode).toBe("plan");
	});

	it("falls back to default when no allowed mode can be used", () => {
		const settings = resolveModes({ ...NONE, managed: { allowedModes: ["yolo"], disableYolo: true } });
		expect(settings.allowed).toEqual(["default"]);
		expect(settings.mode).toBe("default");
	});
});
