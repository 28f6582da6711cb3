import { describe, expect, it } from "vitest";
import { configSchema } from "../../src/config/config-schema";
import { emptyKeyIssue, locateConfigPath, valueIssue } from "../../src/config/config-value-issue";

describe("locateConfigPath", () => {
	it.each(Object.keys(configSchema.shape))("gives the top-level key `%s` its own wording", (key) => {
		expect(locateConfigPath([key]).kind).not.toBe("other");
	});

	it.each([
		[[], "file"],
		[["permission", "bash"], "surface"],
		[["permission", "bash", "git *"], "pattern"],
		[["permission", "bash", "git *", "action"], "deny-action"],
		[["permission", "bash", "git *", "reason"], "deny-reason"],
		[["shellTools", "run"], "shell-tool"],
		[["shellTools", "run", "workdirArgument"], "shell-tool-argument"],
		[["authorizerChain", 0], "chain-link"],
		[["piInfrastructureReadPaths", 0], "read-path"],
		[["permission", "bash", "git *", "action", "deeper"], "other"],
		[["unknown", "x"], "other"],
	] as const)("locates %j as %s", (keyPath, kind) => {
		expect(locateConfigPath(keyPath).kind).toBe(kind);
	});
});

describe("valueIssue", () => {
	it("words a value outside the known shape without failing", () => {
		expect(valueIssue(["unknown", "x"], 3, undefined, false)).toEqual({
			keyPath: ["unknown", "x"],
			message: "this value is not valid: the number `3`",
			hint: "compare it with the config schema",
			severity: "error",
		});
	});

	it("points at the rule when a rule object lacks its action", () => {
		expect(valueIssue(["permission", "bash", "x", "action"], undefined, {}, false).keyPath).toEqual([
			"permission",
			"bash",
			"x",
		]);
	});
});

describe("emptyKeyIssue", () => {
	it("words an empty key outside the known records generically", () => {
		expect(emptyKeyIssue(["x"]).message).toBe("a key is empty");
	});
});
