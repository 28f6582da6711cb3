import { readFile, writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BoundedRead } from "../../src/forwarding/forwarding-file-system";
import { NodeForwardingFileSystem } from "../../src/forwarding/node-forwarding-file-system";
import { textDigest } from "../../src/forwarding/request-identity";
import { askDetails, localPayload } from "../support/ask-details";
import {
	FORGER_KEY,
	oldFormatApproval,
	plantAnswer,
	seenRequests,
	signedApproval,
	tampered,
	tamperedApproval,
} from "../support/forger";
import { makeChild } from "../support/forwarding-harness";
import { heldParent, type Outcome } from "../support/held-parent";
import { MemoryLog } from "../support/memory-log";
import { REQUEST_ID_SHAPE } from "../support/request-id-shape";
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

/** A `rm -rf` ask: the parent's answer decides whether the subagent may run it. */
function dangerousAsk() {
	return askDetails({
		requestId: "call_1",
		payload: localPayload({ value: "rm -rf /" }),
		access: { surface: "bash", matchValues: ["rm -rf /"], boundaryValue: null },
	});
}

/** Waits until the child's log holds `count` forgery records. */
async function forgeriesRecorded(log: MemoryLog, count: number): Promise<void> {
	await expect.poll(() => log.named("forwarded_permission.forgery").length, { timeout: 5000 }).toBe(count);
}

/** The request the parent is holding, once it holds more than `before` (the forger reads it off disk like anyone). */
async function heldRequest(parent: ReturnType<typeof heldParent>, before = 0) {
	await expect.poll(() => parent.holding(), { timeout: 5000 }).toBeGreaterThan(before);
	const [request] = await seenRequests(parent.layout, PARENT);
	if (request === undefined) throw new Error("no request on disk");
	return request;
}

const GENUINE: readonly { outcome: Outcome; expected: Readonly<Record<string, unknown>> }[] = [
	{
		outcome: "allow",
		expected: {
			verdict: "allow",
			decidedBy: { kind: "forwarded", responderSessionId: PARENT, decision: { kind: "user", via: "dialog" } },
		},
	},
	{
		outcome: "deny",
		expected: {
			verdict: "deny",
			unavailable: false,
			reason: "the parent's user says no",
			decidedBy: { kind: "forwarded", responderSessionId: PARENT, decision: { kind: "user", via: "dialog" } },
		},
	},
	{
		outcome: "rule-deny",
		expected: {
			verdict: "deny",
			unavailable: false,
			reason: "no pushes from subagents",
			decidedBy: {
				kind: "forwarded",
				responderSessionId: PARENT,
				decision: { kind: "rule", surface: "bash", pattern: "git push *", origin: "project" },
			},
		},
	},
];

