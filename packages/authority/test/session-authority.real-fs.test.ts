import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AskDetails, GrantScope } from "../src/chain/authorizer";
import { AuthorizerRegistry } from "../src/chain/authorizer-registry";
import type { UserAnswer } from "../src/chain/local-user-authorizer";
import { systemClock } from "../src/clock";
import { NodeForwardingFileSystem } from "../src/forwarding/node-forwarding-file-system";
import { SessionAuthority, type SessionAuthorityOptions } from "../src/session-authority";
import { SubagentRegistry } from "../src/subagent/subagent-registry";
import { askDetails } from "./support/ask-details";
import { ASK } from "./support/forwarding-harness";
import { MemoryLog } from "./support/memory-log";
import { filesUnder, makeTmpDir, removeTmpDir } from "./support/tmp-dir";

let dir = "";
let host: object = {};
beforeEach(async () => {
	dir = await makeTmpDir();
	host = {};
});
afterEach(async () => {
	await removeTmpDir(dir);
});

function session(
	overrides: Partial<SessionAuthorityOptions["session"]> & {
		env?: Record<string, string>;
		authorizers?: AuthorizerRegistry;
		chain?: string[];
		/** Another process's registries and key (a fresh object); this test's shared host by default. */
		globalHost?: object;
		setEnv?: (name: string, value: string) => void;
	},
	answer: (details: AskDetails, scopes: readonly GrantScope[]) => UserAnswer = () => ({
		answer: "allow",
		scope: "once",
		via: "dialog",
	}),
) {
	const asked: AskDetails[] = [];
	const log = new MemoryLog();
	const authority = SessionAuthority.create({
		session: { sessionId: "root", hasUI: false, agentName: null, cwd: "/w", sessionDir: null, ...overrides },
		agentDir: dir,
		env: overrides.env ?? {},
		userPrompt: {
			ask: async (details, scopes) => {
				asked.push(details);
				return answer(details, scopes);
			},
		},
		query: { checkPermission: () => ASK, resolveForwarded: () => ASK },
		authorizers: overrides.authorizers ?? new AuthorizerRegistry(),
		chainConfig: () => overrides.chain ?? [],
		recordServingSessionGrant: () => undefined,
		io: {
			fs: new NodeForwardingFileSystem(),
			clock: systemClock,
			pid: process.pid,
			isPidAlive: () => true,
			globalHost: overrides.globalHost ?? host,
			...(overrides.setEnv === undefined ? {} : { setEnv: overrides.setEnv }),
		},
		log,
		timing: { pollIntervalMs: 5, servingGraceMs: 500, forwardingTimeoutMs: 20_000, heartbeatRefreshMs: 20 },
	});
	return { authority, asked, log };
}

