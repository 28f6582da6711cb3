import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LINT_KINDS } from "../../src/lint/lint-kind";
import { ConfigTree } from "../support/cli-harness";

/**
 * Issue 34: lint said a bare-name path pattern "never matches a real path", yet `".env": "allow"` after `"*.env":
 * "deny"` allows `read .env` through the cwd-relative spelling. Lint's sentence now says what the engine does, and
 * this test holds both to it: the name at the top of the working directory matches, the same name anywhere else not.
 */
const POLICY = { permission: { "*": "allow", path: { "*.env": "deny", ".env": "allow" } } };

describe("lint's bare-name rule says what the engine does (issue 34)", () => {
	let tree: ConfigTree;
	beforeEach(() => {
		tree = new ConfigTree();
		tree.writeGlobal(POLICY);
		tree.write(`${tree.project}/.env`, "SECRET=1\n");
		tree.write(`${tree.project}/src/.env`, "SECRET=2\n");
	});
	afterEach(() => tree.remove());

	it("warns that the bare name matches only at the top of the working directory, not that it never matches", async () => {
		const run = await tree.run(["lint", "--json"]);
		const findings = JSON.parse(run.stdout).findings as { kind: string; pattern: string; message: string }[];
		const bare = findings.find((finding) => finding.kind === "bare-name-path");
		expect(bare).toMatchObject({ pattern: ".env" });
		expect(LINT_KINDS["bare-name-path"].title).not.toContain("never");
		expect(bare?.message).toContain("only that name at the top of the working directory");
	});

	it.each([
		["the file at the top of the working directory matches the bare name and is allowed", ".env", 0],
		["the same name in a subdirectory does not match it and stays denied", "src/.env", 3],
		["the same name by its full path in a subdirectory stays denied", "SRC_ABSOLUTE", 3],
	] as const)("%s", async (_name, path, code) => {
		const value = path === "SRC_ABSOLUTE" ? `${tree.project}/src/.env` : path;
		const run = await tree.run(["check", "read", JSON.stringify({ path: value })]);
		expect(run.code, run.stdout).toBe(code);
	});
});
