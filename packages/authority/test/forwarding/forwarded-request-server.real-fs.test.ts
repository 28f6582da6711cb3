import { stat } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type PermissionCheck, type TerminalDecision, unavailableDecision } from "../../src/chain/authorizer";
import { SubagentRegistry } from "../../src/subagent/subagent-registry";
import { askDetails } from "../support/ask-details";
import { ASK, makeChild, makeParent, scriptedTerminal } from "../support/forwarding-harness";
import { MemoryLog } from "../support/memory-log";
import { REQUEST_ID_SHAPE } from "../support/request-id-shape";
import { filesUnder, makeTmpDir, removeTmpDir } from "../support/tmp-dir";

const PARENT = "parent-1";
const target = { sessionId: PARENT, source: "env" } as const;
const userAllows = () => ({ verdict: "allow", scope: "once", decidedBy: { kind: "user", via: "dialog" } }) as const;

let dir = "";
beforeEach(async () => {
	dir = await makeTmpDir();
});
afterEach(async () => {
	await removeTmpDir(dir);
});

describe("ForwardedRequestServer over real files", () => {
	it("approves from the parent's allow rule without asking anyone, and says which rule decided", async () => {
		const { terminal, asked } = scriptedTerminal(userAllows);
		const parent = makeParent({
			agentDir: dir,
			sessionId: PARENT,
			terminal,
			resolve: () => ({ state: "allow", matchedPattern: "git *", origin: "global" }),
		});
		parent.loop.start();
		const child = makeChild({ agentDir: dir, sessionId: "c1", target });
		const decision = await child.authorizer.authorize(askDetails({ requestId: "r-allow" }));
		await parent.loop.stop();
		expect(decision).toEqual({
			verdict: "allow",
			scope: "once",
			decidedBy: {
				kind: "forwarded",
				responderSessionId: PARENT,
				decision: { kind: "rule", surface: "bash", pattern: "git *", origin: "global" },
			},
		});
		expect(asked).toEqual([]);
		expect(parent.log.named("forwarded_permission.auto_approved")).toHaveLength(1);
		expect(await filesUnder(dir)).toEqual([]);
	});

	it("denies from the parent's deny rule with its reason, even under yolo, and names yolo when it granted", async () => {
		const { terminal, asked } = scriptedTerminal(userAllows);
		const parent = makeParent({
			agentDir: dir,
			sessionId: PARENT,
			terminal,
			resolve: (facts) =>
				facts.matchValues[0] === "npm i"
					? { state: "deny", matchedPattern: "npm *", origin: "global", reason: "Use pnpm instead" }
					: { state: "allow", matchedPattern: "*", origin: "yolo" },
		});
		parent.loop.start();
		const child = makeChild({ agentDir: dir, sessionId: "c1", target });
		const denied = await child.authorizer.authorize(
			askDetails({ access: { surface: "bash", matchValues: ["npm i"], boundaryValue: null } }),
		);
		const yolo = await child.authorizer.authorize(askDetails({ requestId: "r2" }));
		await parent.loop.stop();
		expect(denied).toMatchObject({ verdict: "deny", reason: "Use pnpm instead", unavailable: false });
		expect(yolo).toMatchObject({ verdict: "allow", decidedBy: { decision: { kind: "yolo", pattern: "*" } } });
		expect(asked).toEqual([]);
	});

	it("never lets the parent's rules settle an ask a floor raised: floored facts travel as no facts", async () => {
		const { terminal, asked } = scriptedTerminal(userAllows);
		const parent = makeParent({
			agentDir: dir,
			sessionId: PARENT,
			terminal,
			resolve: () => ({ state: "allow", matchedPattern: "*", origin: "global" }),
		});
		parent.loop.start();
		const child = makeChild({ agentDir: dir, sessionId: "c1", target });
		const access = { surface: "bash", matchValues: ["sudo rm -rf /"], boundaryValue: null, floored: true };
		const decision = await child.authorizer.authorize(askDetails({ requestId: "r-floor", access }));
		await parent.loop.stop();
		expect(parent.resolveCalls).toEqual([]);
		expect(asked).toHaveLength(1);
		expect(asked[0]?.access).toBeNull();
		expect(decision).toMatchObject({ verdict: "allow", decidedBy: { kind: "forwarded", decision: { kind: "user" } } });
	});

	it("escalates an ask with the child's payload and facts, resolved under the requester's agent, and never the cwd", async () => {
		const { terminal, asked } = scriptedTerminal(() => ({
			verdict: "deny",
			reason: "not now",
			unavailable: false,
			decidedBy: { kind: "user", via: "dialog" },
		}));
		const parent = makeParent({ agentDir: dir, sessionId: PARENT, terminal });
		parent.loop.start();
		const child = makeChild({ agentDir: dir, sessionId: "c1", agentName: "scout", target });
		const decision = await child.authorizer.authorize(askDetails());
		await parent.loop.stop();
		expect(decision).toMatchObject({
			verdict: "deny",
			reason: "not now",
			unavailable: false,
			decidedBy: { kind: "forwarded", decision: { kind: "user" } },
		});
		expect(parent.resolveCalls).toEqual([{ surface: "bash", agentName: "scout" }]);
		const seen = asked[0];
		expect(seen?.access).toEqual({ surface: "bash", matchValues: ["git push"], boundaryValue: null });
		expect(seen?.forwarding).toEqual({ requesterAgentName: "scout", requesterSessionId: "c1" });
		expect(seen?.payload.kind).toBe("forwarded");
		expect(seen?.payload.request.value).toBe("git push");
		expect(seen?.payload.request.requester).toEqual({ agentName: "scout", sessionId: "c1", subagent: true });
		expect(seen?.payload.kind === "forwarded" && seen.payload.child).toEqual(askDetails().payload);
		expect(JSON.stringify(seen)).not.toContain("/work/child");
	});

	it("escalates a request without access facts instead of resolving it", async () => {
		const { terminal, asked } = scriptedTerminal(userAllows);
		const parent = makeParent({
			agentDir: dir,
			sessionId: PARENT,
			terminal,
			resolve: () => ({ state: "allow", matchedPattern: "*", origin: "yolo" }),
		});
		parent.loop.start();
		const child = makeChild({ agentDir: dir, sessionId: "c1", target });
		await child.authorizer.authorize(askDetails({ access: null }));
		await parent.loop.stop();
		expect(parent.resolveCalls).toEqual([]);
		expect(asked).toHaveLength(1);
		expect(asked[0]?.access).toBeNull();
	});

	it("records a whole-serving-session grant on the parent and answers the child with a plain approval", async () => {
		const { terminal } = scriptedTerminal(() => ({
			verdict: "allow",
			scope: "serving-session",
			decidedBy: { kind: "user", via: "dialog" },
		}));
		const parent = makeParent({ agentDir: dir, sessionId: PARENT, terminal });
		parent.loop.start();
		const child = makeChild({ agentDir: dir, sessionId: "c1", target });
		const decision = await child.authorizer.authorize(askDetails());
		await parent.loop.stop();
		expect(decision).toMatchObject({ verdict: "allow", scope: "once" });
		const written = child.log.named("forwarded_permission.request_created")[0]?.requestId;
		expect(parent.sessionGrants.map((request) => request.id)).toEqual([written]);
	});

	it("hands a this-subagent grant back to the child as a session scope", async () => {
		const { terminal } = scriptedTerminal(() => ({
			verdict: "allow",
			scope: "requester-session",
			decidedBy: { kind: "user", via: "select" },
		}));
		const parent = makeParent({ agentDir: dir, sessionId: PARENT, terminal });
		parent.loop.start();
		const decision = await makeChild({ agentDir: dir, sessionId: "c1", target }).authorizer.authorize(askDetails());
		await parent.loop.stop();
		expect(decision).toMatchObject({ verdict: "allow", scope: "requester-session" });
		expect(parent.sessionGrants).toEqual([]);
	});

	it("relays a parent's own unavailability as unavailable, never as a user denial", async () => {
		const { terminal } = scriptedTerminal(() => unavailableDecision("no UI"));
		const parent = makeParent({ agentDir: dir, sessionId: PARENT, terminal });
		parent.loop.start();
		const decision = await makeChild({ agentDir: dir, sessionId: "c1", target }).authorizer.authorize(askDetails());
		await parent.loop.stop();
		expect(decision).toMatchObject({
			verdict: "deny",
			unavailable: true,
			decidedBy: { kind: "forwarded", decision: { kind: "unavailable" } },
		});
	});

	// ADR 0046: the ask's own id (a counter, a tool-call id, a hostile string) never names a request file.
	it.each(["../../escape", "req-1", "perm-0f1e-1", "call_1"])(
		"names the request for ask id `%s` by 128 fresh random bits, never by the ask's id",
		async (askId) => {
			const { terminal, asked } = scriptedTerminal(userAllows);
			const parent = makeParent({ agentDir: dir, sessionId: PARENT, terminal });
			parent.loop.start();
			await makeChild({ agentDir: dir, sessionId: "c1", target }).authorizer.authorize(
				askDetails({ requestId: askId }),
			);
			await parent.loop.stop();
			expect(asked[0]?.requestId).toMatch(REQUEST_ID_SHAPE);
			expect(asked[0]?.requestId).not.toContain(askId);
			expect(await filesUnder(dir)).toEqual([]);
		},
	);

	it("warns when the requester belongs to another parent (one-hop canary), and still serves", async () => {
		const subagents = new SubagentRegistry({});
		subagents.childSessionCreated({ childSessionId: "c1", parentSessionId: "someone-else", agentName: null });
		const log = new MemoryLog();
		const { terminal } = scriptedTerminal(userAllows);
		const parent = makeParent({ agentDir: dir, sessionId: PARENT, terminal, subagents, log });
		parent.loop.start();
		const decision = await makeChild({ agentDir: dir, sessionId: "c1", target }).authorizer.authorize(askDetails());
		await parent.loop.stop();
		expect(decision.verdict).toBe("allow");
		expect(
			log.named("permission_forwarding.warning").some((fields) => String(fields.reason).startsWith("one-hop")),
		).toBe(true);
	});

	it("logs both sides of one ask under the same request id, and the child joins it to the ask's own id", async () => {
		const childLog = new MemoryLog();
		const parentLog = new MemoryLog();
		const { terminal } = scriptedTerminal(userAllows);
		const parent = makeParent({ agentDir: dir, sessionId: PARENT, terminal, log: parentLog });
		parent.loop.start();
		await makeChild({ agentDir: dir, sessionId: "c1", target, log: childLog }).authorizer.authorize(
			askDetails({ requestId: "r-77" }),
		);
		await parent.loop.stop();
		const created = childLog.named("forwarded_permission.request_created")[0];
		expect(created?.askId).toBe("r-77");
		const requestId = created?.requestId;
		expect(requestId).toMatch(REQUEST_ID_SHAPE);
		expect(childLog.named("forwarded_permission.response_received")[0]?.requestId).toBe(requestId);
		expect(parentLog.named("forwarded_permission.prompted")[0]?.requestId).toBe(requestId);
		expect(parentLog.named("forwarded_permission.responded")[0]?.requestId).toBe(requestId);
	});
});

