import { describe, expect, it } from "vitest";
import { renderSandboxPlan } from "../src/plan-text";
import { planSandbox } from "../src/sandbox-plan";

const plan = planSandbox({
	rules: [
		{ surface: "path", pattern: "*.env", action: "deny", origin: "global" },
		{ surface: "path", pattern: "*", action: "deny", origin: "project" },
	],
	cwd: "/work/proj",
	home: "/home/u",
	tmpDir: "/tmp",
	protectedTargets: [
		{ kind: "path", pattern: "/work/proj/.pi", why: "writes the project's Pi settings", sandbox: "read-only" },
	],
	allowedDomains: ["registry.npmjs.org"],
	canonical: (path) => path,
	exists: () => true,
	isDirectory: () => true,
	list: () => null,
});

describe("renderSandboxPlan", () => {
	it("says what is readable, writable and reachable, and what is left to the gate", () => {
		expect(renderSandboxPlan(plan)).toEqual([
			"readable: everything, except",
			"  /work/proj/**.env  <- path rule `*.env`: deny",
			"writable: only",
			"  /work/proj  <- the working directory",
			"  /tmp  <- the temp directory",
			"reachable: registry.npmjs.org (through the sandbox's proxy; loopback is not)",
			"not writable, even there:",
			"  /work/proj/**.env  <- path rule `*.env`: deny",
			"  /work/proj/.pi  <- protected: writes the project's Pi settings",
			"removed right after each call when the command made them (a mount would create them on disk):",
			"  what git would run in a new repository in /work/proj (config, hooks, info, commondir, config.worktree)",
			"left to the gate (the sandbox cannot express these):",
			"  path rule `*`: deny: it matches every path; the shell itself could not run",
		]);
	});

	it("counts a protected place inside another listed one instead of listing it", () => {
		const nested = planSandbox({
			rules: [],
			cwd: "/work/proj",
			home: "/home/u",
			tmpDir: "/tmp",
			protectedTargets: [
				{ kind: "path", pattern: "/work/proj/.pi", why: "writes `.pi/`", sandbox: "read-only" },
				{ kind: "path", pattern: "/work/proj/.pi/agents", why: "writes an agent", sandbox: "read-only" },
			],
			allowedDomains: [],
			canonical: (path) => path,
			exists: () => true,
			isDirectory: () => true,
			list: () => null,
		});
		expect(renderSandboxPlan(nested)).toEqual(
			expect.arrayContaining([
				"  /work/proj/.pi  <- protected: writes `.pi/`",
				"  (and 1 protected places inside those)",
			]),
		);
	});

	it("lists the protected names it checks after each call", () => {
		const watching = planSandbox({
			rules: [{ surface: "external_directory", pattern: "~/*", action: "allow", origin: "global" }],
			cwd: "/work/proj",
			home: "/home/u",
			tmpDir: "/tmp",
			protectedTargets: [
				{ kind: "path", pattern: "/work/proj/.envrc", why: "writes `.envrc`", sandbox: "read-only" },
				{ kind: "dot-entries", pattern: "/home/u", why: "writes a dot-file", data: [".cache", ".bash_history"] },
			],
			allowedDomains: [],
			canonical: (path) => path,
			exists: () => false,
			isDirectory: () => false,
			list: () => null,
		});
		expect(renderSandboxPlan(watching)).toEqual(
			expect.arrayContaining([
				"  /work/proj/.envrc  <- protected: writes `.envrc`",
				"  a new dot-entry in /home/u (not .cache, .bash_history)",
			]),
		);
	});
});
