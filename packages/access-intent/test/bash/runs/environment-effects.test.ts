import { describe, expect, it } from "vitest";
import { severerSetting, unknownSettingOf } from "../../../src/bash/runs/environment-effects";
import type { SettingReach } from "../../../src/bash/runs/environment-reach";

const NPM: SettingReach = { kind: "program", program: "npm" };
const GIT: SettingReach = { kind: "program", program: "git" };

describe("unknownSettingOf", () => {
	it("names the variable and the program it reaches in a reason a person accepts", () => {
		expect(unknownSettingOf([{ name: "DATABASE_URL", value: "postgres://x" }], NPM)).toEqual({
			kind: "unknown",
			name: "DATABASE_URL",
			reason: "`DATABASE_URL` reaches `npm` and is not known to be harmless",
		});
		expect(unknownSettingOf([{ name: "GIT_DIR", value: "x" }], GIT)).toEqual({
			kind: "relocating",
			name: "GIT_DIR",
			reason:
				"`GIT_DIR` reaches `git`: git reads the repository, its config and its hooks from this directory; what runs cannot be seen from the command",
		});
		expect(unknownSettingOf([{ name: "TMPDIR", value: ".git/hooks" }], { kind: "exported" })?.reason).toBe(
			"`TMPDIR` is exported to the commands after it: programs write (and some run) their temporary files in this directory",
		);
	});

	it("prefers a relocating setting to an unknown one, and ignores the inert and harmless ones", () => {
		const settings = [
			{ name: "CI", value: "1" },
			{ name: "DB", value: "x" },
			{ name: "LD_PRELOAD", value: "" },
			{ name: "HOME", value: null },
		];
		expect(unknownSettingOf(settings, NPM)).toMatchObject({ kind: "relocating", name: "HOME" });
		expect(unknownSettingOf(settings.slice(0, 3), NPM)).toMatchObject({ kind: "unknown", name: "DB" });
		expect(unknownSettingOf(settings.slice(0, 1), NPM)).toBeNull();
	});

	it("leaves a shell variable unknown only when the environment exports it", () => {
		const shell = (exported: boolean): SettingReach => ({ kind: "shell", exported: () => exported });
		expect(unknownSettingOf([{ name: "DB", value: "x" }], shell(false))).toBeNull();
		expect(unknownSettingOf([{ name: "DB", value: "x" }], shell(true))?.reason).toBe(
			"`DB` is set for the commands after it and is not known to be harmless",
		);
		expect(unknownSettingOf([{ name: "HOME", value: "x" }], shell(false))?.kind).toBe("relocating");
	});

	it("says so when no program is named", () => {
		expect(unknownSettingOf([{ name: "DB", value: "x" }], { kind: "program", program: null })?.reason).toBe(
			"`DB` reaches `a computed command` and is not known to be harmless",
		);
	});
});

describe("severerSetting", () => {
	const unknown = { kind: "unknown", name: "A", reason: "a" } as const;
	const relocating = { kind: "relocating", name: "B", reason: "b" } as const;
	it("keeps the more severe, the first on a tie", () => {
		expect(severerSetting(null, undefined)).toBeNull();
		expect(severerSetting(unknown, null)).toBe(unknown);
		expect(severerSetting(null, unknown)).toBe(unknown);
		expect(severerSetting(unknown, relocating)).toBe(relocating);
		expect(severerSetting(relocating, unknown)).toBe(relocating);
		expect(severerSetting(unknown, { ...unknown, name: "C" })).toBe(unknown);
	});
});