describe("requesters that are gone", () => {
	it("drops the ask of a requester process that has died, without asking anyone or answering", async () => {
		const { terminal, asked } = scriptedTerminal(userAllows);
		const log = new MemoryLog();
		const parent = makeParent({ agentDir: dir, sessionId: PARENT, terminal, log, isPidAlive: (pid) => pid !== 4444 });
		const inbox = parent.layout.inbox(PARENT);
		await parent.store.ensurePrivateDirectories(parent.layout.inboxDirectories(PARENT));
		await parent.store.writeJsonAtomic(`${inbox.requests}/r1.json`, {
			id: "r1",
			createdAt: 1,
			requesterSessionId: "c1",
			targetSessionId: PARENT,
			requesterAgentName: null,
			requesterPid: 4444,
			payload: askDetails().payload,
			nonce: "0".repeat(32),
		});
		await parent.server.processInbox();
		expect(asked).toEqual([]);
		expect(log.named("permission_forwarding.warning")[0]?.reason).toMatch(/requester is gone/);
		expect(await filesUnder(dir)).toEqual([]);
	});

	it("closes an open prompt when the requester process dies while the human deliberates", async () => {
		let childAlive = true;
		let signal: AbortSignal | undefined;
		const { terminal, asked } = scriptedTerminal((details) => {
			signal = details.signal;
			return new Promise<TerminalDecision>(() => undefined);
		});
		const parent = makeParent({ agentDir: dir, sessionId: PARENT, terminal, isPidAlive: () => childAlive });
		parent.loop.start();
		const child = makeChild({ agentDir: dir, sessionId: "c1", target, pid: 5555, graceMs: 50, timeoutMs: 600_000 });
		const pending = child.authorizer.authorize(askDetails());
		await expect.poll(() => asked.length).toBe(1);
		childAlive = false;
		await expect.poll(() => signal?.aborted).toBe(true);
		await parent.loop.stop();
		expect(await pending).toMatchObject({ verdict: "deny", unavailable: true });
		expect(await filesUnder(dir)).toEqual([]);
	});
});

