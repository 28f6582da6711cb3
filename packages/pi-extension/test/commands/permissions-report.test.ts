import type { ConfigLoadResult } from "@pi-permissions/engine";
import { composePolicy, POSIX_FLAVOR, type ScopeOutcome } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import {
	bounded,
	grantsReport,
	logsReport,
	policyReport,
	REPORT_LINE_MAX_WIDTH,
	REPORT_MAX_LINES,
} from "../../src/commands/permissions-report";

const ENV = { home: "/home/u", flavor: POSIX_FLAVOR };
const GLOBAL: ScopeOutcome = { scope: "global", status: "valid", config: { permission: { bash: { "rm *": "deny" } } } };
const CONFIG: ConfigLoadResult = {
	scopes: [GLOBAL],
	reports: [
		{ scope: "global", file: "/a/config.json", status: "valid" },
		{ scope: "project", file: "/p/config.json", status: "skipped" },
	],
	issues: [],
	notices: [{ kind: "project-untrusted", scope: "project", file: "/p/config.json", message: "project not trusted" }],
};

describe("policyReport", () => {
	it("lists each rule with its action, origin and scope file, and the loader's notices", () => {
		const text = policyReport(CONFIG, composePolicy({ scopes: [GLOBAL], env: ENV }), false);
		expect(text.split("\n")).toContain("  bash  rm *  deny  global  /a/config.json");
		expect(text).toContain("scope project: skipped (/p/config.json)");
		expect(text).toContain("notice: project not trusted (/p/config.json)");
		expect(text).toContain("yolo off");
	});

	it("says yolo is suspended while a scope is invalid, and why", () => {
		const invalid: ScopeOutcome = { scope: "global", status: "invalid", issues: [] };
		const policy = composePolicy({ scopes: [invalid], env: ENV, yolo: true });
		const text = policyReport(CONFIG, policy, true);
		expect(text).toContain(
			"yolo suspended (asked for by --permissions-yolo or PI_PERMISSIONS_YOLO=1): the global scope is invalid, so asks are asked until it is fixed",
		);
		expect(policyReport(CONFIG, policy, false)).toContain("yolo suspended: the global scope is invalid");
	});

	it("says when the launcher forces yolo on", () => {
		const text = policyReport(CONFIG, composePolicy({ scopes: [GLOBAL], env: ENV, yolo: true }), true);
		expect(text).toContain("yolo on (forced by --permissions-yolo or PI_PERMISSIONS_YOLO=1)");
	});
});

describe("grantsReport", () => {
	it("lists grants with their ids", () => {
		const text = grantsReport([
			{
				id: "session-1",
				rule: { surface: "bash", pattern: "echo *", action: "allow", origin: "session" },
				bound: { kind: "session" },
				endsAt: null,
				callsLeft: null,
			},
		]);
		expect(text).toContain("  session-1  bash  echo *  allow");
	});

	it("shows what remains of bounded grants and lists expired ones as expired, not revoked", () => {
		const rule = (pattern: string) => ({ surface: "bash", pattern, action: "allow", origin: "session" }) as const;
		const text = grantsReport(
			[
				{ id: "session-1", rule: rule("git push*"), bound: { kind: "calls", calls: 3 }, endsAt: null, callsLeft: 2 },
				{
					id: "session-2",
					rule: rule("npm *"),
					bound: { kind: "minutes", minutes: 15 },
					endsAt: Date.UTC(2026, 11, 7, 21, 0, 0),
					callsLeft: null,
				},
				{ id: "session-3", rule: rule("make *"), bound: { kind: "turn" }, endsAt: null, callsLeft: null },
			],
			[],
			[
				{
					grant: { id: "session-4", rule: rule("ls *"), bound: { kind: "turn" }, endsAt: null, callsLeft: null },
					reason: "turn",
					at: Date.UTC(2026, 11, 7, 20, 30, 5),
				},
			],
		);
		expect(text).toContain("  session-1  bash  git push*  allow  for 3 calls, 2 left");
		expect(text).toContain("  session-2  bash  npm *  allow  for 15 minutes, until 2026-12-07 21:00:00");
		expect(text).toContain("  session-3  bash  make *  allow  for this turn");
		expect(text).toContain("pi-permissions: expired session grants (they decide nothing now):");
		expect(text).toContain(
			"  session-4  bash  ls *  allow  for this turn, expired with its turn at 2026-12-07 20:30:05",
		);
		expect(text).not.toMatch(/revoked/);
	});

	it("says when there are none", () => {
		expect(grantsReport([])).toBe("pi-permissions: no session grants\npi-permissions: no persisted grants");
	});

	it("lists persisted grants with scope, file:line, pattern and date (ADR 0032)", () => {
		const text = grantsReport(
			[],
			[
				{
					id: "project-0123abcd",
					scope: "project",
					file: "/p/.pi/extensions/pi-permissions/config.json",
					line: 6,
					surface: "bash",
					pattern: "npm test *",
					date: "2026-12-01",
					source: "dialog",
					expires: null,
				},
			],
		);
		expect(text).toContain("persisted grants (forget with /permissions forget <id>):");
		expect(text).toContain(
			'  project-0123abcd  project  /p/.pi/extensions/pi-permissions/config.json:6  bash  "npm test *"  2026-12-01',
		);
	});
});