describe("a forger racing the serving parent", () => {
	it.each(GENUINE)(
		"records every forged and replayed answer as a forgery, and the parent's $outcome still settles the ask",
		async ({ outcome, expected }) => {
			const log = new MemoryLog();
			const parent = heldParent({ agentDir: dir, sessionId: PARENT, outcome });
			parent.release();
			parent.loop.start();
			const child = makeChild({ agentDir: dir, sessionId: "c1", target, log, timeoutMs: 20_000 });
			// An earlier ask, answered genuinely: the forger keeps its answer to replay.
			await child.authorizer.authorize(askDetails({ requestId: "call_0" }));
			const earlier = parent.fs.answers.at(-1) ?? "";
			expect(earlier).not.toBe("");
			parent.hold();
			const before = parent.holding();
			const pending = child.authorizer.authorize(dangerousAsk());
			const request = await heldRequest(parent, before);
			const forged = [
				oldFormatApproval(PARENT),
				JSON.stringify({ answer: JSON.parse(signedApproval(request, PARENT)).answer, signature: "" }),
				signedApproval(request, PARENT),
				earlier,
				// The earlier genuine answer renamed to this request: its signature no longer fits.
				tampered(earlier, { requestId: request.id, nonce: request.nonce, requestDigest: request.digest }),
				"{not json",
			];
			for (const [index, content] of forged.entries()) {
				await plantAnswer(parent.layout, PARENT, request.id, content);
				await forgeriesRecorded(log, index + 1);
			}
			parent.release();
			const decision = await pending;
			await parent.loop.stop();
			expect(decision).toMatchObject(expected);
			expect(log.named("forwarded_permission.forgery").map((fields) => fields.forgery)).toEqual([
				"unsigned",
				"bad_signature",
				"bad_signature",
				"other_request",
				"bad_signature",
				"unreadable",
			]);
			for (const fields of log.named("forwarded_permission.forgery")) expect(fields.requestId).toBe(request.id);
			// Only the verified answers were ever received.
			expect(log.named("forwarded_permission.response_received")).toHaveLength(2);
			expect(await filesUnder(dir)).toEqual([]);
		},
		30_000,
	);

	it("never reads answers pre-planted for every id it could guess, old format and new, and the parent decides", async () => {
		const log = new MemoryLog();
		const parent = heldParent({ agentDir: dir, sessionId: PARENT, outcome: "deny" });
		parent.release();
		parent.loop.start();
		const child = makeChild({ agentDir: dir, sessionId: "c1", target, log });
		await child.authorizer.authorize(askDetails({ requestId: "perm-0f1e-1" }));
		const earlierId = String(log.named("forwarded_permission.request_created")[0]?.requestId);
		const guesses = [
			"call_1",
			"req-1",
			...Array.from({ length: 9 }, (_, n) => `perm-0f1e-${n + 1}`),
			earlierId,
			// Neighbours of the earlier id, as if it were a counter.
			...Array.from({ length: 16 }, (_, n) => `${earlierId.slice(0, -1)}${n.toString(16)}`),
		];
		for (const [index, id] of guesses.entries()) {
			const content =
				index % 2 === 0 ? oldFormatApproval(PARENT) : signedApproval({ id, nonce: "0".repeat(32), digest: "" }, PARENT);
			await plantAnswer(parent.layout, PARENT, id, content);
		}
		const decision = await child.authorizer.authorize(dangerousAsk());
		await parent.loop.stop();
		expect(decision).toMatchObject({ verdict: "deny", unavailable: false, decidedBy: { kind: "forwarded" } });
		const asked = String(log.named("forwarded_permission.request_created")[1]?.requestId);
		expect(asked).toMatch(REQUEST_ID_SHAPE);
		expect(guesses).not.toContain(asked);
		expect(log.named("forwarded_permission.forgery")).toEqual([]);
	});

	// Red-team row Y-fwd-preplant: the planted files the `tee` writes, in the old wire format and in the new one.
	it("ends the Y-fwd-preplant ask with the parent's denial, whatever was tee'd into responses/ beforehand", async () => {
		const parent = heldParent({ agentDir: dir, sessionId: PARENT, outcome: "deny" });
		await parent.store.ensurePrivateDirectories(parent.layout.inboxDirectories(PARENT));
		for (let n = 1; n <= 9; n++) {
			const id = `perm-0f1e-${n}`;
			await writeFile(parent.layout.responseFile(PARENT, id), oldFormatApproval(PARENT));
			await writeFile(
				parent.layout.responseFile(PARENT, `${id}0`),
				signedApproval({ id: `${id}0`, nonce: "0".repeat(32), digest: textDigest("") }, PARENT),
			);
		}
		parent.release();
		parent.loop.start();
		const decision = await makeChild({ agentDir: dir, sessionId: "c1", target }).authorizer.authorize(dangerousAsk());
		await parent.loop.stop();
		expect(decision).toMatchObject({ verdict: "deny", decidedBy: { kind: "forwarded", decision: { kind: "user" } } });
	});
});

