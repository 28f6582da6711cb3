import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ForwardingLayout } from "../../src/forwarding/forwarding-layout";
import { ForwardingStore } from "../../src/forwarding/forwarding-store";
import { NodeForwardingFileSystem } from "../../src/forwarding/node-forwarding-file-system";
import { ParentAnswerKeys } from "../../src/forwarding/parent-answer-keys";
import { ParentAuthorizer } from "../../src/forwarding/parent-authorizer";
import { classifyHeartbeat } from "../../src/liveness/serving-heartbeat";
import { ServingRegistry } from "../../src/liveness/serving-registry";
import { LIVENESS_CASES, NOW } from "../liveness/forwarding-liveness.cases";
import { askDetails } from "../support/ask-details";
import { inherited } from "../support/forwarding-harness";
import { SteppingClock } from "../support/manual-clock";
import { MemoryLog } from "../support/memory-log";
import { filesUnder, makeTmpDir, removeTmpDir } from "../support/tmp-dir";

const GRACE = 2000;
const TIMEOUT = 600_000;
const POLL = 250;

let dir = "";
beforeEach(async () => {
	dir = await makeTmpDir();
});
afterEach(async () => {
	await removeTmpDir(dir);
});

describe("ParentAuthorizer waiting on a target", () => {
	it.each(LIVENESS_CASES)("$id a $state target: abandons after the grace = $abandonsAfterGrace", async (row) => {
		const clock = new SteppingClock(NOW);
		const state = classifyHeartbeat(row.record, NOW, () => row.pidAlive);
		const authorizer = new ParentAuthorizer({
			target: { sessionId: "p", source: "env" },
			self: { sessionId: "c1", agentName: null, cwd: "/w", pid: 1 },
			layout: new ForwardingLayout(dir),
			store: new ForwardingStore(new NodeForwardingFileSystem(), clock, 1),
			liveness: { judge: async () => state },
			keys: new ParentAnswerKeys({ inherited: inherited(), globalHost: {}, servingRegistry: new ServingRegistry({}) }),
			clock,
			log: new MemoryLog(),
			pollIntervalMs: POLL,
			timeoutMs: TIMEOUT,
			graceMs: GRACE,
		});
		const decision = await authorizer.authorize(askDetails());
		const waited = clock.now() - NOW;
		expect(decision).toMatchObject({ verdict: "deny", unavailable: true, decidedBy: { kind: "unavailable" } });
		if (row.abandonsAfterGrace) {
			expect(decision.verdict === "deny" && decision.reason).toMatch(new RegExp(`heartbeat ${row.state}`));
			expect(waited).toBeGreaterThanOrEqual(GRACE);
			expect(waited).toBeLessThanOrEqual(GRACE + POLL);
		} else {
			expect(decision.verdict === "deny" && decision.reason).toMatch(/no answer within 600000 ms/);
			expect(waited).toBe(TIMEOUT);
		}
		expect(await filesUnder(dir)).toEqual([]);
	});
});