describe("SessionAuthority", () => {
	it("routes a process-based subagent's ask to the UI root, whose chain and user decide", async () => {
		const rootLinks = new AuthorizerRegistry();
		rootLinks.register("judge", { authorize: async () => ({ verdict: "deny", reason: "judge says no" }) });
		const childLinks = new AuthorizerRegistry();
		childLinks.register("judge", { authorize: async () => ({ verdict: "allow" }) });
		const root = session({ sessionId: "root", hasUI: true, authorizers: rootLinks, chain: ["judge"] });
		const child = session({
			sessionId: "kid",
			env: { PI_SUBAGENT_PARENT_SESSION: "root" },
			authorizers: childLinks,
			chain: ["judge"],
		});
		expect(root.authority.serves).toBe(true);
		expect(child.authority.selected.kind).toBe("parent");
		expect(child.authority.target).toEqual({ sessionId: "root", source: "env" });
		await root.authority.start();
		const decision = await child.authority.escalate(askDetails());
		await root.authority.stop();
		expect(decision).toMatchObject({
			verdict: "deny",
			reason: "judge says no",
			decidedBy: { kind: "forwarded", responderSessionId: "root", decision: { kind: "authorizer", name: "judge" } },
		});
		expect(child.log.named("authorizer_chain_delegated")).toHaveLength(1);
		expect(root.log.named("authorizer_chain_resolved")[0]?.links).toEqual(["judge"]);
		expect(await filesUnder(dir)).toEqual([]);
	});

	it("routes an in-process child, registered by lifecycle call, to its parent through the shared registries", async () => {
		const root = session({ sessionId: "root", hasUI: true }, (_details, scopes) => ({
			answer: "allow",
			scope: scopes.includes("serving-session") ? "requester-session" : "once",
			via: "select",
		}));
		new SubagentRegistry(host).childSessionCreated({
			childSessionId: "kid",
			parentSessionId: "root",
			agentName: "scout",
		});
		const child = session({ sessionId: "kid", agentName: "scout" });
		expect(child.authority.isSubagent).toBe(true);
		expect(child.authority.target).toEqual({ sessionId: "root", source: "registry" });
		await root.authority.start();
		const decision = await child.authority.escalate(askDetails());
		await root.authority.stop();
		expect(decision).toMatchObject({ verdict: "allow", scope: "requester-session" });
		expect(root.asked[0]?.forwarding).toEqual({ requesterAgentName: "scout", requesterSessionId: "kid" });
	});

	it("names an in-process child by the agent its spawner announced when the child knows none itself", async () => {
		const root = session({ sessionId: "root", hasUI: true });
		new SubagentRegistry(host).childSessionCreated({
			childSessionId: "kid",
			parentSessionId: "root",
			agentName: "scout",
		});
		const child = session({ sessionId: "kid", agentName: null });
		await root.authority.start();
		await child.authority.escalate(askDetails());
		await root.authority.stop();
		expect(root.asked[0]?.forwarding).toEqual({ requesterAgentName: "scout", requesterSessionId: "kid" });
	});

	it("denies as unavailable in a headless session that is not a subagent, and serves nothing", async () => {
		const headless = session({ sessionId: "solo" });
		expect(headless.authority.serves).toBe(false);
		await headless.authority.start();
		expect(await headless.authority.escalate(askDetails())).toMatchObject({ verdict: "deny", unavailable: true });
		await headless.authority.stop();
	});

	it("does not serve from a subagent that has UI, and asks its own user", async () => {
		const child = session({ sessionId: "kid", hasUI: true, env: { PI_SUBAGENT_PARENT_SESSION: "root" } });
		expect(child.authority.serves).toBe(false);
		expect(child.authority.selected.kind).toBe("local-user");
		expect((await child.authority.escalate(askDetails())).verdict).toBe("allow");
	});

	it("publishes the serving process's public key in its environment when serving starts, and nothing secret", async () => {
		const published: Record<string, string> = {};
		const root = session({ sessionId: "root", hasUI: true, setEnv: (name, value) => (published[name] = value) });
		expect(published).toEqual({});
		await root.authority.start();
		await root.authority.stop();
		expect(Object.keys(published)).toEqual(["PI_PERMISSIONS_PARENT_KEY"]);
		expect(published.PI_PERMISSIONS_PARENT_KEY).toMatch(/^[A-Za-z0-9+/]{59}=$/);
	});

	it("verifies a parent in another process through the key it inherited, and refuses one it cannot verify", async () => {
		const published: Record<string, string> = {};
		const root = session({ sessionId: "root", hasUI: true, setEnv: (name, value) => (published[name] = value) });
		await root.authority.start();
		const env = { PI_SUBAGENT_PARENT_SESSION: "root" };
		const inheriting = session({ sessionId: "kid", globalHost: {}, env: { ...env, ...published } });
		const keyless = session({ sessionId: "kid2", globalHost: {}, env });
		const verified = await inheriting.authority.escalate(askDetails());
		const refused = await keyless.authority.escalate(askDetails());
		await root.authority.stop();
		expect(verified).toMatchObject({ verdict: "allow", decidedBy: { kind: "forwarded", responderSessionId: "root" } });
		expect(inheriting.log.named("forwarded_permission.parent_key_missing")).toEqual([]);
		expect(refused).toMatchObject({ verdict: "deny", unavailable: true, decidedBy: { kind: "unavailable" } });
		expect(root.asked).toHaveLength(1);
		expect(keyless.log.named("forwarded_permission.parent_key_missing")).toEqual([
			{
				targetSessionId: "root",
				reason:
					"the parent session's answers cannot be verified: PI_PERMISSIONS_PARENT_KEY is not set (the spawner must start the subagent with its parent's environment)",
			},
		]);
		expect(await filesUnder(dir)).toEqual([]);
	});
});
