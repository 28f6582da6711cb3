import { describe, expect, it } from "vitest";
import type { ConfigIssue } from "../../src/config/config-issue";
import { MAX_CONFIG_ISSUES, validateConfig } from "../../src/config/config-validation";
import type { PermissionConfig } from "../../src/config/permission-config";
import { CFG_A_FILE, CORPUS_LOAD_ROWS, EVERY_KEY_FILE, MALFORMED_ROWS } from "./config-validation.cases";

function rejected(raw: unknown): readonly ConfigIssue[] {
	const result = validateConfig(raw);
	if (result.ok) throw new Error(`expected a rejection, got ${JSON.stringify(result.value.config).slice(0, 200)}`);
	return result.error;
}

function accepted(raw: unknown): { readonly config: PermissionConfig; readonly warnings: readonly ConfigIssue[] } {
	const result = validateConfig(raw);
	if (!result.ok) throw new Error(`expected acceptance, got ${JSON.stringify(result.error)}`);
	return result.value;
}

function withoutSeverity(issues: readonly ConfigIssue[]) {
	return issues.map(({ keyPath, message, hint }) => ({ keyPath, message, hint }));
}

/** About 130 characters of command-line arguments, so 40,000 patterns make a file of over 5 MB. */
const LONG_ARGUMENTS = `${"--some-flag=value ".repeat(7)}*`;

/** A value nested `depth` levels deep, built with a loop so the test itself never recurses. */
function nested(depth: number, wrap: (inner: unknown) => unknown): unknown {
	let value: unknown = "deny";
	for (let level = 0; level < depth; level++) value = wrap(value);
	return value;
}

describe("validateConfig (corpus config.load)", () => {
	it.each(CORPUS_LOAD_ROWS)("$id $file -> accepted $accepted", (row) => {
		const result = validateConfig(JSON.parse(row.file));
		expect(result.ok).toBe(row.accepted);
		if (!result.ok) expect(withoutSeverity(result.error)).toEqual(row.issues);
	});
});

