import { readFile, writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FORGERY_KINDS, type ForgeryKind } from "../../src/forwarding/forgery-kind";
import { signAnswer } from "../../src/forwarding/signed-answer";
import { askDetails } from "../support/ask-details";
import {
	approvalBody,
	oldFormatApproval,
	plantAnswer,
	type SeenRequest,
	seenRequests,
	signedApproval,
} from "../support/forger";
import { HARNESS_PARENT_KEY, makeChild } from "../support/forwarding-harness";
import { heldParent } from "../support/held-parent";
import { MemoryLog } from "../support/memory-log";
import { filesUnder, makeTmpDir, removeTmpDir } from "../support/tmp-dir";

const PARENT = "parent-1";
const target = { sessionId: PARENT, source: "env" } as const;

let dir = "";
beforeEach(async () => {
	dir = await makeTmpDir();
});
afterEach(async () => {
	await removeTmpDir(dir);
});

interface Row {
	readonly kind: ForgeryKind;
	/** A file planted in the answer's place while the parent holds the request (`earlier`: a genuine answer). */
	readonly plant?: (request: SeenRequest, earlier: string) => string;
	/** A change to the request file before the parent reads it. */
	readonly alter?: (text: string) => string;
}

const ROWS: readonly Row[] = [
	{ kind: "unreadable", plant: () => "{not json" },
	{ kind: "unsigned", plant: () => oldFormatApproval(PARENT) },
	{ kind: "bad_signature", plant: (request) => signedApproval(request, PARENT) },
	{ kind: "other_request", plant: (_request, earlier) => earlier },
	{
		kind: "wrong_responder",
		// Another session of the parent's own process (same key) answering a copy of this request.
		plant: (request) => JSON.stringify(signAnswer(approvalBody(request, "another-session"), HARNESS_PARENT_KEY)),
	},
	{ kind: "nonce_mismatch", alter: (text) => text.replace(/"nonce":"[0-9a-f]+"/, `"nonce":"${"f".repeat(32)}"`) },
	{ kind: "request_altered", alter: (text) => text.replaceAll("rm victim", "echo hi") },
];

const ask = () =>
	askDetails({ access: { surface: "bash", matchValues: ["rm victim"], boundaryValue: null }, requestId: "call_9" });

describe("FORGERY_KINDS", () => {
	it("has one row here per kind", () => {
		expect(ROWS.map((row) => row.kind).sort()).toEqual(Object.keys(FORGERY_KINDS).sort());
	});

	it.each(ROWS.filter((row) => FORGERY_KINDS[row.kind].genuineMayFollow))(
		"$kind: records the file once and keeps waiting, so the parent's genuine answer still settles the ask",
		async ({ kind, plant }) => {
			const log = new MemoryLog();
			const parent = heldParent({ agentDir: dir, sessionId: PARENT, outcome: "deny" });
			parent.release();
			parent.loop.start();
			const child = makeChild({ agentDir: dir, sessionId: "c1", target, log });
			await child.authorizer.authorize(askDetails({ requestId: "call_8" }));
			const earlier = parent.fs.answers.at(-1) ?? "";
			parent.hold();
			const before = parent.holding();
			const pending = child.authorizer.authorize(ask());
			await expect.poll(() => parent.holding()).toBeGreaterThan(before);
			const [request] = await seenRequests(parent.layout, PARENT);
			if (request === undefined || plant === undefined) throw new Error("no request to answer");
			await plantAnswer(parent.layout, PARENT, request.id, plant(request, earlier));
			await expect.poll(() => log.named("forwarded_permission.forgery").length).toBe(1);
			parent.release();
			const decision = await pending;
			await parent.loop.stop();
			expect(decision).toMatchObject({ verdict: "deny", unavailable: false, decidedBy: { kind: "forwarded" } });
			expect(log.named("forwarded_permission.forgery")).toMatchObject([
				{ requestId: request.id, forgery: kind, reason: expect.stringContaining(FORGERY_KINDS[kind].text) },
			]);
			expect(await filesUnder(dir)).toEqual([]);
		},
	);

	it.each(ROWS.filter((row) => !FORGERY_KINDS[row.kind].genuineMayFollow))(
		"$kind: records the parent's answer to the altered request and fails closed at once, even though it approved",
		async ({ kind, alter }) => {
			const log = new MemoryLog();
			const parent = heldParent({ agentDir: dir, sessionId: PARENT, outcome: "allow" });
			const child = makeChild({ agentDir: dir, sessionId: "c1", target, log, graceMs: 5000, timeoutMs: 600_000 });
			const pending = child.authorizer.authorize(ask());
			await expect.poll(async () => (await seenRequests(parent.layout, PARENT)).length).toBe(1);
			const [request] = await seenRequests(parent.layout, PARENT);
			if (request === undefined || alter === undefined) throw new Error("no request to alter");
			const file = parent.layout.requestFile(PARENT, request.id);
			await writeFile(file, alter(await readFile(file, "utf8")));
			parent.release();
			parent.loop.start();
			const decision = await pending;
			await parent.loop.stop();
			expect(parent.asked).toHaveLength(1);
			expect(decision).toMatchObject({ verdict: "deny", unavailable: true, decidedBy: { kind: "unavailable" } });
			expect(decision.verdict === "deny" && decision.reason).toBe(
				`the parent's answer was refused: ${FORGERY_KINDS[kind].text}`,
			);
			expect(log.named("forwarded_permission.forgery").map((fields) => fields.forgery)).toEqual([kind]);
			expect(await filesUnder(dir)).toEqual([]);
		},
	);
});
