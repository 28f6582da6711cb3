import { describe, expect, it } from "vitest";
import {
	type BashToolFacts,
	bashToolEnvironment,
	builtinBashTool,
	PI_SET_VARIABLES,
} from "../../src/session/bash-tool-environment";

const BUILTIN: BashToolFacts = { builtin: true, commandPrefix: undefined, shellPath: undefined, flavor: "posix" };
const ENV = { HOME: "/home/u", SECRET: ".env", PATH: "/usr/bin", PI_MODEL: "m" };

describe("the environment of Pi's bash tool at decision time (ADR 0039)", () => {
	it("is the process environment for Pi's built-in tool", () => {
		const environment = bashToolEnvironment(ENV, BUILTIN);
		expect(environment.kind).toBe("known");
		if (environment.kind !== "known") return;
		expect(environment.variables.get("SECRET")).toBe(".env");
		expect(environment.variables.get("HOME")).toBe("/home/u");
	});

	it.each(PI_SET_VARIABLES)("%s is set to a value the extension does not know", (name) => {
		const environment = bashToolEnvironment({}, BUILTIN);
		expect(environment.kind === "known" && environment.variables.get(name)).toBeNull();
	});

	it.each<[string, Partial<BashToolFacts>]>([
		["another extension's bash tool (or a spawn hook)", { builtin: false }],
		["a shellCommandPrefix", { commandPrefix: "export CI=1" }],
		["a shellPath", { shellPath: "/usr/local/bin/zsh" }],
		["Windows", { flavor: "win32" }],
	])("is unknown with %s", (_label, facts) => {
		expect(bashToolEnvironment(ENV, { ...BUILTIN, ...facts }).kind).toBe("unknown");
	});

	it("is unknown when the environment sets BASH_ENV", () => {
		expect(bashToolEnvironment({ ...ENV, BASH_ENV: "/x" }, BUILTIN).kind).toBe("unknown");
	});

	it("a blank prefix or shell path is none", () => {
		expect(bashToolEnvironment(ENV, { ...BUILTIN, commandPrefix: "  ", shellPath: "" }).kind).toBe("known");
	});

	it("knows Pi's own bash tool by its source", () => {
		expect(builtinBashTool([{ name: "read" }, { name: "bash", sourceInfo: { source: "builtin" } }])).toBe(true);
		expect(builtinBashTool([{ name: "bash", sourceInfo: { source: "extension" } }])).toBe(false);
		expect(builtinBashTool([{ name: "bash" }])).toBe(false);
		expect(builtinBashTool([{ name: "read", sourceInfo: { source: "builtin" } }])).toBe(false);
	});
});
