import { mkdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TerminalDecision } from "../../src/chain/authorizer";
import type { Clock } from "../../src/clock";
import { systemClock } from "../../src/clock";
import type { ForwardingFileSystem } from "../../src/forwarding/forwarding-file-system";
import { NodeForwardingFileSystem } from "../../src/forwarding/node-forwarding-file-system";
import { ServingRegistry } from "../../src/liveness/serving-registry";
import { askDetails, localPayload } from "../support/ask-details";
import { makeChild, makeParent, scriptedTerminal } from "../support/forwarding-harness";
import { MemoryLog } from "../support/memory-log";
import { signedAnswerBody } from "../support/signed-answers";
import { filesUnder, makeTmpDir, removeTmpDir } from "../support/tmp-dir";

const PARENT = "parent-1";
const target = { sessionId: PARENT, source: "env" } as const;
const userAllows = (): TerminalDecision => ({
	verdict: "allow",
	scope: "once",
	decidedBy: { kind: "user", via: "dialog" },
});

let dir = "";
beforeEach(async () => {
	dir = await makeTmpDir();
});
afterEach(async () => {
	await removeTmpDir(dir);
});

function validRequest(id: string, targetSessionId = PARENT) {
	return {
		id,
		createdAt: 1,
		requesterSessionId: "c1",
		targetSessionId,
		requesterAgentName: null,
		payload: localPayload(),
		accessIntent: null,
		nonce: "a".repeat(32),
	};
}

/** A real file system that refuses to create files whose path contains `refuse`. */
class RefusingFileSystem extends NodeForwardingFileSystem {
	readonly reads: string[] = [];
	constructor(private readonly refuse: string | null) {
		super();
	}
	override async writeNewPrivateFile(path: string, data: string): Promise<void> {
		if (this.refuse !== null && path.includes(this.refuse)) throw new Error("ENOSPC: no space left on device");
		await super.writeNewPrivateFile(path, data);
	}
	override async readBounded(path: string, maxBytes: number) {
		const read = await super.readBounded(path, maxBytes);
		this.reads.push(read.kind);
		return read;
	}
}

