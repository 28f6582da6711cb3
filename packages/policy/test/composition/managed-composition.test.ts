import { describe, expect, it } from "vitest";
import { composePolicy, type ScopeOutcome } from "../../src/composition/policy-composition";
import type { PermissionConfig } from "../../src/config/permission-config";
import type { ManagedOutcome } from "../../src/managed/managed-scope";
import type { ScopeName } from "../../src/rule";
import { SessionRuleStore } from "../../src/session/session-rule-store";
import { ENV } from "../support/corpus-configs";

const FILE = "/etc/pi-permissions/managed.json";
const valid = (scope: ScopeName, config: PermissionConfig): ScopeOutcome => ({ scope, status: "valid", config });
const trusted = (config: PermissionConfig): ManagedOutcome => ({
	status: "trusted",
	file: FILE,
	sha256: "ab".repeat(32),
	config,
});
const MANAGED_DENY = trusted({ permission: { bash: { "curl *": { action: "deny", reason: "no network" } } } });
const GLOBAL_ALLOW = valid("global", { permission: { "*": "ask", bash: { "curl *": "allow", "*": "ask" } } });

describe("composePolicy with a managed scope (ADR 0055)", () => {
	it("keeps a managed deny over a global allow, with the managed origin and reason", () => {
		const policy = composePolicy({ scopes: [GLOBAL_ALLOW], env: ENV, managed: MANAGED_DENY });
		expect(policy.decision.evaluate("bash", "curl x")).toMatchObject({
			state: "deny",
			origin: "managed",
			reason: "no network",
			matchedPattern: "curl *",
		});
	});

	it("keeps a managed deny under yolo and a session grant", () => {
		const policy = composePolicy({ scopes: [GLOBAL_ALLOW], env: ENV, managed: MANAGED_DENY, yolo: true });
		const store = new SessionRuleStore();
		store.add({ surface: "bash", pattern: "curl *" });
		const granted = policy.decision.withSessionRules(store.rules(), ENV);
		expect(policy.yolo).toBe(true);
		expect(granted.evaluate("bash", "curl x").state).toBe("deny");
	});

	it("holds a managed ask under a global allow, yolo and a session grant", () => {
		const managed = trusted({ permission: { bash: { "git push *": "ask" } } });
		const global = valid("global", { permission: { bash: { "git *": "allow" } } });
		const policy = composePolicy({ scopes: [global], env: ENV, managed, yolo: true });
		const store = new SessionRuleStore();
		store.add({ surface: "bash", pattern: "git push *" });
		const granted = policy.decision.withSessionRules(store.rules(), ENV);
		expect(granted.evaluate("bash", "git push origin")).toMatchObject({ state: "ask", origin: "managed" });
		expect(granted.evaluate("bash", "git status")).toMatchObject({ state: "allow", origin: "global" });
	});

	it("lets a managed allow answer a lower ask but never lift a lower deny", () => {
		const managed = trusted({ permission: { bash: { "npm *": "allow" } } });
		const global = valid("global", { permission: { bash: { "*": "ask", "npm publish *": "deny" } } });
		const policy = composePolicy({ scopes: [global], env: ENV, managed });
		expect(policy.decision.evaluate("bash", "npm test")).toMatchObject({ state: "allow", origin: "managed" });
		expect(policy.decision.evaluate("bash", "npm publish x")).toMatchObject({ state: "deny", origin: "global" });
	});

	it("ignores the allows of other scopes under allowManagedRulesOnly, and keeps their denies and asks", () => {
		const managed = trusted({ allowManagedRulesOnly: true, permission: { bash: { "git status": "allow" } } });
		const global = valid("global", {
			permission: { "*": "allow", bash: { "ls *": "allow", "rm *": "deny", "git *": "ask" } },
		});
		const policy = composePolicy({ scopes: [global], env: ENV, managed });
		expect(policy.decision.evaluate("bash", "ls -la").state).toBe("ask");
		expect(policy.decision.evaluate("read", "/x").state).toBe("ask");
		expect(policy.decision.evaluate("bash", "rm x").state).toBe("deny");
		expect(policy.decision.evaluate("bash", "git status")).toMatchObject({ state: "allow", origin: "managed" });
		expect(policy.decision.evaluate("bash", "git push")).toMatchObject({ state: "ask", origin: "global" });
	});

	it("asks every call of a refused managed file, yolo or not, and says why", () => {
		const refused: ManagedOutcome = {
			status: "refused",
			file: FILE,
			problem: "the file is writable by group or others (mode 0666)",
			fix: "chmod 644 /etc/pi-permissions/managed.json",
		};
		const policy = composePolicy({
			scopes: [valid("global", { permission: { "*": "allow", bash: { "rm *": "deny" } } })],
			env: ENV,
			managed: refused,
			yolo: true,
		});
		expect(policy.decision.evaluate("read", "/x")).toMatchObject({ state: "ask", origin: "managed" });
		expect(policy.decision.evaluate("bash", "rm x").state).toBe("deny");
		expect(policy.notices.map((notice) => notice.message)).toContain(
			`managed policy ${FILE} refused: the file is writable by group or others (mode 0666) (fix: chmod 644 /etc/pi-permissions/managed.json); every call is asked until it is fixed`,
		);
		expect(policy.managed).toMatchObject({ status: "refused", sha256: null });
	});

	it("refuses yolo under disableYolo and narrows the modes", () => {
		const managed = trusted({ disableYolo: true, allowedModes: ["default", "plan", "yolo"] });
		const policy = composePolicy({
			scopes: [valid("global", { permission: { bash: "ask" } })],
			env: ENV,
			managed,
			yolo: true,
		});
		expect([policy.yolo, policy.mode]).toEqual([false, "default"]);
		expect(policy.modes.allowed).toEqual(["default", "plan"]);
		expect(policy.decision.evaluate("bash", "make").state).toBe("ask");
		expect(policy.notices.map((notice) => notice.message)).toContain(
			"mode `yolo` refused: yolo is disabled by the managed scope; running in `default`",
		);
	});

	it("raises the sandbox to required and protects the managed file and its own paths", () => {
		const managed = trusted({ requireSandbox: true, protectedPaths: ["~/.aws/*"] });
		const policy = composePolicy({ scopes: [valid("global", { sandbox: { mode: "auto" } })], env: ENV, managed });
		expect(policy.sandbox.mode).toBe("required");
		expect(policy.settings.protectedPaths).toEqual(expect.arrayContaining([FILE, "/etc/pi-permissions/*", "~/.aws/*"]));
	});

	it("takes telemetry from the managed file, else the global scope, never a project", () => {
		const endpoint = (host: string) => ({ endpoint: `https://${host}/v1/logs` });
		const global = valid("global", { telemetry: endpoint("global.example") });
		const project = valid("project", { telemetry: endpoint("attacker.example") });
		const fromGlobal = composePolicy({ scopes: [global, project], env: ENV });
		expect(fromGlobal.telemetry).toEqual(endpoint("global.example"));
		expect(fromGlobal.notices.map((notice) => notice.message)).toContain(
			"telemetry in the project scope is ignored: a collector is named only in the managed or global config",
		);
		const fromManaged = composePolicy({
			scopes: [global, project],
			env: ENV,
			managed: trusted({ telemetry: endpoint("managed.example") }),
		});
		expect(fromManaged.telemetry).toEqual(endpoint("managed.example"));
		const projectOnly = composePolicy({ scopes: [project], env: ENV });
		expect(projectOnly.telemetry).toBeNull();
		expect(projectOnly.notices.map((notice) => notice.message).join("\n")).not.toContain("nothing is sent");
		// ADR 0060: the exporter has landed; a named collector is in force, with no notice that it receives nothing.
		expect(fromGlobal.notices.map((notice) => notice.message).join("\n")).not.toContain("nothing is sent");
	});

	it("shows the managed rules last in the displayed rules, with their origin", () => {
		const policy = composePolicy({ scopes: [GLOBAL_ALLOW], env: ENV, managed: MANAGED_DENY });
		expect(policy.displayRules.at(-1)).toEqual({
			surface: "bash",
			pattern: "curl *",
			action: "deny",
			reason: "no network",
			origin: "managed",
		});
		expect(policy.managed).toEqual({
			file: FILE,
			status: "trusted",
			sha256: "ab".repeat(32),
			keys: ["permission"],
			problem: null,
		});
	});

	it("floors a managed allow to ask while a scope is invalid", () => {
		const broken: ScopeOutcome = {
			scope: "project",
			status: "invalid",
			issues: [{ keyPath: [], message: "broken", hint: "fix", severity: "error" }],
		};
		const managed = trusted({ permission: { bash: { "npm *": "allow" } } });
		const policy = composePolicy({ scopes: [broken], env: ENV, managed });
		expect(policy.decision.evaluate("bash", "npm test")).toMatchObject({ state: "ask", origin: "fail-closed" });
	});
});
