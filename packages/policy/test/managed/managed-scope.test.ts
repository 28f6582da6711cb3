import { describe, expect, it } from "vitest";
import {
	MANAGED_KEYS,
	type ManagedOutcome,
	managedFacts,
	managedKeyIssues,
	managedProtectedPaths,
	managedRules,
} from "../../src/managed/managed-scope";

const FILE = "/etc/pi-permissions/managed.json";
const TRUSTED: ManagedOutcome = {
	status: "trusted",
	file: FILE,
	sha256: "ab".repeat(32),
	config: {
		permission: { bash: { "curl *": { action: "deny", reason: "no network" }, "git status": "allow" }, "*": "ask" },
		disableYolo: true,
	},
};

describe("managedRules", () => {
	it("turns a trusted file's permission into managed rules, universal first", () => {
		expect(managedRules(TRUSTED)).toEqual([
			{ surface: "*", pattern: "*", action: "ask", origin: "managed" },
			{ surface: "bash", pattern: "curl *", action: "deny", reason: "no network", origin: "managed" },
			{ surface: "bash", pattern: "git status", action: "allow", origin: "managed" },
		]);
	});

	it("asks every call for a file that exists but cannot be trusted", () => {
		const refused: ManagedOutcome = { status: "refused", file: FILE, problem: "owned by uid 1000", fix: "chown root" };
		expect(managedRules(refused)).toEqual([{ surface: "*", pattern: "*", action: "ask", origin: "managed" }]);
	});

	it("keeps an invalid file's salvaged denies above its ask-everything rule", () => {
		const invalid: ManagedOutcome = {
			status: "invalid",
			file: FILE,
			sha256: "00",
			problem: "broken",
			salvaged: { permission: { bash: { "rm *": "deny" } } },
		};
		expect(managedRules(invalid)).toEqual([
			{ surface: "*", pattern: "*", action: "ask", origin: "managed" },
			{ surface: "bash", pattern: "rm *", action: "deny", origin: "managed" },
		]);
	});

	it("has no rules when nothing is there", () => {
		expect(managedRules({ status: "absent", file: FILE })).toEqual([]);
	});
});

describe("managedKeyIssues", () => {
	it("accepts every managed key", () => {
		const config = Object.fromEntries(MANAGED_KEYS.map((key) => [key, undefined]));
		expect(managedKeyIssues(config)).toEqual([]);
	});

	it.each(["yoloMode", "defaultMode", "authorizerChain", "sandbox", "shellTools", "tests"])(
		"refuses `%s` in the managed file, naming what it may hold",
		(key) => {
			const [issue] = managedKeyIssues({ [key]: true });
			expect(issue?.severity).toBe("error");
			expect(issue?.keyPath).toEqual([key]);
			expect(issue?.message).toBe(`\`${key}\` is not read from the managed file`);
			expect(issue?.hint).toContain("`disableYolo`");
		},
	);
});

describe("managedFacts", () => {
	it("names a trusted file's hash and the keys in force", () => {
		expect(managedFacts(TRUSTED)).toEqual({
			file: FILE,
			status: "trusted",
			sha256: "ab".repeat(32),
			keys: ["permission", "disableYolo"],
			problem: null,
		});
	});

	it("names a refused file's problem and fix", () => {
		const facts = managedFacts({ status: "refused", file: FILE, problem: "writable by others", fix: "chmod 644" });
		expect(facts?.problem).toBe("writable by others (fix: chmod 644)");
		expect(facts?.keys).toEqual([]);
	});
});

describe("managedProtectedPaths", () => {
	it("protects the managed file and its directory even while absent, and adds the file's own paths", () => {
		expect(managedProtectedPaths({ status: "absent", file: FILE })).toEqual([
			FILE,
			"/etc/pi-permissions",
			"/etc/pi-permissions/*",
		]);
		const own = { ...TRUSTED, config: { protectedPaths: ["~/.aws/*"] } };
		expect(managedProtectedPaths(own)).toContain("~/.aws/*");
	});

	it("protects nothing on a platform without a managed location", () => {
		expect(managedProtectedPaths({ status: "absent", file: null })).toEqual([]);
	});
});