describe("hostile and broken request files", () => {
	async function serveOnce(name: string, content: string, fs = new RefusingFileSystem(null)) {
		const { terminal, asked } = scriptedTerminal(userAllows);
		const log = new MemoryLog();
		const parent = makeParent({ agentDir: dir, sessionId: PARENT, terminal, log, fs });
		const inbox = parent.layout.inbox(PARENT);
		await mkdir(inbox.requests, { recursive: true });
		await writeFile(`${inbox.requests}/${name}`, content);
		await parent.server.processInbox();
		return { parent, asked, log, inbox, fs };
	}

	it.each([
		["corrupt", "{not json"],
		["truncated", JSON.stringify(validRequest("r1")).slice(0, 40)],
		["empty", ""],
		["wrong types", JSON.stringify({ ...validRequest("r1"), createdAt: "yesterday", requesterSessionId: 7 })],
		["a path-traversal id inside", JSON.stringify(validRequest("../../../etc/passwd"))],
		["an id naming another request", JSON.stringify(validRequest("r2"))],
		["a request without a nonce", JSON.stringify({ ...validRequest("r1"), nonce: undefined })],
		["a request with a short nonce", JSON.stringify({ ...validRequest("r1"), nonce: "abc" })],
		["a JSON array", "[1,2,3]"],
	])("rejects a %s request with a logged reason and a deny, never asking or approving", async (_label, content) => {
		const { asked, log, inbox } = await serveOnce("r1.json", content);
		expect(asked).toEqual([]);
		expect(log.named("forwarded_permission.rejected")).toHaveLength(1);
		const response = await signedAnswerBody(`${inbox.responses}/r1.json`);
		expect(response).toMatchObject({ approved: false, decidedBy: { kind: "gate_error" } });
		expect(await filesUnder(inbox.requests)).toEqual([]);
	});

	it("rejects a 10 MB request from its size alone, without reading its text", async () => {
		const huge = JSON.stringify({ ...validRequest("r1"), padding: "x".repeat(10 * 1024 * 1024) });
		const { asked, log, inbox, fs } = await serveOnce("r1.json", huge);
		expect(fs.reads).toEqual(["too-large"]);
		expect(asked).toEqual([]);
		expect(String(log.named("forwarded_permission.rejected")[0]?.reason)).toMatch(/over the 1048576-byte limit/);
		expect((await signedAnswerBody(`${inbox.responses}/r1.json`)).approved).toBe(false);
	});

	it("removes a file whose name is not a request id, answering nothing", async () => {
		const { asked, log, inbox } = await serveOnce("bad name;rm.json", JSON.stringify(validRequest("r1")));
		expect(asked).toEqual([]);
		expect(log.named("forwarded_permission.rejected")).toHaveLength(1);
		expect(await filesUnder(inbox.dir)).toEqual([]);
	});

	it("discards a request addressed to another session without answering it", async () => {
		const { asked, inbox } = await serveOnce("r1.json", JSON.stringify(validRequest("r1", "someone-else")));
		expect(asked).toEqual([]);
		expect(await filesUnder(inbox.dir)).toEqual([]);
	});

	it("never reads a request planted as a symlink", async () => {
		await writeFile(`${dir}/elsewhere.json`, JSON.stringify(validRequest("r1")));
		const { terminal, asked } = scriptedTerminal(userAllows);
		const parent = makeParent({ agentDir: dir, sessionId: PARENT, terminal });
		const inbox = parent.layout.inbox(PARENT);
		await mkdir(inbox.requests, { recursive: true });
		await symlink(`${dir}/elsewhere.json`, `${inbox.requests}/r1.json`);
		await parent.server.processInbox();
		expect(asked).toEqual([]);
		expect((await signedAnswerBody(`${inbox.responses}/r1.json`)).approved).toBe(false);
		expect(await readFile(`${dir}/elsewhere.json`, "utf8")).toContain('"r1"');
	});

	it("refuses to serve a symlinked inbox, and a child refuses to write into it", async () => {
		const { terminal, asked } = scriptedTerminal(userAllows);
		const log = new MemoryLog();
		const parent = makeParent({ agentDir: dir, sessionId: PARENT, terminal, log });
		const inbox = parent.layout.inbox(PARENT);
		await mkdir(`${dir}/attacker/requests`, { recursive: true });
		await writeFile(`${dir}/attacker/requests/r1.json`, JSON.stringify(validRequest("r1")));
		await mkdir(`${parent.layout.sessionsDir}`, { recursive: true });
		await symlink(`${dir}/attacker`, inbox.dir);
		expect(await parent.server.processInbox()).toBe(0);
		expect(asked).toEqual([]);
		expect(String(log.named("permission_forwarding.error")[0]?.reason)).toMatch(/symlink/);
		const decision = await makeChild({ agentDir: dir, sessionId: "c1", target }).authorizer.authorize(askDetails());
		expect(decision).toMatchObject({ verdict: "deny", unavailable: true });
		expect(decision.verdict === "deny" && decision.reason).toMatch(/cannot use the forwarding inbox/);
	});
});