describe("forwarding file modes", () => {
	it("keeps requests, responses and heartbeats owner-only (files 0600, directories 0700)", async () => {
		let release: (decision: TerminalDecision) => void = () => undefined;
		const { terminal, asked } = scriptedTerminal(() => new Promise<TerminalDecision>((resolve) => (release = resolve)));
		const parent = makeParent({ agentDir: dir, sessionId: PARENT, terminal });
		parent.loop.start();
		const child = makeChild({ agentDir: dir, sessionId: "c1", target });
		const pending = child.authorizer.authorize(askDetails());
		await expect.poll(() => asked.length).toBe(1);
		const modeOf = async (path: string) => (await stat(path)).mode & 0o777;
		const inbox = parent.layout.inbox(PARENT);
		expect(await modeOf(parent.layout.requestFile(PARENT, asked[0]?.requestId ?? ""))).toBe(0o600);
		expect(await modeOf(parent.layout.heartbeatFile(PARENT))).toBe(0o600);
		for (const path of [parent.layout.root, parent.layout.servingDir, inbox.dir, inbox.requests, inbox.responses]) {
			expect(await modeOf(path)).toBe(0o700);
		}
		release(userAllows());
		await pending;
		await parent.loop.stop();
	});
});

describe("ForwardedRequestServer when its own parts fail", () => {
	it("still approves once, and logs, when recording a whole-session grant throws", async () => {
		const log = new MemoryLog();
		const { terminal } = scriptedTerminal(() => ({
			verdict: "allow",
			scope: "serving-session",
			decidedBy: { kind: "user", via: "dialog" },
		}));
		const parent = makeParent({
			agentDir: dir,
			sessionId: PARENT,
			terminal,
			log,
			recordServingSessionGrant: () => {
				throw new Error("rules locked");
			},
		});
		parent.loop.start();
		const decision = await makeChild({ agentDir: dir, sessionId: "c1", target }).authorizer.authorize(askDetails());
		await parent.loop.stop();
		expect(decision).toMatchObject({ verdict: "allow", scope: "once" });
		expect(String(log.named("permission_forwarding.error")[0]?.reason)).toMatch(/rules locked/);
	});

	it("answers a deny and removes the request when serving it throws, so it is never asked again", async () => {
		const { terminal, asked } = scriptedTerminal(userAllows);
		const broken = {
			checkPermission: () => ASK,
			// A broken engine: its answer throws when read, outside the query call itself.
			resolveForwarded: () =>
				Object.defineProperty({ matchedPattern: null, origin: null }, "state", {
					get: () => {
						throw new Error("engine bug");
					},
				}) as PermissionCheck,
		};
		const parent = makeParent({ agentDir: dir, sessionId: PARENT, terminal, query: broken });
		parent.loop.start();
		const decision = await makeChild({ agentDir: dir, sessionId: "c1", target }).authorizer.authorize(askDetails());
		await parent.loop.stop();
		expect(decision).toMatchObject({
			verdict: "deny",
			decidedBy: { kind: "forwarded", decision: { kind: "gate_error" } },
		});
		expect(String(parent.log.named("forwarded_permission.rejected")[0]?.reason)).toMatch(/engine bug/);
		expect(asked).toEqual([]);
	});

	it("never lets a response left over under the requester's id answer a new ask", async () => {
		const { terminal } = scriptedTerminal(() => ({
			verdict: "deny",
			reason: null,
			unavailable: false,
			decidedBy: { kind: "user", via: "dialog" },
		}));
		const parent = makeParent({ agentDir: dir, sessionId: PARENT, terminal });
		const stale = {
			approved: true,
			state: "approved",
			responderSessionId: PARENT,
			decidedBy: { kind: "user", via: "dialog" },
		};
		await parent.store.ensurePrivateDirectories(parent.layout.inboxDirectories(PARENT));
		await parent.store.writeJsonAtomic(parent.layout.responseFile(PARENT, "req-1"), stale);
		parent.loop.start();
		const child = makeChild({ agentDir: dir, sessionId: "c1", target });
		const decision = await child.authorizer.authorize(askDetails({ requestId: "req-1" }));
		await parent.loop.stop();
		expect(decision.verdict).toBe("deny");
	});

	it("gives two open asks with the same id in one child distinct request files", async () => {
		const { terminal, asked } = scriptedTerminal(userAllows);
		const parent = makeParent({ agentDir: dir, sessionId: PARENT, terminal });
		parent.loop.start();
		const child = makeChild({ agentDir: dir, sessionId: "c1", target });
		const decisions = await Promise.all([
			child.authorizer.authorize(askDetails()),
			child.authorizer.authorize(askDetails()),
		]);
		await parent.loop.stop();
		expect(decisions.map((decision) => decision.verdict)).toEqual(["allow", "allow"]);
		const ids = asked.map((details) => details.requestId);
		expect(new Set(ids).size).toBe(2);
		for (const id of ids) expect(id).toMatch(REQUEST_ID_SHAPE);
	});
});