describe("validateConfig on malformed configs", () => {
	it.each(MALFORMED_ROWS)("$id rejects $what with the key path, problem and fix", (row) => {
		const issues = rejected(JSON.parse(row.file));
		expect(withoutSeverity(issues)).toEqual(row.issues);
		expect(issues.every((issue) => issue.severity === "error")).toBe(true);
	});

	it("writes every message and hint on one line", () => {
		for (const row of MALFORMED_ROWS) {
			for (const issue of rejected(JSON.parse(row.file))) {
				expect(`${issue.message}${issue.hint}`).not.toMatch(/[\r\n]/);
			}
		}
	});

	it.each([
		["a top-level key", (junk: unknown) => ({ junk })],
		["the permission object", (junk: unknown) => ({ permission: junk })],
		["a pattern value", (junk: unknown) => ({ permission: { bash: { "git *": junk } } })],
		["a flag", (junk: unknown) => ({ yoloMode: junk })],
		["a chain link", (junk: unknown) => ({ authorizerChain: [junk] })],
	])("rejects 10,000 levels of nested junk under %s without throwing", (_where, place) => {
		for (const wrap of [(inner: unknown) => ({ a: inner }), (inner: unknown) => [inner]]) {
			const issues = rejected(place(nested(10_000, wrap)));
			expect(issues.length).toBeGreaterThan(0);
			expect(issues.length).toBeLessThanOrEqual(MAX_CONFIG_ISSUES + 1);
		}
	});

	it("rejects 10,000 levels of nested lists as the whole file", () => {
		expect(withoutSeverity(rejected(nested(10_000, (inner) => [inner])))).toEqual([
			{
				keyPath: [],
				message: "the config must be an object, not a list",
				hint: 'wrap the settings in braces, e.g. `{ "permission": { "*": "ask" } }`',
			},
		]);
	});

	it("rejects a 5 MB config full of bad actions, listing 50 issues and counting the rest", () => {
		const patterns: Record<string, string> = {};
		for (let index = 0; index < 40_000; index++) patterns[`tool-${index} ${LONG_ARGUMENTS}`] = "allowed";
		const file = JSON.stringify({ permission: { bash: patterns } });
		expect(file.length).toBeGreaterThan(5_000_000);
		const issues = rejected(JSON.parse(file));
		expect(issues).toHaveLength(MAX_CONFIG_ISSUES + 1);
		expect(issues[0]).toMatchObject({ keyPath: ["permission", "bash", `tool-0 ${LONG_ARGUMENTS}`] });
		expect(issues[MAX_CONFIG_ISSUES]).toEqual({
			keyPath: [],
			message: "…and 39950 more issues",
			hint: "fix the issues above, then check the file again",
			severity: "error",
		});
	});

	it("rejects a 5 MB unknown key with a bounded message", () => {
		const key = "k".repeat(5_000_000);
		const [issue] = rejected({ [key]: 1 });
		expect(issue?.keyPath).toEqual([key]);
		expect(issue?.message).toBe(`unknown key \`${"k".repeat(60)}…\``);
	});

	it("rejects a 5 MB reason and states its length", () => {
		const [issue] = rejected({ permission: { bash: { x: { action: "deny", reason: "r".repeat(5_000_000) } } } });
		expect(issue?.message).toBe("the reason is 5000000 characters long; at most 500 are allowed");
	});

	it("caps 200,000 unknown keys at 50 listed issues", () => {
		const raw: Record<string, number> = {};
		for (let index = 0; index < 200_000; index++) raw[`setting${index}`] = index;
		const issues = rejected(raw);
		expect(issues).toHaveLength(MAX_CONFIG_ISSUES + 1);
		expect(issues.at(-1)?.message).toBe("…and 199950 more issues");
	});

	it("reads each property of a large pattern map a bounded number of times", () => {
		const reads = new Map<PropertyKey, number>();
		const patterns: Record<string, string> = {};
		for (let index = 0; index < 10_000; index++) patterns[`cmd-${index} *`] = index === 9_999 ? "nope" : "allow";
		const counted = new Proxy(patterns, {
			get(target, key, receiver) {
				reads.set(key, (reads.get(key) ?? 0) + 1);
				return Reflect.get(target, key, receiver);
			},
		});
		rejected({ permission: { bash: counted } });
		const total = [...reads.values()].reduce((sum, count) => sum + count, 0);
		expect(Math.max(...reads.values())).toBeLessThanOrEqual(2);
		expect(total).toBeLessThanOrEqual(2 * 10_000);
	});

	it("turns a throwing getter into an issue instead of an exception", () => {
		const raw = Object.defineProperty({}, "permission", {
			enumerable: true,
			get() {
				throw new Error("boom");
			},
		});
		expect(withoutSeverity(rejected(raw))).toEqual([
			{
				keyPath: [],
				message: "the config could not be read as plain data",
				hint: "make sure the file holds only JSON values",
			},
		]);
	});

	it("turns a throwing proxy into an issue instead of an exception", () => {
		const raw = new Proxy(
			{},
			{
				ownKeys() {
					throw new Error("boom");
				},
			},
		);
		expect(rejected(raw)).toHaveLength(1);
	});
});