describe("broken responses", () => {
	it.each([
		["garbage", "{{{"],
		["an approval in a denying state", JSON.stringify({ approved: true, state: "denied", responderSessionId: PARENT })],
		[
			"an approval that names no decider",
			JSON.stringify({ approved: true, state: "approved", responderSessionId: PARENT }),
		],
	])("records %s as a forgery, never as an approval, and still ends within its bound", async (_label, content) => {
		const registry = new ServingRegistry({});
		const withdraw = registry.announce(PARENT);
		const log = new MemoryLog();
		const child = makeChild({ agentDir: dir, sessionId: "c1", target, servingRegistry: registry, timeoutMs: 400, log });
		const pending = child.authorizer.authorize(askDetails());
		const requests = child.layout.inbox(PARENT).requests;
		const written = async () => (await filesUnder(requests)).filter((name) => name.endsWith(".json"));
		await expect.poll(async () => (await written()).length).toBe(1);
		const [name] = await written();
		await writeFile(`${child.layout.inbox(PARENT).responses}/${name}`, content);
		const decision = await pending;
		withdraw();
		expect(decision).toMatchObject({ verdict: "deny", unavailable: true, decidedBy: { kind: "unavailable" } });
		expect(decision.verdict === "deny" && decision.reason).toMatch(
			/no answer within 400 ms .*; 1 forged answer was refused$/,
		);
		expect(log.named("forwarded_permission.forgery")).toHaveLength(1);
		expect(log.named("forwarded_permission.response_received")).toEqual([]);
		expect(await filesUnder(dir)).toEqual([]);
	});
});

describe("liveness faults", () => {
	it("gives up within the grace when the parent never existed, naming the inbox in the log but never to the agent", async () => {
		const log = new MemoryLog();
		const child = makeChild({ agentDir: dir, sessionId: "c1", target, graceMs: 50, timeoutMs: 600_000, log });
		const decision = await child.authorizer.authorize(askDetails());
		expect(decision).toMatchObject({ verdict: "deny", unavailable: true, decidedBy: { kind: "unavailable" } });
		expect(decision.verdict === "deny" && decision.reason).toMatch(
			/^no session is serving this subagent's asks \(heartbeat absent\)$/,
		);
		const logged = log.named("forwarded_permission.no_serving_session");
		expect(logged).toHaveLength(1);
		expect(JSON.stringify(logged[0])).toMatch(/\/requests/);
		expect(await filesUnder(dir)).toEqual([]);
	});

	it("gives up within the grace when the parent dies mid-ask (dead pid), not after the timeout", async () => {
		let parentAlive = true;
		let answer: (decision: TerminalDecision) => void = () => undefined;
		const { terminal, asked } = scriptedTerminal(() => new Promise<TerminalDecision>((resolve) => (answer = resolve)));
		const parent = makeParent({ agentDir: dir, sessionId: PARENT, terminal, pid: 999_999 });
		parent.loop.start();
		const child = makeChild({
			agentDir: dir,
			sessionId: "c1",
			target,
			graceMs: 50,
			timeoutMs: 600_000,
			isPidAlive: () => parentAlive,
		});
		const pending = child.authorizer.authorize(askDetails());
		await expect.poll(() => asked.length).toBe(1);
		parentAlive = false;
		const decision = await pending;
		expect(decision).toMatchObject({ verdict: "deny", unavailable: true });
		expect(decision.verdict === "deny" && decision.reason).toMatch(/heartbeat dead_pid/);
		answer(userAllows());
		await parent.loop.stop();
		expect(await filesUnder(dir)).toEqual([]);
	});

	it("waits out a live parent's deliberation longer than the grace, across an hour of clock skew", async () => {
		const skewed: Clock = {
			now: () => systemClock.now() - 3_600_000,
			sleep: (ms, signal) => systemClock.sleep(ms, signal),
		};
		// The child must see the skewed heartbeat change within its grace: a grace of many refresh periods, so a busy
		// machine's late timers cannot pass it (ADR 0047); the deliberation outlasts the grace.
		const graceMs = 1_000;
		const { terminal } = scriptedTerminal(async () => {
			await systemClock.sleep(3 * graceMs);
			return userAllows();
		});
		const parent = makeParent({ agentDir: dir, sessionId: PARENT, terminal, clock: skewed, heartbeatRefreshMs: 20 });
		parent.loop.start();
		const child = makeChild({ agentDir: dir, sessionId: "c1", target, graceMs, timeoutMs: 600_000 });
		const decision = await child.authorizer.authorize(askDetails());
		await parent.loop.stop();
		expect(decision.verdict).toBe("allow");
	});

	it("trusts the in-process serving registry when the heartbeat file cannot be written", async () => {
		const registry = new ServingRegistry({});
		const { terminal } = scriptedTerminal(async () => {
			await systemClock.sleep(150);
			return userAllows();
		});
		const parent = makeParent({
			agentDir: dir,
			sessionId: PARENT,
			terminal,
			servingRegistry: registry,
			fs: new RefusingFileSystem("/serving/"),
		});
		parent.loop.start();
		const child = makeChild({
			agentDir: dir,
			sessionId: "c1",
			target: { sessionId: PARENT, source: "registry" },
			servingRegistry: registry,
			graceMs: 50,
		});
		const decision = await child.authorizer.authorize(askDetails());
		await parent.loop.stop();
		expect(decision.verdict).toBe("allow");
	});

	it("reports a timeout as unavailable, never as a user denial", async () => {
		const registry = new ServingRegistry({});
		const withdraw = registry.announce(PARENT);
		const log = new MemoryLog();
		const child = makeChild({ agentDir: dir, sessionId: "c1", target, servingRegistry: registry, timeoutMs: 60, log });
		const decision = await child.authorizer.authorize(askDetails());
		withdraw();
		expect(decision).toMatchObject({ verdict: "deny", unavailable: true, decidedBy: { kind: "unavailable" } });
		expect(decision.verdict === "deny" && decision.reason).toMatch(/no answer within 60 ms/);
		expect(log.named("forwarded_permission.response_timed_out")).toHaveLength(1);
	});
});