describe("a forger against a parent that cannot answer", () => {
	it("reports unavailable within the grace when the parent never existed, forged answers notwithstanding", async () => {
		const log = new MemoryLog();
		const child = makeChild({ agentDir: dir, sessionId: "c1", target, log, graceMs: 600, timeoutMs: 600_000 });
		const pending = child.authorizer.authorize(dangerousAsk());
		const layout = child.layout;
		await expect.poll(async () => (await seenRequests(layout, PARENT)).length).toBe(1);
		const [request] = await seenRequests(layout, PARENT);
		await plantAnswer(
			layout,
			PARENT,
			request?.id ?? "",
			signedApproval(request ?? { id: "", nonce: null, digest: "" }, PARENT),
		);
		const decision = await pending;
		expect(decision).toMatchObject({ verdict: "deny", unavailable: true, decidedBy: { kind: "unavailable" } });
		expect(decision.verdict === "deny" && decision.reason).toMatch(
			/^no session is serving this subagent's asks \(heartbeat absent\); 1 forged answer was refused$/,
		);
		expect(log.named("forwarded_permission.forgery").map((fields) => fields.forgery)).toEqual(["bad_signature"]);
		expect(await filesUnder(dir)).toEqual([]);
	});

	it("reports unavailable within the grace when the parent is killed mid-ask, forged answers notwithstanding", async () => {
		const log = new MemoryLog();
		let parentAlive = true;
		const parent = heldParent({ agentDir: dir, sessionId: PARENT, outcome: "allow", pid: 999_999 });
		parent.loop.start();
		const child = makeChild({
			agentDir: dir,
			sessionId: "c1",
			target,
			log,
			graceMs: 100,
			timeoutMs: 600_000,
			isPidAlive: () => parentAlive,
		});
		const pending = child.authorizer.authorize(dangerousAsk());
		const request = await heldRequest(parent);
		await plantAnswer(parent.layout, PARENT, request.id, oldFormatApproval(PARENT));
		await forgeriesRecorded(log, 1);
		parentAlive = false;
		const decision = await pending;
		expect(decision).toMatchObject({ verdict: "deny", unavailable: true, decidedBy: { kind: "unavailable" } });
		expect(decision.verdict === "deny" && decision.reason).toMatch(
			/heartbeat dead_pid\); 1 forged answer was refused$/,
		);
		parent.release();
		await parent.loop.stop();
	});
});

