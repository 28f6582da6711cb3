import { POSIX_FLAVOR, SessionRuleStore, suggestPathApproval } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { recordSessionApproval } from "../../src/session/session-approval";

describe("recordSessionApproval", () => {
	it("records one allow grant per pattern of the suggestion", () => {
		const store = new SessionRuleStore();
		const suggestion = suggestPathApproval("external_directory", ["/etc/hosts", "/var/log/x"], {
			flavor: POSIX_FLAVOR,
		});
		const grants = recordSessionApproval(store, suggestion);
		expect(grants.map((grant) => grant.rule)).toEqual([
			{ surface: "external_directory", pattern: "/etc/*", action: "allow", origin: "session" },
			{ surface: "external_directory", pattern: "/var/log/*", action: "allow", origin: "session" },
		]);
	});

	it("records nothing without a suggestion", () => {
		const store = new SessionRuleStore();
		expect(recordSessionApproval(store, null)).toEqual([]);
		expect(store.rules()).toEqual([]);
	});
});