describe("grantsReport: persisted grants that end (ADR 0061)", () => {
	const grant = (expires: string) => ({
		id: "global-0123abcd",
		scope: "global" as const,
		file: "/h/.pi/agent/extensions/pi-permissions/config.json",
		line: 4,
		surface: "bash",
		pattern: "make *",
		date: "2026-12-01",
		source: "cli" as const,
		expires,
	});
	const now = Date.UTC(2026, 11, 7, 12);

	it("says what remains of a live one and that an ended one expired", () => {
		const text = grantsReport([], [grant("2026-12-31"), grant("2026-12-07")], [], now);
		expect(text).toContain('bash  "make *"  2026-12-01  until 2026-12-31 00:00 UTC (23 days left)');
		expect(text).toContain('bash  "make *"  2026-12-01  expired 2026-12-07 00:00 UTC');
	});
});

describe("policyReport's session summary (ADR 0033)", () => {
	it("summarises the grants and the logs, and puts a failed log write first", () => {
		const text = policyReport(CONFIG, composePolicy({ scopes: [GLOBAL], env: ENV }), false, {
			grants: [],
			reviewLog: "/l/review.jsonl",
			debugLog: null,
			logWriteFailure: "/l/review.jsonl: EROFS: read-only file system",
		});
		expect(text.split("\n").slice(1, 4)).toEqual([
			"warning: a log write failed, records are being lost: /l/review.jsonl: EROFS: read-only file system",
			"session grants: none (list and revoke: /permissions grants)",
			"logs: review /l/review.jsonl, debug off (details: /permissions logs)",
		]);
	});
});

describe("policyReport's authorizer chain (issue 34)", () => {
	const summary = { grants: [], reviewLog: null, debugLog: null, logWriteFailure: null };

	it("warns about each named link that is not answering, before the rest of the summary", () => {
		const text = policyReport(CONFIG, composePolicy({ scopes: [GLOBAL], env: ENV }), false, {
			...summary,
			chain: {
				names: ["model-judge", "bot"],
				problems: [
					{ kind: "not-answering", name: "model-judge", problem: "no usable credentials for the judge's model" },
					{ kind: "unregistered", name: "bot" },
				],
			},
		});
		expect(text.split("\n").slice(1, 4)).toEqual([
			"warning: authorizer `model-judge` (authorizerChain) is not judging, its asks come to you:",
			"  no usable credentials for the judge's model",
			"warning: authorizer `bot` (authorizerChain) is not registered (not installed, not built, or it failed to start): its asks come to you",
		]);
	});

	it("names a chain whose links all answer, and says nothing of an empty one", () => {
		const policy = composePolicy({ scopes: [GLOBAL], env: ENV });
		const named = policyReport(CONFIG, policy, false, { ...summary, chain: { names: ["model-judge"], problems: [] } });
		expect(named.split("\n")).toContain("authorizer chain: model-judge (every link registered)");
		const empty = policyReport(CONFIG, policy, false, { ...summary, chain: { names: [], problems: [] } });
		expect(empty).not.toContain("authorizer");
	});
});

describe("logsReport", () => {
	it("names the review log, or says it is off", () => {
		expect(logsReport("/l/review.jsonl", "/l")).toContain("review log: /l/review.jsonl");
		expect(logsReport(null, "/l")).toContain("review log: off");
	});

	it("names the debug log when it is on, and says how to turn it on otherwise", () => {
		expect(logsReport(null, "/l", "/l/debug.jsonl")).toContain("debug log: /l/debug.jsonl");
		expect(logsReport(null, "/l")).toContain("debug log: off (set debugLog to true)");
	});
});

describe("bounded", () => {
	it("caps the line count and the width, and flattens control characters", () => {
		const lines = Array.from({ length: REPORT_MAX_LINES + 5 }, () => `x\ny${"z".repeat(500)}`);
		const shown = bounded(lines).split("\n");
		expect(shown).toHaveLength(REPORT_MAX_LINES + 1);
		expect(shown.at(-1)).toBe("… 5 more lines");
		expect(shown[0]?.length).toBe(REPORT_LINE_MAX_WIDTH);
		expect(shown[0]?.startsWith("x?y")).toBe(true);
	});
});