describe("disk faults", () => {
	it("answers even when the responses directory is deleted while serving", async () => {
		const { terminal } = scriptedTerminal(async () => {
			await rm(`${dir}/sessions/permission-forwarding/sessions/${PARENT}/responses`, { recursive: true, force: true });
			return userAllows();
		});
		const parent = makeParent({ agentDir: dir, sessionId: PARENT, terminal });
		parent.loop.start();
		const decision = await makeChild({ agentDir: dir, sessionId: "c1", target }).authorizer.authorize(askDetails());
		await parent.loop.stop();
		expect(decision.verdict).toBe("allow");
		expect(await filesUnder(dir)).toEqual([]);
	});

	it("fails closed and reports it when the disk refuses the response", async () => {
		const log = new MemoryLog();
		const { terminal } = scriptedTerminal(userAllows);
		const parent = makeParent({
			agentDir: dir,
			sessionId: PARENT,
			terminal,
			log,
			fs: new RefusingFileSystem("/responses/"),
		});
		parent.loop.start();
		const decision = await makeChild({ agentDir: dir, sessionId: "c1", target, timeoutMs: 200 }).authorizer.authorize(
			askDetails(),
		);
		await parent.loop.stop();
		expect(decision).toMatchObject({ verdict: "deny", unavailable: true });
		expect(String(log.named("permission_forwarding.error")[0]?.reason)).toMatch(/ENOSPC/);
	});

	it("reports unavailable with the path when the disk refuses the request", async () => {
		const fs: ForwardingFileSystem = new RefusingFileSystem("/requests/");
		const decision = await makeChild({ agentDir: dir, sessionId: "c1", target, fs }).authorizer.authorize(
			askDetails({ requestId: "r9" }),
		);
		expect(decision).toMatchObject({ verdict: "deny", unavailable: true });
		expect(decision.verdict === "deny" && decision.reason).toMatch(
			/cannot write the request: cannot write `.*requests\/perm-[0-9a-f]{32}\.json`: ENOSPC/,
		);
		expect(await filesUnder(dir)).toEqual([]);
	});

	it("reports unavailable when there is no target at all", async () => {
		const decision = await makeChild({ agentDir: dir, sessionId: "c1", target: null }).authorizer.authorize(
			askDetails(),
		);
		expect(decision).toMatchObject({ verdict: "deny", unavailable: true });
		expect(decision.verdict === "deny" && decision.reason).toMatch(/PI_SUBAGENT_PARENT_SESSION/);
	});
});