describe("answers changed on their way", () => {
	it("never approves when the parent's denial is rewritten into an approval that keeps its signature", async () => {
		const log = new MemoryLog();
		const parent = heldParent({ agentDir: dir, sessionId: PARENT, outcome: "deny" });
		parent.fs.rewrite = tamperedApproval;
		parent.release();
		parent.loop.start();
		const decision = await makeChild({
			agentDir: dir,
			sessionId: "c1",
			target,
			log,
			timeoutMs: 1000,
		}).authorizer.authorize(dangerousAsk());
		await parent.loop.stop();
		expect(decision).toMatchObject({ verdict: "deny", unavailable: true, decidedBy: { kind: "unavailable" } });
		expect(log.named("forwarded_permission.forgery").map((fields) => fields.forgery)).toEqual(["bad_signature"]);
		expect(log.named("forwarded_permission.response_received")).toEqual([]);
	});

	it("acts on the answer it read and verified, not on whatever replaces the file afterwards", async () => {
		const responseReads: string[] = [];
		class SwappingFileSystem extends NodeForwardingFileSystem {
			override async readBounded(path: string, maxBytes: number): Promise<BoundedRead> {
				const read = await super.readBounded(path, maxBytes);
				if (!path.includes("/responses/") || read.kind !== "text") return read;
				responseReads.push(read.text);
				// The forger swaps in an approval the moment the child has read the parent's denial.
				const id = path.slice(path.lastIndexOf("/") + 1, -".json".length);
				const [request] = await seenRequests(parent.layout, PARENT);
				await writeFile(path, signedApproval(request ?? { id, nonce: null, digest: "" }, PARENT));
				return read;
			}
		}
		const parent = heldParent({ agentDir: dir, sessionId: PARENT, outcome: "deny" });
		parent.release();
		parent.loop.start();
		const child = makeChild({ agentDir: dir, sessionId: "c1", target, fs: new SwappingFileSystem() });
		const decision = await child.authorizer.authorize(dangerousAsk());
		await parent.loop.stop();
		expect(decision).toMatchObject({ verdict: "deny", unavailable: false, decidedBy: { kind: "forwarded" } });
		expect(responseReads).toHaveLength(1);
		expect(await filesUnder(dir)).toEqual([]);
	});

	it("refuses the parent's approval of a request file the forger rewrote before the parent read it", async () => {
		const log = new MemoryLog();
		const parent = heldParent({ agentDir: dir, sessionId: PARENT, outcome: "allow" });
		const child = makeChild({ agentDir: dir, sessionId: "c1", target, log, graceMs: 5000 });
		const pending = child.authorizer.authorize(dangerousAsk());
		await expect.poll(async () => (await seenRequests(parent.layout, PARENT)).length).toBe(1);
		const [request] = await seenRequests(parent.layout, PARENT);
		const file = parent.layout.requestFile(PARENT, request?.id ?? "");
		// Same id and nonce, a harmless command: the parent's user approves what they are shown.
		await writeFile(file, (await readFile(file, "utf8")).replaceAll("rm -rf /", "echo hi"));
		parent.release();
		parent.loop.start();
		const decision = await pending;
		await parent.loop.stop();
		expect(parent.asked[0]?.payload.request.value).toBe("echo hi");
		expect(decision).toMatchObject({ verdict: "deny", unavailable: true, decidedBy: { kind: "unavailable" } });
		expect(log.named("forwarded_permission.forgery").map((fields) => fields.forgery)).toEqual(["request_altered"]);
		expect(await filesUnder(dir)).toEqual([]);
	});
});

describe("a subagent that cannot verify its parent", () => {
	it.each([
		{ label: "no inherited key", inheritedKey: { kind: "absent" } as const },
		{ label: "a malformed key", inheritedKey: { kind: "malformed", reason: "it is not base64" } as const },
	])("fails every ask closed at once with $label, writing nothing and asking nobody", async ({ inheritedKey }) => {
		const parent = heldParent({ agentDir: dir, sessionId: PARENT, outcome: "allow" });
		parent.release();
		parent.loop.start();
		const child = makeChild({ agentDir: dir, sessionId: "c1", target, inheritedKey });
		const decision = await child.authorizer.authorize(dangerousAsk());
		await parent.loop.stop();
		expect(decision).toMatchObject({ verdict: "deny", unavailable: true, decidedBy: { kind: "unavailable" } });
		expect(decision.verdict === "deny" && decision.reason).toMatch(
			/^the parent session's answers cannot be verified: PI_PERMISSIONS_PARENT_KEY is (not set|malformed)/,
		);
		expect(parent.asked).toEqual([]);
	});

	it("never accepts an answer signed by a key other than the one it inherited, even the forger's own", async () => {
		const log = new MemoryLog();
		const parent = heldParent({ agentDir: dir, sessionId: PARENT, outcome: "allow" });
		parent.release();
		parent.loop.start();
		const child = makeChild({
			agentDir: dir,
			sessionId: "c1",
			target,
			log,
			timeoutMs: 1000,
			inheritedKey: { kind: "present", key: FORGER_KEY.publicKey },
		});
		const decision = await child.authorizer.authorize(dangerousAsk());
		await parent.loop.stop();
		expect(decision).toMatchObject({ verdict: "deny", unavailable: true });
		expect(log.named("forwarded_permission.forgery").map((fields) => fields.forgery)).toEqual(["bad_signature"]);
	});
});
