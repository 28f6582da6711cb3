import { composePolicy, POSIX_FLAVOR, type ScopeOutcome } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { statusText } from "../src/status-indicator";

const ENV = { home: "/home/u", flavor: POSIX_FLAVOR };
const GLOBAL: ScopeOutcome = { scope: "global", status: "valid", config: { permission: { bash: "ask" } } };

describe("statusText", () => {
	it("always names the mode in force (ADR 0054)", () => {
		expect(statusText(composePolicy({ scopes: [GLOBAL], env: ENV }))).toBe("permissions: default");
		expect(statusText(composePolicy({ scopes: [GLOBAL], env: ENV, mode: "plan" }))).toBe(
			"permissions: plan (read-only)",
		);
		expect(statusText(composePolicy({ scopes: [GLOBAL], env: ENV, mode: "accept-edits" }))).toBe(
			"permissions: accept edits",
		);
	});

	it("warns that a log write failed, alone or after the policy's status (ADR 0033)", () => {
		expect(statusText(composePolicy({ scopes: [GLOBAL], env: ENV }), "/l/review.jsonl: EROFS")).toBe(
			"permissions: default · log write failed, see /permissions",
		);
		expect(statusText(composePolicy({ scopes: [GLOBAL], env: ENV, yolo: true }), "/l/review.jsonl: EROFS")).toBe(
			"permissions: YOLO (asks auto-approved) · log write failed, see /permissions",
		);
	});

	it("flags yolo", () => {
		expect(statusText(composePolicy({ scopes: [GLOBAL], env: ENV, yolo: true }))).toBe(
			"permissions: YOLO (asks auto-approved)",
		);
	});

	it("says yolo is suspended while a scope is invalid", () => {
		const invalid: ScopeOutcome = { scope: "project", status: "invalid", issues: [] };
		expect(statusText(composePolicy({ scopes: [GLOBAL, invalid], env: ENV, yolo: true }))).toBe(
			"permissions: YOLO suspended (project invalid: asks are asked)",
		);
	});

	it("flags a scope that failed to load", () => {
		const invalid: ScopeOutcome = { scope: "project", status: "invalid", issues: [] };
		expect(statusText(composePolicy({ scopes: [GLOBAL, invalid], env: ENV }))).toBe(
			"permissions: default · fail-closed (project invalid)",
		);
	});

	it("marks an authorizer link that is not answering, alone or after the policy's status", () => {
		const off = [{ kind: "unregistered" as const, name: "model-judge" }];
		expect(statusText(composePolicy({ scopes: [GLOBAL], env: ENV }), null, off)).toBe(
			"permissions: default · authorizer model-judge off, see /permissions",
		);
		expect(statusText(composePolicy({ scopes: [GLOBAL], env: ENV, yolo: true }), "/l: EROFS", off)).toBe(
			"permissions: YOLO (asks auto-approved) · authorizer model-judge off, see /permissions · log write failed, see /permissions",
		);
	});
});
