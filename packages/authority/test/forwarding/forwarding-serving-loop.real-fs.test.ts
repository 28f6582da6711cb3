import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TerminalDecision } from "../../src/chain/authorizer";
import { NodeForwardingFileSystem } from "../../src/forwarding/node-forwarding-file-system";
import { ServingRegistry } from "../../src/liveness/serving-registry";
import { askDetails } from "../support/ask-details";
import { makeChild, makeParent, scriptedTerminal } from "../support/forwarding-harness";
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

describe("ForwardingServingLoop", () => {
	it("keeps its heartbeat fresh while a human deliberates, and stops within its bound without answering", async () => {
		const registry = new ServingRegistry({});
		const { terminal, asked } = scriptedTerminal(() => new Promise<TerminalDecision>(() => undefined));
		const parent = makeParent({
			agentDir: dir,
			sessionId: PARENT,
			terminal,
			servingRegistry: registry,
			heartbeatRefreshMs: 1,
		});
		parent.loop.start();
		expect(registry.isServing(PARENT)).toBe(true);
		const child = makeChild({ agentDir: dir, sessionId: "c1", target, graceMs: 100, timeoutMs: 600_000 });
		const pending = child.authorizer.authorize(askDetails());
		await expect.poll(() => asked.length).toBe(1);
		const first = (await parent.heartbeats.read(PARENT))?.updatedAt ?? 0;
		await expect.poll(async () => (await parent.heartbeats.read(PARENT))?.updatedAt ?? 0).toBeGreaterThan(first);
		await parent.loop.stop();
		expect(registry.isServing(PARENT)).toBe(false);
		const decision = await pending;
		expect(decision).toMatchObject({ verdict: "deny", unavailable: true });
		expect(await filesUnder(dir)).toEqual([]);
	});

	it("cleans up requests/ before responses/ when it stops", async () => {
		const removed: string[] = [];
		class RecordingFileSystem extends NodeForwardingFileSystem {
			override async removeTree(path: string): Promise<void> {
				removed.push(path.slice(dir.length));
				await super.removeTree(path);
			}
		}
		const { terminal } = scriptedTerminal(() => ({
			verdict: "allow",
			scope: "once",
			decidedBy: { kind: "user", via: "dialog" },
		}));
		const parent = makeParent({ agentDir: dir, sessionId: PARENT, terminal, fs: new RecordingFileSystem() });
		parent.loop.start();
		await parent.loop.stop();
		const inbox = "/sessions/permission-forwarding/sessions/parent-1";
		expect(removed).toEqual([`${inbox}/requests`, `${inbox}/responses`, inbox]);
	});

	it("stops idempotently and only once cleans up", async () => {
		const { terminal } = scriptedTerminal(() => ({
			verdict: "allow",
			scope: "once",
			decidedBy: { kind: "user", via: "dialog" },
		}));
		const parent = makeParent({ agentDir: dir, sessionId: PARENT, terminal });
		parent.loop.start();
		parent.loop.start();
		await parent.loop.stop();
		await parent.loop.stop();
		expect(parent.log.named("forwarded_permission.serving_started")).toHaveLength(1);
		expect(parent.log.named("forwarded_permission.serving_stopped")).toHaveLength(1);
		expect(await filesUnder(dir)).toEqual([]);
	});
});
