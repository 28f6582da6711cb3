import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PersistedGrant } from "@pi-permissions/engine";
import { SessionRuleStore } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import type { PersistedGrantAccess } from "../../src/grants/persisted-grant-access";
import { SessionGrants } from "../../src/grants/session-grants";
import { reviewLogFile } from "../../src/logs/review-log-sink";
import { SessionLogs } from "../../src/logs/session-logs";
import { readJsonl } from "../support/jsonl-records";

/** ADR 0061: a persisted grant whose end has passed is recorded as expired in the review log, once, not revoked. */
const GRANT: PersistedGrant = {
	id: "global-0123abcd",
	scope: "global",
	file: "/h/.pi/agent/extensions/pi-permissions/config.json",
	line: 4,
	surface: "bash",
	pattern: "make *",
	date: "2026-12-01",
	source: "cli",
	expires: "2026-12-08",
};

describe("SessionGrants: persisted grants that end", () => {
	it("records an ended grant as expired in the review log once, and keeps listing it", async () => {
		const dir = mkdtempSync(join(tmpdir(), "pp-ended-"));
		let now = Date.UTC(2026, 11, 7, 23, 59);
		const logs = SessionLogs.open({
			agentDir: dir,
			sessionId: "s-1",
			settings: { permissionReviewLog: true, debugLog: false, reviewLogFieldMaxWidth: 200 },
			now: () => now,
		});
		const access = { list: async () => [GRANT] } as unknown as PersistedGrantAccess;
		const grants = new SessionGrants({
			store: new SessionRuleStore(),
			persisted: access,
			reload: async () => undefined,
			now: () => now,
			ended: (grant) => logs.grantEnded(grant),
		});
		expect(await grants.persisted()).toEqual([GRANT]);
		now = Date.UTC(2026, 11, 8);
		expect(await grants.persisted()).toEqual([GRANT]);
		expect(await grants.persisted()).toEqual([GRANT]);
		logs.close();
		const expired = readJsonl(reviewLogFile(dir)).filter((record) => record.event === "permission_grant_expired");
		expect(expired).toEqual([
			{
				time: "2026-12-08T00:00:00.000Z",
				event: "permission_grant_expired",
				sessionId: "s-1",
				grantId: "global-0123abcd",
				scope: "global",
				file: GRANT.file,
				line: 4,
				surface: "bash",
				pattern: "make *",
				expires: "2026-12-08",
			},
		]);
	});
});