describe("validateConfig on valid configs", () => {
	it("accepts the empty config as it is", () => {
		expect(accepted({})).toEqual({ config: {}, warnings: [] });
	});

	it("accepts CFG-A unchanged, patterns in their order", () => {
		const raw = JSON.parse(CFG_A_FILE);
		const { config, warnings } = accepted(raw);
		expect(config).toEqual(raw);
		expect(Object.keys(config.permission?.bash ?? {})).toEqual(Object.keys(raw.permission.bash));
		expect(warnings).toEqual([]);
	});

	it("accepts a config that sets every key, returning the same config", () => {
		const raw = JSON.parse(EVERY_KEY_FILE);
		const { config } = accepted(raw);
		expect(config).toEqual(raw);
		expect(Object.keys(config)).toHaveLength(15);
		expect(Object.keys(config.permission ?? {})).toEqual(["*", "read", "bash", "mcp", "constructor"]);
	});

	it("returns a copy, so later changes to the input do not reach the config", () => {
		const raw = JSON.parse(CFG_A_FILE);
		const { config } = accepted(raw);
		raw.permission.bash["rm -rf *"] = "allow";
		expect(config.permission?.bash).toMatchObject({ "rm -rf *": "deny" });
	});

	it("accepts deprecated keys with one warning each", () => {
		const { config, warnings } = accepted({
			doublePressToConfirm: true,
			toolInputPreviewMaxLength: 80,
			toolTextSummaryMaxLength: 120,
		});
		expect(config).toEqual({
			doublePressToConfirm: true,
			toolInputPreviewMaxLength: 80,
			toolTextSummaryMaxLength: 120,
		});
		expect(warnings).toEqual([
			{
				keyPath: ["doublePressToConfirm"],
				message: "`doublePressToConfirm` is deprecated and has no effect",
				hint: "remove the key",
				severity: "warning",
			},
			{
				keyPath: ["toolInputPreviewMaxLength"],
				message: "`toolInputPreviewMaxLength` is deprecated and has no effect",
				hint: "remove the key",
				severity: "warning",
			},
			{
				keyPath: ["toolTextSummaryMaxLength"],
				message: "`toolTextSummaryMaxLength` is deprecated and has no effect",
				hint: "remove the key",
				severity: "warning",
			},
		]);
	});

	it("lists deprecation warnings after the errors of an invalid config", () => {
		const issues = rejected({ toolInputPreviewMaxLength: 80, debugLog: "yes" });
		expect(issues.map((issue) => [issue.keyPath, issue.severity])).toEqual([
			[["debugLog"], "error"],
			[["toolInputPreviewMaxLength"], "warning"],
		]);
	});

	it("still rejects a deprecated key with an invalid value", () => {
		const issues = rejected({ toolTextSummaryMaxLength: 0 });
		expect(issues[0]).toEqual({
			keyPath: ["toolTextSummaryMaxLength"],
			message: "`toolTextSummaryMaxLength` must be a whole number of at least 1",
			hint: "remove the key; it no longer has any effect",
			severity: "error",
		});
	});

	it("accepts a 5 MB valid config with every pattern in order", () => {
		const patterns: Record<string, string> = {};
		for (let index = 0; index < 40_000; index++)
			patterns[`tool-${index} ${LONG_ARGUMENTS}`] = index % 3 ? "allow" : "deny";
		const file = JSON.stringify({ permission: { bash: patterns } });
		expect(file.length).toBeGreaterThan(5_000_000);
		const { config } = accepted(JSON.parse(file));
		expect(Object.keys(config.permission?.bash ?? {})).toEqual(Object.keys(patterns));
	});

	it("rejects an explicit undefined, which no JSON file can hold", () => {
		expect(rejected({ debugLog: undefined })[0]?.keyPath).toEqual(["debugLog"]);
	});
});

describe("validateConfig issue cap", () => {
	it("lists exactly 50 issues without a summary when there are exactly 50", () => {
		const patterns: Record<string, string> = {};
		for (let index = 0; index < MAX_CONFIG_ISSUES; index++) patterns[`p${index}`] = "nope";
		const issues = rejected({ permission: { bash: patterns } });
		expect(issues).toHaveLength(MAX_CONFIG_ISSUES);
		expect(issues.every((issue) => issue.message === "`nope` is not an action")).toBe(true);
	});

	it("counts a single issue past the cap in the singular", () => {
		const patterns: Record<string, string> = {};
		for (let index = 0; index <= MAX_CONFIG_ISSUES; index++) patterns[`p${index}`] = "nope";
		expect(rejected({ permission: { bash: patterns } }).at(-1)?.message).toBe("…and 1 more issue");
	});
});

describe("validateConfig on `tests` (examples inside the policy)", () => {
	it("accepts examples in the short forms and the full form", () => {
		const result = validateConfig({
			tests: [
				{ tool: "bash", command: "git push origin main", expect: "ask" },
				{ name: "keys", tool: "read", path: "~/.ssh/id_rsa", expect: "deny", agent: "reviewer" },
				{ tool: "grep", input: { pattern: "x", path: "src" }, expect: "allow" },
			],
		});
		expect(result.ok).toBe(true);
	});

	it.each([
		[{ tool: "bash", expect: "ask" }, ["tests", 0]],
		[{ tool: "bash", command: "ls", path: "a", expect: "ask" }, ["tests", 0]],
		[{ tool: "bash", command: "ls", expect: "maybe" }, ["tests", 0, "expect"]],
		[{ command: "ls", expect: "ask" }, ["tests", 0, "tool"]],
	] as const)("rejects %j at %j", (example, keyPath) => {
		const result = validateConfig({ tests: [example] });
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.error.map((issue) => issue.keyPath)).toContainEqual(keyPath);
	});

	it("names the example keys when one is unknown", () => {
		const result = validateConfig({ tests: [{ tool: "bash", command: "ls", expect: "ask", expected: "ask" }] });
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.error[0]?.hint).toContain("`expect`");
	});
});
