import { describe, expect, it } from "vitest";
import { parsePermissionsCommand } from "../../src/commands/permissions-command-args";

describe("parsePermissionsCommand", () => {
	it.each([
		{ args: "", expected: { kind: "show" } },
		{ args: "  show ", expected: { kind: "show" } },
		{ args: "grants", expected: { kind: "grants" } },
		{ args: "revoke session-2", expected: { kind: "revoke", id: "session-2" } },
		{ args: "yolo on", expected: { kind: "yolo", on: true } },
		{ args: "yolo   off", expected: { kind: "yolo", on: false } },
		{ args: "logs", expected: { kind: "logs" } },
		{ args: "mode", expected: { kind: "mode", mode: null } },
		{ args: "mode plan", expected: { kind: "mode", mode: "plan" } },
		{ args: "mode accept-edits", expected: { kind: "mode", mode: "accept-edits" } },
		{ args: "help", expected: { kind: "usage", problem: null } },
	])("reads `$args` as $expected.kind", ({ args, expected }) => {
		expect(parsePermissionsCommand(args)).toEqual(expected);
	});

	it.each([
		"revoke",
		"revoke a b",
		"yolo",
		"yolo maybe",
		"yolo on now",
		"show all",
		"frobnicate",
		"mode bypass",
		"mode plan now",
		"mode PLAN",
	])("answers `%s` with usage, never a guess", (args) => {
		expect(parsePermissionsCommand(args).kind).toBe("usage");
	});
});

describe("parsePermissionsCommand for persisted yolo", () => {
	it.each([
		{ args: "yolo persist on", on: true },
		{ args: "yolo persist off", on: false },
	])("reads `$args`", ({ args, on }) => {
		expect(parsePermissionsCommand(args)).toEqual({ kind: "yolo-persist", on });
	});

	it.each(["yolo persist", "yolo persist maybe", "yolo persist on now"])("answers `%s` with usage", (args) => {
		expect(parsePermissionsCommand(args).kind).toBe("usage");
	});
});
